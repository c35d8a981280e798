"""The platform's URL patterns, resolved by Django and remembered per path.

Django resolves a path by trying the patterns in order; an include that does not match
raises `Resolver404`, whose list of patterns tried the resolver above extends. The
learner's home (`/platforma`) comes after the teams' and the accounts' 37 patterns: 4
resolvers, 39 patterns, 3 exceptions and the 37 patterns tried copied into lists: 40-50 µs
of the 700-750 µs of CPU the page takes in one process. The answer depends on the path
alone (no route is translated: a test holds the patterns to plain strings), so each page's
path is resolved once per process.

Kept, within a budget of memory (the least recently used going first): the paths of the
platform's pages. Not kept, and resolved afresh each time as before:
- a path no pattern takes (Resolver404);
- a path an area's catch-all (`<path:…>`) takes: any made-up path under `/platforma/` or
  `/manager/` would do, so a scanner could otherwise push the pages' paths out;
- a path carrying a secret (a reset key, a session link's hash): used once, and not to be
  kept in memory beyond its request.
Each request gets a match of its own (its argument dicts copied), so nothing one request
does to its match reaches the next. With DEBUG on nothing is kept: Django's debug page of
a 404 raised by a view lists the patterns tried, which a kept match leaves out.
"""

from typing import Any

from django.conf import settings
from django.urls import ResolverMatch, URLPattern, URLResolver
from django.urls.resolvers import RoutePattern

from app.core.logging import SECRET_URL_KWARGS
from app.core.memory_lru import MemoryLru

# About a thousand paths: a match costs about 1,200 bytes besides its path, which it holds
# twice (as the key and in the match), measured with tracemalloc (test_url_memo.py).
_BUDGET = 1024 * 1024
_MATCH_BYTES = 1200


class RememberedResolver(URLResolver):
    """`include(patterns)` at the root of the site, remembering each page's match."""

    def __init__(self, patterns: list[URLPattern | URLResolver]) -> None:
        super().__init__(RoutePattern(""), patterns)
        # Each match with its path's length: a long path costs its bytes too.
        self._matches: MemoryLru[str, tuple[ResolverMatch, int]] = MemoryLru(
            budget=_BUDGET, size_of=lambda kept: _MATCH_BYTES + 2 * kept[1]
        )

    def resolve(self, path: Any) -> ResolverMatch:
        path = str(path)
        kept = self._matches.get(path)
        if kept is not None:
            return _own_copy(kept[0])
        # Resolver404 for a path no pattern takes: raised, and nothing kept.
        match = super().resolve(path)
        if _worth_keeping(match):
            # Without the patterns tried before it (a fresh match: nobody else holds it),
            # which the root would copy into lists of its own for every request, half the
            # time saved.
            match.tried = []
            self._matches.put(path, (match, len(path)))
            return _own_copy(match)
        return match


def _worth_keeping(match: ResolverMatch) -> bool:
    return (
        not settings.DEBUG
        and "<path:" not in match.route
        and not SECRET_URL_KWARGS & match.kwargs.keys()
    )


def _own_copy(match: ResolverMatch) -> ResolverMatch:
    # ResolverMatch refuses copy.copy (it refuses pickling): the same attributes, with
    # argument dicts of the request's own.
    copy = ResolverMatch.__new__(ResolverMatch)
    vars(copy).update(vars(match))
    copy.kwargs = dict(match.kwargs)
    copy.captured_kwargs = dict(match.captured_kwargs)  # type: ignore[attr-defined]
    copy.extra_kwargs = dict(match.extra_kwargs)  # type: ignore[attr-defined]
    return copy
