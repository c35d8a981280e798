"""What one request has already read: the account loaded with its session, and the cache
entries fetched in the request's one round trip to the cache.

A logged-in page needs several cache entries (the account's shell, the page's own list,
the consent definition). Fetched one by one they cost a round trip to Redis each; here
the first read of the request also fetches every entry that the *companions* (functions
of the request that apps register at start-up: the shell's, consent's) say the page will
need, in one `get_many`.

Outside a request (a task, a command, a test calling a selector) there is nothing to
share: reads go straight to the cache.
"""

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

from app.core.release import code_release

# Marks a key fetched and found missing, so it is not asked for again.
_MISSING = object()


@dataclass
class RequestCache:
    # The request's path ("" for a test or task standing for a request).
    path: str = ""
    # Accounts read with the session (app/accounts/sessions.py), by id.
    accounts: dict[int, Any] = field(default_factory=dict)
    # What apps read with that session about its account, by (account id, name).
    read_with_session: dict[tuple[int, str], Any] = field(default_factory=dict)
    entries: dict[str, Any] = field(default_factory=dict)
    companions: list[Callable[[], Iterable[str]]] = field(default_factory=list)


_current: ContextVar[RequestCache | None] = ContextVar("platforma_request_cache", default=None)


def request_cache() -> RequestCache | None:
    """The current request's, or None outside a request."""
    return _current.get()


@contextmanager
def request_cache_scope(*, path: str = "") -> Iterator[RequestCache]:
    """A fresh request cache for the code inside (a request to `path`, or a test standing
    for one)."""
    state = RequestCache(path=path)
    token = _current.set(state)
    try:
        yield state
    finally:
        _current.reset(token)


_registered: list[Callable[[HttpRequest], Iterable[str]]] = []


def cache_companion_register(keys: Callable[[HttpRequest], Iterable[str]]) -> None:
    """Fetch the keys `keys(request)` names along with every request's first cache read
    (called from an AppConfig.ready)."""
    if keys not in _registered:
        _registered.append(keys)


def stored_key(key: str) -> str:
    """The key an entry named `key` is kept under: the release's own. Another release's
    entry of the same name may hold a value of another shape (a field added or renamed, a
    type changed), which this release must never be handed; during a rolling deploy each
    release keeps its own entries, and a deploy costs each entry one rebuild."""
    return f"{key}@{code_release()}"


def cache_get(key: str) -> Any:
    """The cached value of `key` (None when missing), fetched together with the
    request's companions on the first read; later reads of them cost nothing."""
    state = _current.get()
    if state is None:
        return cache.get(stored_key(key))
    if key not in state.entries:
        wanted = [key]
        for companion in state.companions:
            wanted.extend(k for k in companion() if k not in state.entries)
        stored = {stored_key(name): name for name in wanted}
        found = cache.get_many(list(stored))
        for kept_as, name in stored.items():
            state.entries[name] = found.get(kept_as, _MISSING)
    value = state.entries[key]
    return None if value is _MISSING else value


def cache_put(key: str, value: Any, timeout: int) -> None:
    """Store `value`; the rest of the request reads it without asking the cache."""
    cache.set(stored_key(key), value, timeout)
    state = _current.get()
    if state is not None:
        state.entries[key] = value


class RequestCacheMiddleware:
    """Gives every request its own RequestCache, dropped when the response is made."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with request_cache_scope(path=request.path_info) as state:
            state.companions = [partial(keys, request) for keys in _registered]
            return self.get_response(request)
