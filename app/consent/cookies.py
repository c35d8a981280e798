"""The consent cookie at the edge: read and written with django-cookie-consent's own
functions, on the request and the response (services and selectors take its pairs)."""

from cookie_consent.processor import CookiesProcessor
from cookie_consent.util import get_cookie_dict_from_request, set_cookie_dict_to_response
from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.utils.translation import get_language

from app.consent.selectors import (
    DEFINITION_CACHE_KEY,
    Choice,
    consent_choice_get,
    consent_configured,
)
from app.consent.services import ChoiceMade


def request_choice(request: HttpRequest) -> Choice | None:
    """The visitor's choice as their consent cookie says it, or None (see
    consent_choice_get)."""
    # The library's reading of its cookie: pairs it cannot read are left out.
    return consent_choice_get(cookie=get_cookie_dict_from_request(request), language=get_language())


def choice_write(request: HttpRequest, response: HttpResponseBase, made: ChoiceMade) -> None:
    """Put a new choice into the consent cookie of `response`. Declining is the library's
    processor's: it deletes the cookies a declined purpose had set (and writes its own idea
    of the consent cookie, built on the request's, which the whole new choice replaces)."""
    CookiesProcessor(request, response).process(made.decline, action="decline")
    set_cookie_dict_to_response(response, made.cookie)


def consent_cache_keys(request: HttpRequest) -> list[str]:
    """The definition's cache key when the page will read it (the visitor has a consent
    cookie, or a service that needs consent runs), fetched with the page's other entries
    (app/core/request_cache.py)."""
    if request.COOKIES.get(settings.COOKIE_CONSENT_NAME) or consent_configured():
        return [DEFINITION_CACHE_KEY]
    return []
