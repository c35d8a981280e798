"""The consent notice's shared prop and the consent history's answer."""

from typing import TypedDict

from django.http import HttpRequest
from django.utils.translation import get_language

from app.consent.models import ConsentEvent
from app.consent.selectors import (
    Choice,
    Definition,
    consent_choice_get,
    consent_definition_get,
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
    purposes: list[ConsentPurposeProps]
    version: str


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
    """The `consent` prop every page shares: one cache read and the request's cookie."""
    language = get_language()
    definition = consent_definition_get()
    choice = consent_choice_get(request=request, language=language)
    active = consent_in_use(definition)
    return {
        "active": active,
        "ask": choice is None and active,
        "choice": choice_props(choice),
        "purposes": purposes_props(definition, language),
        "version": definition.version,
    }


def consent_event_props(event: ConsentEvent) -> ConsentEventProps:
    return {
        "action": event.action,
        "action_label": str(event.get_action_display()),
        "services": list(event.services),
        "created_at": event.created_at.isoformat(),
    }
