from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from app.accounts.cache import account_cache_bump
from app.accounts.models import User
from app.accounts.signals import account_anonymised
from app.teams.cache import teams_cache_bump
from app.teams.models import Invitation, Team


@receiver(account_anonymised)
def forget_the_member(*, user, old_email, placeholder_email, **kwargs) -> None:
    # Invitations keep their history (who was invited when) without the address.
    invitations = Invitation.objects.filter(email=old_email)
    teams_cache_bump(team_ids=invitations.values_list("team_id", flat=True))
    invitations.update(email=placeholder_email)
    user.managed_teams.clear()


def _bump_accounts_of(emails: set[str]) -> None:
    for user_id in User.objects.filter(email__in=emails).values_list("pk", flat=True):
        account_cache_bump(user_id=user_id)


@receiver([post_save, post_delete], sender=Invitation)
def invitation_changed(*, instance: Invitation, **kwargs) -> None:
    # The invited account's banner is cached with its shell: sent, resent, revoked or
    # accepted, the invitation shows anew.
    _bump_accounts_of({instance.email.lower()})


@receiver(post_save, sender=Team)
def team_changed(*, instance: Team, created: bool, **kwargs) -> None:
    # The banners of pending invitations name the team.
    if not created:
        _bump_accounts_of(
            set(
                instance.invitations.filter(
                    used_at__isnull=True, revoked_at__isnull=True
                ).values_list("email", flat=True)
            )
        )
