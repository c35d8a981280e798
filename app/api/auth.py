"""The two kinds of callers of the platform's JSON calls, and how each is recognised.

- The pages (`WebSession`): the session cookie's account, as for any page; every change
  (POST) must carry the page's CSRF token, as a form would (ninja's operations are exempt
  from Django's own check, so it is made here, and refused in the error body).
- The mobile app (`AppToken`): the account of the X-Platforma-Token header, and nothing
  else. The session cookie never authenticates an app call (app.api.middleware hides it),
  so a call that changes something cannot be made by another site through the visitor's
  browser: a page elsewhere cannot send the header.

Each comes in two strengths: an account only (401 otherwise), or any caller
(`WebVisitor`, `AppVisitor`: an operation that serves visitors too; the account is there
when one is logged in or sends a token). Operations read the caller with
app.core.requests.caller.
"""

from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from ninja.security import APIKeyHeader
from ninja.security.base import AuthBase
from ninja.utils import check_csrf

from app.accounts import services as account_services
from app.core.errors import csrf_refusal

TOKEN_HEADER = account_services.APP_TOKEN_HEADER


class WebSession(AuthBase):
    """The session cookie's account; a visitor is refused (401)."""

    openapi_type = "apiKey"
    openapi_in = "cookie"
    openapi_name = settings.SESSION_COOKIE_NAME
    # Whether a caller without an account goes on (as a visitor) instead of a 401.
    optional = False

    def __call__(self, request: HttpRequest) -> Any:
        # Safe methods pass; a change without the page's token is refused.
        if check_csrf(request) is not None:
            raise csrf_refusal()
        user = request.user
        if user.is_authenticated or self.optional:
            return user
        return None


class WebVisitor(WebSession):
    """The session cookie's account when there is one, else the visitor."""

    optional = True


class AppToken(APIKeyHeader):
    """The app session of the header (app.accounts.models.AppToken); a missing, unknown,
    idle or revoked one is refused with 401."""

    param_name = TOKEN_HEADER
    optional = False

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        user = account_services.app_token_authenticate(token=key) if key else None
        # A token issued before the account's role came to need a second factor opens
        # nothing until the account enrols on the web, as its login would not (403).
        if user is not None and account_services.account_needs_enrolment(user=user):
            raise account_services.MfaEnrolmentRequired()
        if user is not None:
            request.user = user
            return user
        return AnonymousUser() if self.optional else None


class AppVisitor(AppToken):
    """The app session of the header when a live one is sent, else the visitor (the app's
    calls before login: a token only adds what an account may see, e.g. a preview)."""

    optional = True
