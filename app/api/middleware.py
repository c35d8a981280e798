"""The app's calls never see the session cookie.

The account of /api/public/ and /api/app/ is the token's (app.api.auth), never the
cookie's: another site cannot make a logged-in visitor's browser act through them (a
page elsewhere cannot send the token's header). CORS is django-cors-headers'
(settings.CORS_*: only API_ALLOWED_ORIGINS, none by default).
"""

from collections.abc import Callable

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse

from app.api.api import APP_PREFIX, PUBLIC_PREFIX

APP_PATHS = (f"/{PUBLIC_PREFIX}", f"/{APP_PREFIX}")


class ApiMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, *args, **kwargs) -> None:
        if request.path_info.startswith(APP_PATHS):
            # Runs after the authentication middleware: the cookie's account is dropped.
            request.user = AnonymousUser()
