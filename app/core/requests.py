"""What kind of answer a request expects."""

import json
from typing import TYPE_CHECKING, Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest


def is_inertia(request: HttpRequest) -> bool:
    return "X-Inertia" in request.headers


def wants_json(request: HttpRequest) -> bool:
    """A JSON call made by a page (not an Inertia visit, not a browser navigation)."""
    if is_inertia(request):
        return False
    return request.path.startswith("/api/") or "application/json" in request.headers.get(
        "Accept", ""
    )


def request_data(request: HttpRequest) -> dict[str, Any]:
    """The submitted fields, from the JSON body Inertia sends or from a classic form post.

    Anything that is not a JSON object reads as no fields at all, so the form answers
    with its own messages instead of an error page.
    """
    if request.content_type == "application/json":
        try:
            data = json.loads(request.body or b"{}")
        except (ValueError, RequestDataTooBig):
            return {}
        return data if isinstance(data, dict) else {}
    return request.POST.dict()


def data_flag(data: dict[str, Any], name: str) -> bool:
    """A yes/no field: JSON sends true/false, a classic form "on", "true" or "1"."""
    value = data.get(name)
    return value is True or (isinstance(value, str) and value.lower() in {"1", "true", "on"})


if TYPE_CHECKING:
    from app.accounts.models import User

    class AuthenticatedRequest(HttpRequest):
        """A request behind a login guard: its user is a real account."""

        user: User
else:
    AuthenticatedRequest = HttpRequest


def parse_id(raw: object) -> int | None:
    """A database id typed or sent by a visitor: ASCII digits only (str.isdigit also takes
    "²" or "٣", which int() refuses), at most 12 of them; None for anything else."""
    text = raw if isinstance(raw, str) else ""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 12 else None
