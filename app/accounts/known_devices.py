"""Browsers an account has logged in from: a signed cookie that vouches for them at the
next login (docs/behaviour.md#failed-logins; SECURITY.md states the defence).

The failed-login throttle of one client address (app/accounts/login_throttle.py) slows
and, under a flood, refuses the address's logins before their passwords are checked: it
cannot tell a classmate from an attacker sharing the school's address. A browser that has
logged in to an account before carries this cookie, naming that account (a keyed digest
of its e-mail address, never the address itself), and its logins to that account are
not held up by what others at its address do. They are still counted per (address,
account) and per account, so a cookie copied from a shared computer buys no guesses at
its account.

The cookie is strictly necessary (it only protects the account's logins) and carries
nothing that identifies a person to anyone without the site's secret key.
"""

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac

COOKIE_NAME = "platforma_device"
MAX_AGE = 365 * 24 * 3600
# The accounts one browser is remembered for (a family computer, a lab's seat).
MAX_ACCOUNTS = 5
_SALT = "app.accounts.known_devices"
# A signed cookie longer than this was not written here: it is not even unsigned.
_MAX_COOKIE_LENGTH = 400


def _tag(email: str) -> str:
    return salted_hmac(_SALT, email.strip().lower(), algorithm="sha256").hexdigest()[:20]


def _tags(request: HttpRequest) -> list[str]:
    raw = request.COOKIES.get(COOKIE_NAME, "")
    if not raw or len(raw) > _MAX_COOKIE_LENGTH:
        return []
    try:
        value = signing.loads(raw, salt=_SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        return []
    if not isinstance(value, list):
        return []
    return [tag for tag in value if isinstance(tag, str)][:MAX_ACCOUNTS]


def device_vouches(request: HttpRequest, *, email: str) -> bool:
    """Whether this browser has logged in to the account of `email` before."""
    return bool(email) and _tag(email) in _tags(request)


def device_remember(request: HttpRequest, response: HttpResponse, *, email: str) -> None:
    """Remember on `response` that this browser logged in to the account of `email` (the
    newest first, at most MAX_ACCOUNTS)."""
    if not email:
        return
    tag = _tag(email)
    tags = [tag] + [known for known in _tags(request) if known != tag]
    response.set_cookie(
        COOKIE_NAME,
        signing.dumps(tags[:MAX_ACCOUNTS], salt=_SALT),
        max_age=MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
