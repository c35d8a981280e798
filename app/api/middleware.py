"""The app's API before and after its calls: CORS, and no session cookie.

- CORS: a browser page may call the API only from an origin in API_ALLOWED_ORIGINS (none
  by default: the app is native and needs none). Others get no CORS headers, so the
  browser keeps the answer from them; a preflight from them is refused (403).
- The session cookie authenticates nobody here: the account is the token's
  (app.api.auth), so another site cannot make a logged-in visitor's browser call it.
- Refusals made before the API runs (the body limits of app.core.middleware) get the
  API's error shape and language too.
"""

import json
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation

from app.api.auth import TOKEN_HEADER
from app.api.errors import error_answer

ALLOWED_METHODS = "GET, POST, OPTIONS"
ALLOWED_HEADERS = f"Accept, Accept-Language, Content-Type, {TOKEN_HEADER}"
PREFLIGHT_MAX_AGE = "600"


def _api_prefixes() -> tuple[str, ...]:
    public = reverse("mobile_api:login").rsplit("/", 1)[0] + "/"
    app = reverse("mobile_api:user").rsplit("/", 1)[0] + "/"
    return public, app


class ApiMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self._prefixes: tuple[str, ...] | None = None

    def _is_api(self, request: HttpRequest) -> bool:
        if self._prefixes is None:
            self._prefixes = _api_prefixes()
        return request.path.startswith(self._prefixes)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not self._is_api(request):
            return self.get_response(request)
        # The language of Accept-Language (else Polish) already for the refusals made
        # before the locale middleware runs (the body limits).
        translation.activate(translation.get_language_from_request(request))
        origin = request.headers.get("Origin")
        allowed = origin is not None and origin.rstrip("/") in settings.API_ALLOWED_ORIGINS
        if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
            if not allowed:
                return error_answer(status=403, code="origin_not_allowed")
            response = HttpResponse(status=204)
            response["Access-Control-Allow-Methods"] = ALLOWED_METHODS
            response["Access-Control-Allow-Headers"] = ALLOWED_HEADERS
            response["Access-Control-Max-Age"] = PREFLIGHT_MAX_AGE
        else:
            response = _in_api_shape(self.get_response(request))
        if allowed and origin is not None:
            response["Access-Control-Allow-Origin"] = origin
            response["Access-Control-Allow-Credentials"] = "true"
        if origin is not None:
            response.headers["Vary"] = ", ".join(
                filter(None, [response.headers.get("Vary"), "Origin"])
            )
        return response

    def process_view(self, request: HttpRequest, *args, **kwargs) -> None:
        if self._is_api(request):
            # Runs after the authentication middleware: the cookie's account is dropped.
            request.user = AnonymousUser()


def _in_api_shape(response: HttpResponse) -> HttpResponse:
    """A refusal answered before the API ran, in the API's error shape."""
    if response.status_code < 400 or response.streaming:
        return response
    try:
        body = json.loads(response.content) if response.content else None
    except ValueError:
        body = None
    if isinstance(body, dict) and "error" in body:
        return response
    message = body.get("message") if isinstance(body, dict) else None
    if message is None and response.get("Content-Type", "").startswith("text/plain"):
        message = response.content.decode(errors="replace") or None
    answer = error_answer(status=response.status_code, message=message)
    for header in ("Retry-After", "Allow"):
        if header in response:
            answer[header] = response[header]
    return answer
