"""Who calls the app's API: the account of the X-Platforma-Token header, and nothing else.

The session cookie never authenticates an API call (app.api.middleware hides it), so a
call that changes something cannot be made by another site through the visitor's
browser: a page elsewhere cannot send the header.
"""

from typing import Any

from django.http import HttpRequest
from ninja.security import APIKeyHeader

from app.accounts import services as account_services
from app.accounts.models import User
from app.core import roles

TOKEN_HEADER = "X-Platforma-Token"
# Roles that see unpublished content when the app asks for a preview.
PREVIEW_ROLES = roles.ADMIN_ROLES | roles.AUTHOR_ROLES


class AppToken(APIKeyHeader):
    """The app session of the header (app.accounts.models.AppToken); a missing, unknown,
    idle or revoked one is refused with 401."""

    param_name = TOKEN_HEADER

    def authenticate(self, request: HttpRequest, key: str | None) -> User | None:
        user = account_services.app_token_authenticate(token=key or "")
        if user is not None:
            request.user = user
        return user


def token_user(request: HttpRequest) -> User | None:
    """The account of the header on a public call, when it carries a live token."""
    token = request.headers.get(TOKEN_HEADER, "")
    return account_services.app_token_authenticate(token=token) if token else None


def preview_allowed(request: HttpRequest, *, preview: bool, user: Any) -> bool:
    """Whether the app's preview=true shows unpublished content: to authors and admins
    only; anyone else gets the answer given without it."""
    return bool(preview and user is not None and user.has_any_role(PREVIEW_ROLES))
