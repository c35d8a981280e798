"""Reads of consent: the definition (purposes and services, cached), the visitor's choice
as the consent cookie tells it, the consent history and the privacy policy."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from cookie_consent.models import CookieGroup
from django.conf import settings
from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone

from app.accounts.models import User
from app.consent.models import ConsentEvent
from app.core.versioned_cache import shared_generation, shared_generation_bump, versioned_cached
from app.shell.models import SitePage

DEFINITION_CACHE_KEY = "consent:definition"
DEFINITION_GENERATION = "consent"
# The consent cookie's key holding the accepted services of the accepted purposes; absent
# when every service of an accepted purpose is accepted (as the library itself writes it).
SERVICES_KEY = "services"
SERVICES_SEP = "+"
PRIVACY_POLICY_SLUG = "polityka-prywatnosci"
# A version from the future cannot come from this server: the cookie was tampered with.
_CLOCK_SKEW = timedelta(minutes=5)


@dataclass(frozen=True)
class Service:
    name: str
    purpose: str
    required: bool
    label_pl: str
    label_en: str
    description_pl: str
    description_en: str
    only_language: str
    version: str

    def shown_in(self, language: str) -> bool:
        return not self.only_language or self.only_language == language


@dataclass(frozen=True)
class Purpose:
    varname: str
    required: bool
    name_pl: str
    name_en: str
    description_pl: str
    description_en: str
    services: tuple[Service, ...] = field(default=())

    @property
    def version(self) -> str:
        """The library's version of a cookie group: its most recently created cookie."""
        return max((service.version for service in self.services), default="")

    def services_in(self, language: str) -> list[Service]:
        return [service for service in self.services if service.shown_in(language)]


@dataclass(frozen=True)
class Definition:
    purposes: tuple[Purpose, ...]

    @property
    def optional(self) -> list[Purpose]:
        return [purpose for purpose in self.purposes if not purpose.required]

    @property
    def version(self) -> str:
        """What the visitor agreed to: the newest service of an optional purpose (the
        library versions a service by when it was created), so it changes when a service
        is added; editing or removing one asks no one again."""
        return max((purpose.version for purpose in self.optional), default="")

    def service_names(self) -> set[str]:
        return {service.name for purpose in self.purposes for service in purpose.services}


@dataclass(frozen=True)
class Choice:
    """The visitor's valid, current choice: accepted purposes and services."""

    purposes: dict[str, bool]
    services: list[str]


def _definition_from_db() -> Definition:
    groups = CookieGroup.objects.select_related("text").prefetch_related("cookie_set__text")
    purposes = []
    for group in groups.order_by("ordering", "pk"):
        group_text = getattr(group, "text", None)
        services = []
        for cookie in sorted(group.cookie_set.all(), key=lambda cookie: cookie.pk):
            text = getattr(cookie, "text", None)
            services.append(
                Service(
                    name=cookie.name,
                    purpose=group.varname,
                    required=group.is_required,
                    label_pl=text.label_pl if text else cookie.name,
                    label_en=(text.label_en or text.label_pl) if text else cookie.name,
                    description_pl=cookie.description,
                    description_en=(text.description_en if text else "") or cookie.description,
                    only_language=text.only_language if text else "",
                    version=cookie.get_version(),
                )
            )
        purposes.append(
            Purpose(
                varname=group.varname,
                required=group.is_required,
                name_pl=group.name,
                name_en=(group_text.name_en if group_text else "") or group.name,
                description_pl=group.description,
                description_en=(group_text.description_en if group_text else "")
                or group.description,
                services=tuple(services),
            )
        )
    return Definition(purposes=tuple(purposes))


def consent_definition_get() -> Definition:
    """The purposes and their services; cached until an admin edits one (the "consent"
    generation)."""
    return versioned_cached(
        generations=(shared_generation(DEFINITION_GENERATION),),
        entry_key=DEFINITION_CACHE_KEY,
        build=_definition_from_db,
    )


