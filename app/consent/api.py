"""The consent notice's JSON calls: saving a choice, the consent log, the privacy policy,
the notice's purposes and services, and the learner's own consent history and newsletter
consent (app.api mounts the routers and gives them their callers' auth)."""

from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import get_language
from ninja import Form, Router, Schema, Status
from pydantic import Field, JsonValue, StrictBool, StrictStr

from app.accounts.services import newsletter_set
from app.consent import selectors, services
from app.consent.cookies import choice_write, request_choice
from app.consent.props import (
    ConsentDefinitionProps,
    ConsentHistoryProps,
    ConsentSavedProps,
    choice_props,
    consent_history_props,
    definition_props,
)
from app.consent.services import LOGGED_ACTIONS
from app.core.ratelimits import rate_limited
from app.core.requests import caller, caller_account
from app.core.schemas import Body, Text, refusals

# The pages' calls, any visitor (the session's account, if any).
web = Router(tags=["web"])
# The pages' calls of a logged-in account.
web_account = Router(tags=["web"])
# The app's calls under /api/public/ (the token's account, when one is sent).
public = Router(tags=["public"])

# The most services a purpose list could name: a bound on what a choice may carry.
SERVICES_MAX = 50


# The events the notice reports, as the document lists them.
LOGGED_ACTION_NAMES: list[JsonValue] = [str(action) for action in sorted(LOGGED_ACTIONS)]


class ConsentLogIn(Body):
    # Any other text is refused by the service with its own message, on this field.
    action: StrictStr = Field("", json_schema_extra={"enum": LOGGED_ACTION_NAMES})


@public.post(
    "consent_management_log",
    response={204: None, **refusals(400, 429)},
    operation_id="consent_log",
)
@web.post(
    "consent_management_log",
    response={204: None, **refusals(400, 429)},
    operation_id="web_consent_log",
)
@rate_limited("consent_log")
def log(request: HttpRequest, payload: Form[ConsentLogIn]) -> Status[None]:
    """One event of the consent notice, as form data (docs/behaviour.md#consent-log):
    script_initialization, accept, accept_all, show_popup or force_show_popup; logged
    with the account of the caller, when there is one."""
    session = getattr(request, "session", None)
    services.consent_event_log(
        action=payload.action,
        user=caller(request),
        session_key=session.session_key if session is not None else None,
        choice=request_choice(request),
    )
    return Status(204, None)


class PrivacyPolicyOut(Schema):
    body: str


@public.get(
    "page/get_privacy_policy",
    response={200: PrivacyPolicyOut, **refusals(404)},
    operation_id="privacy_policy",
)
@web.get(
    "page/get_privacy_policy",
    response={200: PrivacyPolicyOut, **refusals(404)},
    operation_id="web_privacy_policy",
)
def privacy_policy(request: HttpRequest) -> PrivacyPolicyOut:
    """The privacy policy's body in the request's language (docs/behaviour.md#privacy-policy):
    paragraphs split by blank lines, "## " starts a heading."""
    return PrivacyPolicyOut(body=selectors.privacy_policy_get(language=get_language()))


class ConsentChoiceIn(Body):
    # true: every service; else the names of the accepted ones (unknown names ignored).
    all: StrictBool = False
    services: list[Text] = Field(default_factory=list, max_length=SERVICES_MAX)


@web.post(
    "zgody",
    response={200: ConsentSavedProps, **refusals(400, 429)},
    operation_id="web_consent_save",
)
@rate_limited("consent_save")
def save(
    request: HttpRequest, response: HttpResponse, payload: ConsentChoiceIn
) -> ConsentSavedProps:
    """Save the visitor's choice in the consent cookie: {"all": true}, or {"services":
    [accepted names]}."""
    made = services.consent_choice_make(
        language=get_language(), services=None if payload.all else set(payload.services)
    )
    choice_write(request, response, made)
    return {"choice": choice_props(made.choice)}


@web.get(
    "zgody/uslugi", response={200: ConsentDefinitionProps}, operation_id="web_consent_definition"
)
def definition(request: HttpRequest) -> ConsentDefinitionProps:
    """The purposes and services in the request's language, for the notice's settings."""
    return definition_props(get_language())


@web_account.get(
    "zgody/historia",
    response={200: ConsentHistoryProps, **refusals(401)},
    operation_id="web_consent_history",
)
def history(request: HttpRequest, response: HttpResponse) -> ConsentHistoryProps:
    """The learner's own consent history and newsletter consent, for the profile page."""
    add_never_cache_headers(response)
    return consent_history_props(caller_account(request))


class NewsletterIn(Body):
    subscribed: StrictBool = False


@web_account.post(
    "zgody/newsletter",
    response={200: ConsentHistoryProps, **refusals(400, 401, 429)},
    operation_id="web_newsletter",
)
@rate_limited("consent_save")
def newsletter(request: HttpRequest, payload: NewsletterIn) -> ConsentHistoryProps:
    """Give or withdraw the newsletter consent from the profile page."""
    user = caller_account(request)
    newsletter_set(user=user, subscribed=payload.subscribed)
    return consent_history_props(user)
