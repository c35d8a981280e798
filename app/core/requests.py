"""What a request is: the answer it expects, its submitted data, and who sent it."""

import ipaddress
import json
import re
from collections.abc import Callable
from functools import lru_cache, wraps
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import BadRequest, RequestDataTooBig
from django.http import HttpRequest
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

# No form of the platform sends more than a few kilobytes of JSON, nested two levels deep.
# Python's JSON parser recurses once per level: ten thousand levels end in RecursionError.
JSON_MAX_BYTES = 64 * 1024
JSON_MAX_DEPTH = 20
# A string runs to its closing quote, or to the end of an unterminated body: each byte is
# read once, whatever the body (a pattern that retried at every quote would be quadratic).
_JSON_STRING = re.compile(rb'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_JSON_BRACKET = re.compile(rb"[\[\]{}]")


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _networks(spec: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(item, strict=False) for item in spec)


def _trusted(address: str, networks: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address(request: HttpRequest) -> str:
    """The address of whoever sent the request: the peer's, or behind the load balancers
    of settings.TRUSTED_PROXIES the nearest address in X-Forwarded-For that is not one of
    them. The header is believed only from a trusted peer: a client calling a web node
    directly cannot borrow another address (and its rate-limit budget) by sending it."""
    remote = request.META.get("REMOTE_ADDR", "")
    networks = _networks(tuple(settings.TRUSTED_PROXIES))
    if not networks or not _trusted(remote, networks):
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    for address in reversed([item.strip() for item in forwarded.split(",") if item.strip()]):
        try:
            ipaddress.ip_address(address)
        except ValueError:
            # Garbage in the chain: nothing before it can be believed.
            return remote
        if not _trusted(address, networks):
            return address
    return remote


def is_inertia(request: HttpRequest) -> bool:
    return "X-Inertia" in request.headers


# Set on the views of the API's operations (app.api.urls): their answers, refusals
# included, are JSON whatever the request accepts.
JSON_CALL = "platforma_json_call"


def mark_json_call(view: Callable[..., Any]) -> Callable[..., Any]:
    """`view`, known from now on as a JSON call (see wants_json)."""

    @wraps(view)
    def json_call(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        return view(request, *args, **kwargs)

    setattr(json_call, JSON_CALL, True)
    return json_call


def is_json_call(request: HttpRequest) -> bool:
    """Whether the request's address is an operation of the API. Also answered before the
    URL was resolved (a refusal of a middleware, an outage while reading the session)."""
    match = request.resolver_match
    if match is None:
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return False
    return getattr(match.func, JSON_CALL, False)


def wants_json(request: HttpRequest) -> bool:
    """A JSON call (an operation of the API, or a request that accepts only JSON), not an
    Inertia visit or a browser navigation."""
    if is_inertia(request):
        return False
    return "application/json" in request.headers.get("Accept", "") or is_json_call(request)


class MalformedBody(BadRequest):
    """A JSON body no form of the platform sends: too large or too deeply nested. Django
    answers it with the 400 error (app.core.views.bad_request) and its message."""

    def __init__(self) -> None:
        super().__init__(_("Przesłane dane są za duże albo za bardzo zagnieżdżone."))


def request_data(request: HttpRequest) -> dict[str, Any]:
    """The submitted fields, from the JSON body Inertia sends or from a classic form post.

    Anything that is not a JSON object reads as no fields at all, so the form answers
    with its own messages instead of an error page. A JSON body larger than
    JSON_MAX_BYTES or nested deeper than JSON_MAX_DEPTH raises MalformedBody (400),
    before the parser sees it.
    """
    if request.content_type == "application/json":
        try:
            body = request.body or b"{}"
        except RequestDataTooBig:
            return {}
        if len(body) > JSON_MAX_BYTES or _nesting_exceeds(body, JSON_MAX_DEPTH):
            raise MalformedBody
        try:
            data = json.loads(body)
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}
    return request.POST.dict()


def _nesting_exceeds(body: bytes, limit: int) -> bool:
    """Whether the arrays and objects of a JSON text nest deeper than `limit` (brackets
    inside strings do not count)."""
    depth = 0
    for bracket in _JSON_BRACKET.finditer(_JSON_STRING.sub(b"", body)):
        if bracket.group() in (b"[", b"{"):
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


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


def caller(request: HttpRequest) -> "User | None":
    """The account the auth of an API operation found (`request.auth`), None for a
    visitor: the session's on the pages' calls, the token's on the app's."""
    account = getattr(request, "auth", None)
    return account if getattr(account, "is_authenticated", False) else None


def caller_account(request: HttpRequest) -> "User":
    """The account of an operation whose auth lets only accounts in (its 401 otherwise)."""
    account = caller(request)
    assert account is not None, "an operation for accounts only, mounted without their auth"
    return account
