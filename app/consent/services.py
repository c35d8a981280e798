"""Writes of consent: the visitor's choice (written into django-cookie-consent's cookie by
the edge, app/consent/cookies.py) and the consent log (ConsentEvent, the one log of consent: the
library's own log is switched off, COOKIE_CONSENT_LOG_ENABLED)."""

from collections.abc import Collection
from dataclasses import dataclass

from cookie_consent.cache import all_cookie_groups
from cookie_consent.conf import settings as consent_settings
from cookie_consent.models import CookieGroup
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from app.accounts.models import User
from app.consent.models import ConsentEvent
from app.consent.selectors import (
    SERVICES_KEY,
    SERVICES_SEP,
    Choice,
    consent_definition_get,
)
from app.core.errors import ApplicationError

LOGGED_ACTIONS = frozenset(
    {
        ConsentEvent.Action.SCRIPT_INITIALIZATION,
        ConsentEvent.Action.ACCEPT,
        ConsentEvent.Action.ACCEPT_ALL,
        ConsentEvent.Action.SHOW_POPUP,
        ConsentEvent.Action.FORCE_SHOW_POPUP,
    }
)


def session_key_hash(session_key: str | None) -> str:
    """A keyed hash of the session key: events of one visit can be told apart and grouped,
    but the log never holds a key that would open the session."""
    if not session_key:
        return ""
    return salted_hmac("consent.session", session_key, algorithm="sha256").hexdigest()


def consent_event_record(
    *,
    action: str,
    user: User | None,
    session_key: str | None,
    services: Collection[str],
    version: str | None = None,
) -> ConsentEvent:
    """Store one event of the consent log; raises ApplicationError (400, "bad_action")
    for an action that is not one of ConsentEvent.Action."""
    if action not in ConsentEvent.Action.values:
        message = _("Nieznane zdarzenie zgody.")
        raise ApplicationError(message, code="bad_action", status=400, fields={"action": message})
    return ConsentEvent.objects.create(
        action=action,
        user=user if user is not None and user.pk else None,
        session_hash=session_key_hash(session_key),
        version=consent_definition_get().version if version is None else version,
        services=sorted(services),
    )


def consent_event_log(
    *, action: str, user: User | None, session_key: str | None, choice: Choice | None
) -> ConsentEvent:
    """Log one event the consent notice reports (docs/behaviour.md#consent-log), by `user`
    when known, with the services of the visitor's current `choice`. The web's call and
    the app's API alike; raises ApplicationError (400 "invalid" with the message on
    `action` for an action the notice does not report)."""
    if action not in LOGGED_ACTIONS:
        message = _("Nieznane zdarzenie zgody.")
        raise ApplicationError(message, code="invalid", fields={"action": message})
    return consent_event_record(
        action=action,
        user=user,
        session_key=session_key,
        services=choice.services if choice else [],
    )


@dataclass(frozen=True)
class ChoiceMade:
    """A visitor's new choice: the purposes to accept at the library's version, those to
    decline, the pairs of the consent cookie that say so, and the choice as pages see it."""

    accept: list[CookieGroup]
    decline: list[CookieGroup]
    cookie: dict[str, str]
    choice: Choice


def consent_choice_make(*, language: str, services: Collection[str] | None) -> ChoiceMade:
    """The visitor's new choice: `services` are the accepted services (None: all of them).
    A purpose with at least one accepted service is accepted at the library's version of
    it, the others declined. Every purpose is chosen anew: nothing of an earlier (perhaps
    malformed) cookie is kept. Unknown names are ignored. The edge writes it into the
    consent cookie (app/consent/cookies.py)."""
    definition = consent_definition_get()
    groups = all_cookie_groups()
    accepted: list[str] = []
    accept: list[CookieGroup] = []
    decline: list[CookieGroup] = []
    for purpose in definition.optional:
        group = groups.get(purpose.varname)
        if group is None:
            continue
        chosen = [
            service.name
            for service in purpose.services_in(language)
            if services is None or service.name in services
        ]
        accepted += chosen
        (accept if chosen or services is None else decline).append(group)

    pairs = {group.varname: group.get_version() for group in accept}
    pairs |= {group.varname: consent_settings.COOKIE_CONSENT_DECLINE for group in decline}
    if services is not None:
        pairs[SERVICES_KEY] = SERVICES_SEP.join(sorted(accepted))

    purposes = {}
    all_services: list[str] = []
    for purpose in definition.purposes:
        names = [service.name for service in purpose.services_in(language)]
        if not purpose.required:
            names = [name for name in names if name in accepted]
        purposes[purpose.varname] = purpose.required or bool(names)
        all_services += names
    return ChoiceMade(
        accept=accept,
        decline=decline,
        cookie=pairs,
        choice=Choice(purposes=purposes, services=all_services),
    )
