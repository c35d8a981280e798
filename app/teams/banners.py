"""The learner's info banner about a team invitation waiting in their mailbox."""

from django.utils.translation import gettext as _

from app.accounts.models import User
from app.accounts.selectors import email_is_verified
from app.shell.banners import banner_valid_until
from app.shell.props import InfoBanner
from app.teams.selectors import invitation_find_open


def info_banners(user: User) -> list[InfoBanner]:
    invitation = invitation_find_open(email=user.email)
    # Anyone can register someone else's address: its invitations show only once the
    # account proved it receives that address's mail (the verification or invitation link).
    if invitation is None or not email_is_verified(user=user):
        return []
    banner_valid_until(invitation.expires_at)
    # Only the e-mailed link accepts it: that proves the address belongs to this learner.
    message = _(
        "Masz zaproszenie do zespołu „%(team)s”. Przyjmiesz je linkiem z wiadomości "
        "wysłanej na adres %(email)s."
    ) % {"team": invitation.team.name, "email": user.email}
    return [{"key": f"team-invitation-{invitation.pk}", "level": "info", "message": message}]
