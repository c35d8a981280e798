"""What consent listens to: edits of the definition (the cached one is forgotten) and
changes of the newsletter consent.

Who is asked again follows django-cookie-consent's versioning: a purpose's version is the
creation time of its newest service, so adding a service asks everyone again, and editing
a service's texts does not. The library has no way to re-ask for an edited service, and
its `created` is not ours to rewrite: to ask again after a service changed what it does,
add it anew (ARCHITECTURE.md, "Consent")."""

from typing import Any

from cookie_consent.models import Cookie, CookieGroup
from django.db.models.signals import post_delete, post_save

from app.accounts.models import User
from app.accounts.signals import newsletter_changed
from app.consent.models import ConsentEvent, PurposeText, ServiceText
from app.consent.selectors import consent_definition_forget
from app.consent.services import consent_event_record


def _forget(**kwargs: Any) -> None:
    consent_definition_forget()


def _newsletter_changed(sender: type[User], user: User, subscribed: bool, **kwargs: Any) -> None:
    action = (
        ConsentEvent.Action.NEWSLETTER_GIVEN
        if subscribed
        else ConsentEvent.Action.NEWSLETTER_WITHDRAWN
    )
    consent_event_record(action=action, user=user, session_key=None, services=[])


def connect() -> None:
    for model in (Cookie, CookieGroup, PurposeText, ServiceText):
        name = model.__name__
        post_save.connect(_forget, sender=model, dispatch_uid=f"consent-forget-saved-{name}")
        post_delete.connect(_forget, sender=model, dispatch_uid=f"consent-forget-deleted-{name}")
    newsletter_changed.connect(_newsletter_changed, dispatch_uid="consent-newsletter")
