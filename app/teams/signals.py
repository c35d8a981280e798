from django.dispatch import receiver

from app.accounts.signals import account_anonymised
from app.teams.models import Invitation


@receiver(account_anonymised)
def forget_the_member(*, user, old_email, placeholder_email, **kwargs) -> None:
    # Invitations keep their history (who was invited when) without the address.
    Invitation.objects.filter(email=old_email).update(email=placeholder_email)
    user.managed_teams.clear()
