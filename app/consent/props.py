"""The consent notice's shared prop and the consent history's answer."""

from typing import TypedDict

from django.http import HttpRequest

from app.accounts.models import User
from app.consent.cookies import request_choice
from app.consent.models import ConsentEvent
from app.consent.selectors import (
    Choice,
    Definition,
    consent_definition_get,
    consent_event_list,
    consent_in_use,
)
from app.core.typegen import ts_export


@ts_export
class ConsentServiceProps(TypedDict):
    name: str
    label: str
    description: str
    required: bool


@ts_export
class ConsentPurposeProps(TypedDict):
    varname: str
    name: str
    description: str
    required: bool
    services: list[ConsentServiceProps]


@ts_export
class ConsentChoiceProps(TypedDict):
    purposes: dict[str, bool]
    services: list[str]


@ts_export
class ConsentProps(TypedDict):
    # A service that needs consent runs here (the notice then reports its events).
    active: bool
    # Open the notice by itself: no valid choice yet, and a service that needs one in use.
    ask: bool
    # The current valid choice, None when there is none (only required services run).
    choice: ConsentChoiceProps | None


@ts_export
class ConsentDefinitionProps(TypedDict):
    purposes: list[ConsentPurposeProps]


@ts_export
class ConsentEventProps(TypedDict):
    action: str
    action_label: str
    services: list[str]
    created_at: str


@ts_export
class NewsletterProps(TypedDict):
    subscribed: bool
    consented_at: str | None


@ts_export
class ConsentHistoryProps(TypedDict):
    events: list[ConsentEventProps]
    newsletter: NewsletterProps


@ts_export
class ConsentSavedProps(TypedDict):
    choice: ConsentChoiceProps | None


def choice_props(choice: Choice | None) -> ConsentChoiceProps | None:
    if choice is None:
        return None
    return {"purposes": dict(choice.purposes), "services": list(choice.services)}


def purposes_props(definition: Definition, language: str) -> list[ConsentPurposeProps]:
    english = language == "en"
    purposes: list[ConsentPurposeProps] = []
    for purpose in definition.purposes:
        services = purpose.services_in(language)
        if not services:
            continue
        purposes.append(
            {
                "varname": purpose.varname,
                "name": purpose.name_en if english else purpose.name_pl,
                "description": purpose.description_en if english else purpose.description_pl,
                "required": purpose.required,
                "services": [
                    {
                        "name": service.name,
                        "label": service.label_en if english else service.label_pl,
                        "description": service.description_en
                        if english
                        else service.description_pl,
                        "required": service.required,
                    }
                    for service in services
                ],
            }
        )
    return purposes


def consent_props(request: HttpRequest) -> ConsentProps:
    """The `consent` prop every page shares. A visitor without a consent cookie on a site
    where nothing needs consent costs nothing; otherwise one cache read. The purposes and
    services are fetched by the notice when it opens (`definition_props`)."""
    choice = request_choice(request)
    active = consent_in_use()
    return {"active": active, "ask": choice is None and active, "choice": choice_props(choice)}


def definition_props(language: str) -> ConsentDefinitionProps:
    return {"purposes": purposes_props(consent_definition_get(), language)}


def consent_event_props(event: ConsentEvent) -> ConsentEventProps:
    return {
        "action": event.action,
        "action_label": str(event.get_action_display()),
        "services": list(event.services),
        "created_at": event.created_at.isoformat(),
    }


def consent_history_props(user: User) -> ConsentHistoryProps:
    """The learner's own consent history and newsletter consent, for the profile page."""
    return {
        "events": [consent_event_props(event) for event in consent_event_list(user=user)],
        "newsletter": {
            "subscribed": user.newsletter,
            "consented_at": user.newsletter_consented_at.isoformat()
            if user.newsletter and user.newsletter_consented_at
            else None,
        },
    }
