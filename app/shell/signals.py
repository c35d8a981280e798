from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from app.accounts.cache import account_cache_bump
from app.accounts.signals import account_anonymised
from app.shell.models import Alert, Notification
from app.shell.selectors import active_alert_forget


@receiver([post_save, post_delete], sender=Alert)
def alert_changed(**kwargs) -> None:
    # Admins expect a saved alert to show (or vanish) at once, not after the cache expires.
    active_alert_forget()


@receiver([post_save, post_delete], sender=Notification)
def notification_changed(*, instance, **kwargs) -> None:
    # The bell's count is cached with the learner's shell.
    account_cache_bump(user_id=instance.user_id)


@receiver(account_anonymised)
def forget_the_notifications(*, user, **kwargs) -> None:
    Notification.objects.filter(user=user).delete()
