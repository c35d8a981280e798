"""The consent notice's calls: saving a choice, the consent log, the privacy policy, and
the learner's own consent history and newsletter consent."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from app.accounts.models import User
from app.accounts.services import newsletter_set
from app.consent import selectors, services
from app.consent.props import (
    ConsentHistoryProps,
    choice_props,
    consent_event_props,
    definition_props,
)
from app.core.errors import ApplicationError, rate_limit
from app.core.guards import login_required
from app.core.requests import AuthenticatedRequest, data_flag, request_data


def _account(request: HttpRequest) -> User | None:
    return request.user if isinstance(request.user, User) else None


@require_GET
def definition(request: HttpRequest) -> JsonResponse:
    """The purposes and services in the request's language, for the notice's settings."""
    return JsonResponse(definition_props(get_language()))


@require_POST
def save(request: HttpRequest) -> HttpResponse:
    """Save the visitor's choice: {"all": true}, or {"services": [accepted names]}."""
    rate_limit(request, action="consent_save")
    data = request_data(request)
    listed = data.get("services")
    chosen = None if data_flag(data, "all") else listed if isinstance(listed, list) else []
    cookies = HttpResponse()
    choice = services.consent_choice_save(
        request=request,
        response=cookies,
        language=get_language(),
        services=None if chosen is None else {str(name) for name in chosen},
    )
    response = JsonResponse({"choice": choice_props(choice)})
    response.cookies = cookies.cookies
    return response


@require_POST
def log(request: HttpRequest) -> HttpResponse:
    """One event of the consent notice (docs/behaviour.md#consent-log); 204, or 400 with the error
    for an unknown action (answered as JSON whatever the request accepts: it is a call,
    never a page's form)."""
    try:
        services.consent_event_log(
            request=request, action=request.POST.get("action", ""), user=_account(request)
        )
    except ApplicationError as error:
        if error.status != 400:
            raise
        return JsonResponse(error.as_json(), status=400)
    return HttpResponse(status=204)


@require_GET
def privacy_policy(request: HttpRequest) -> JsonResponse:
    """The privacy policy's body in the request's language (docs/behaviour.md#privacy-policy)."""
    return JsonResponse({"body": selectors.privacy_policy_get(language=get_language())})


def _history(user: User) -> ConsentHistoryProps:
    return {
        "events": [consent_event_props(event) for event in selectors.consent_event_list(user=user)],
        "newsletter": {
            "subscribed": user.newsletter,
            "consented_at": user.newsletter_consented_at.isoformat()
            if user.newsletter and user.newsletter_consented_at
            else None,
        },
    }


@require_GET
@never_cache
@login_required
def history(request: AuthenticatedRequest) -> JsonResponse:
    """The learner's own consent history and newsletter consent, for the profile page."""
    return JsonResponse(_history(request.user))


@require_POST
@login_required
def newsletter(request: AuthenticatedRequest) -> JsonResponse:
    """Give or withdraw the newsletter consent from the profile page."""
    rate_limit(request, action="consent_save")
    newsletter_set(user=request.user, subscribed=data_flag(request_data(request), "subscribed"))
    return JsonResponse(_history(request.user))
