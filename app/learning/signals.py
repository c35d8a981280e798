from django.dispatch import receiver

from app.accounts.signals import account_anonymised
from app.learning.models import Certificate, Favourite, Note


@receiver(account_anonymised)
def forget_the_learner(*, user, **kwargs) -> None:
    # Notes and favourites are the person's own; certificates stay as records of what was
    # completed, without the name they printed.
    Note.objects.filter(user=user).delete()
    Favourite.objects.filter(user=user).delete()
    Certificate.objects.filter(user=user).update(participant_name="")
