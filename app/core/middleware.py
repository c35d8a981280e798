"""Middleware of the platform's own (shared props live in app.shell.middleware)."""

import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import add_never_cache_headers
from django.utils.http import http_date
from django.utils.translation import gettext as _
from inertia.http import encrypt_history

from app.core.errors import json_error
from app.core.requests import is_inertia, wants_json


class RequestBodyLimitMiddleware:
    """Refuse request bodies larger than any form of the platform takes (an avatar is the
    largest), before anything reads them: Django's CSRF check would otherwise parse and
    spool a huge upload to disk for any visitor. Bodies without a declared length are
    refused too: browsers always declare it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in ("POST", "PUT", "PATCH"):
            refused = self._refusal(request)
            if refused is not None:
                return refused
        return self.get_response(request)

    def _refusal(self, request: HttpRequest) -> HttpResponse | None:
        chunked = "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = -1
        if chunked and not request.META.get("CONTENT_LENGTH"):
            status = 411
        elif length < 0 or length > settings.MAX_REQUEST_BODY_BYTES:
            status = 413
        else:
            return None
        # Nothing past this point has run (no session, no locale, no shared props): a bare
        # answer, in the language the request asks for.
        with translation.override(translation.get_language_from_request(request)):
            message = _("Przesyłane dane są za duże.")
        if wants_json(request) or is_inertia(request):
            return json_error(status=status, message=message, code=status)
        return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


class PrivatePagesMiddleware:
    """What a logged-in account was shown stays out of every cache: its responses carry
    Cache-Control: no-store (no copy in the browser's or a proxy's cache, none restored
    by Back after logout), and Inertia encrypts the pages it keeps in the browser history
    with a key that the logout throws away (clear_history, AccountAdapter.logout), so Back
    shows nothing private once the account has logged out."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        logged_in = request.user.is_authenticated
        if logged_in:
            encrypt_history(request)
        response = self.get_response(request)
        # Also the answers that log someone in or out.
        if logged_in or request.user.is_authenticated:
            never_cached(response)
            # Nothing of an account belongs in a search engine either.
            response.headers.setdefault("X-Robots-Tag", "noindex")
        return response


# What Django's add_never_cache_headers writes on a response that has neither header.
NEVER_CACHED = "max-age=0, no-cache, no-store, must-revalidate, private"


def never_cached(response: HttpResponse) -> None:
    """Django's `add_never_cache_headers`. Every logged-in page has neither header before
    it: both are written at once, without parsing and merging a Cache-Control there is none
    of (about 17 µs of each page). A response that has either goes to Django's merge."""
    if "Cache-Control" in response or "Expires" in response:
        add_never_cache_headers(response)
        return
    response.headers["Expires"] = _http_date_now()
    response.headers["Cache-Control"] = NEVER_CACHED


# The HTTP date of the current second, as http_date(time.time()) writes it: formatting it
# cost 5.5 µs, on every logged-in page, for a text that changes once a second.
_this_second: tuple[int, str] = (-1, "")


def _http_date_now() -> str:
    global _this_second
    second = int(time.time())
    kept = _this_second
    if kept[0] != second:
        # One tuple replaced at once: a thread never reads a second with another's date.
        kept = _this_second = (second, http_date(second))
    return kept[1]
