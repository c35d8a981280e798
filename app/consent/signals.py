"""What consent listens to: edits of the definition (the cached one is forgotten, and an
edited service asks everyone again) and changes of the newsletter consent."""

from typing import Any

from cookie_consent.models import Cookie, CookieGroup
from django.db.models.signals import post_delete, post_save, pre_save
from django.utils import timezone

from app.accounts.models import User
from app.accounts.signals import newsletter_changed
from app.consent.models import ConsentEvent, PurposeText, ServiceText
from app.consent.selectors import consent_definition_forget
from app.consent.services import consent_event_record


def _forget(**kwargs: Any) -> None:
    consent_definition_forget()


def _service_edited(sender: type[Cookie], instance: Cookie, **kwargs: Any) -> None:
    # The library versions a purpose by its newest service's creation time: an edited
    # service counts as new, so everyone is asked again.
    if instance.pk and not kwargs.get("raw"):
        instance.created = timezone.now()


def _service_text_saved(sender: type[ServiceText], instance: ServiceText, **kwargs: Any) -> None:
    if kwargs.get("raw"):
        return
    # QuerySet.update of the library's models also empties the library's own cache.
    Cookie.objects.filter(pk=instance.cookie_id).update(created=timezone.now())
    consent_definition_forget()


def _newsletter_changed(sender: type[User], user: User, subscribed: bool, **kwargs: Any) -> None:
    action = (
        ConsentEvent.Action.NEWSLETTER_GIVEN
        if subscribed
        else ConsentEvent.Action.NEWSLETTER_WITHDRAWN
    )
    consent_event_record(action=action, user=user, session_key=None, services=[])


def connect() -> None:
    pre_save.connect(_service_edited, sender=Cookie, dispatch_uid="consent-service-edited")
    post_save.connect(_service_text_saved, sender=ServiceText, dispatch_uid="consent-text-saved")
    for model in (Cookie, CookieGroup, PurposeText, ServiceText):
        name = model.__name__
        post_save.connect(_forget, sender=model, dispatch_uid=f"consent-forget-saved-{name}")
        post_delete.connect(_forget, sender=model, dispatch_uid=f"consent-forget-deleted-{name}")
    newsletter_changed.connect(_newsletter_changed, dispatch_uid="consent-newsletter")