def consent_definition_forget() -> None:
    """Every process reads the definition anew (with the change's transaction)."""
    shared_generation_bump(DEFINITION_GENERATION)


def _valid_version(value: str) -> bool:
    if value == settings.COOKIE_CONSENT_DECLINE:
        return True
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return False
    if when.tzinfo is None:
        return False
    return when <= timezone.now() + _CLOCK_SKEW


def consent_choice_get(*, cookie: Mapping[str, str], language: str) -> Choice | None:
    """The visitor's choice from the pairs of their consent cookie (as the library reads
    it: app/consent/cookies.py), or None when it must be asked for: no consent cookie, a
    malformed or tampered one, or a definition changed since (the library's versioning:
    a purpose counts as chosen while the version stored for it is not older than the
    purpose's newest service)."""
    # What the library does not check (a version that is no date, one from the future,
    # unknown names) is checked here.
    pairs = dict(cookie)
    if not pairs:
        return None
    definition = consent_definition_get()
    known = {purpose.varname for purpose in definition.optional} | {SERVICES_KEY}
    if not set(pairs) <= known:
        return None
    chosen_services: set[str] | None = None
    if SERVICES_KEY in pairs:
        listed = pairs.pop(SERVICES_KEY)
        chosen_services = set(listed.split(SERVICES_SEP)) if listed else set()
        if not chosen_services <= definition.service_names():
            return None
    purposes: dict[str, bool] = {}
    services: list[str] = []
    for purpose in definition.purposes:
        shown = purpose.services_in(language)
        if purpose.required:
            purposes[purpose.varname] = True
            services += [service.name for service in shown]
            continue
        stored = pairs.get(purpose.varname)
        if stored is None or not _valid_version(stored):
            return None
        if stored == settings.COOKIE_CONSENT_DECLINE:
            purposes[purpose.varname] = False
            continue
        if stored < purpose.version:
            return None
        accepted = [
            service.name
            for service in shown
            if chosen_services is None or service.name in chosen_services
        ]
        purposes[purpose.varname] = bool(accepted)
        services += accepted
    return Choice(purposes=purposes, services=services)


def consent_in_use() -> bool:
    """Whether a service that needs consent actually runs on this site (the tag manager or
    the session recorder is configured). Only then is a visitor without a choice asked at
    once, and the notice's events logged: otherwise nothing could need the consent, so
    nobody is interrupted (the footer's cookie settings still open the notice)."""
    return consent_configured() and bool(consent_definition_get().optional)


def consent_configured() -> bool:
    """Whether the tag manager or the session recorder is configured to run."""
    return bool(
        getattr(settings, "GTM_CONTAINER_ID", "") or getattr(settings, "OPENREPLAY_PROJECT_KEY", "")
    )


# The events that are a choice (the others only say the notice loaded or was shown).
CHOICE_ACTIONS = (
    ConsentEvent.Action.ACCEPT,
    ConsentEvent.Action.ACCEPT_ALL,
    ConsentEvent.Action.NEWSLETTER_GIVEN,
    ConsentEvent.Action.NEWSLETTER_WITHDRAWN,
)


def consent_event_list(
    *, user: User, actions: tuple[str, ...] | None = CHOICE_ACTIONS, limit: int | None = 50
) -> QuerySet[ConsentEvent]:
    """The user's own consent history, the newest first: the choices they made (every
    event with `actions=None`), at most `limit` (all with None)."""
    events = ConsentEvent.objects.filter(user=user).order_by("-created_at", "-id")
    if actions is not None:
        events = events.filter(action__in=actions)
    return events if limit is None else events[:limit]


def privacy_policy_get(*, language: str) -> str:
    """The body of the admin-editable privacy policy in `language` (plain text: blank
    lines separate paragraphs, "## " starts a heading); raises Http404 when it is gone."""
    page = SitePage.objects.filter(slug=PRIVACY_POLICY_SLUG).only("body_pl", "body_en").first()
    if page is None:
        raise Http404
    return page.body_en if language == "en" and page.body_en else page.body_pl
