"""The platform's URL patterns, resolved by Django and remembered per path.

Django resolves a path by trying the patterns in order; an include that does not match
raises `Resolver404`, whose list of patterns tried the resolver above extends. The
learner's home (`/platforma`) comes after the teams' and the accounts' 37 patterns: 4
resolvers, 39 patterns, 3 exceptions and the 37 patterns tried copied into lists: 40-50 µs
of the 700-750 µs of CPU the page takes in one process. The answer depends on the path
alone (no route is translated: a test holds the patterns to plain strings), so each path
found is resolved once per process.

Only paths that resolve are kept, in a budget of memory, the least recently used going
first: an unknown path is tried afresh each time, as before, and a stream of made-up
paths can only push remembered ones out, never grow the process. What is kept is
Django's own `ResolverMatch`; the resolver above this one (the root) wraps it in a
match of its own, with its own argument dicts, for each request. The patterns tried
before a path's own are not kept with it.
"""

from typing import Any

from django.urls import ResolverMatch, URLPattern, URLResolver
from django.urls.resolvers import RoutePattern

from app.core.memory_lru import MemoryLru

# About two thousand paths (a match and its list of patterns tried: a few hundred bytes
# besides the path).
_BUDGET = 1024 * 1024
_MATCH_BYTES = 400


class RememberedResolver(URLResolver):
    """`include(patterns)` at the root of the site, remembering each path's match."""

    def __init__(self, patterns: list[URLPattern | URLResolver]) -> None:
        super().__init__(RoutePattern(""), patterns)
        # Each match with its path's length: a long path costs its bytes too.
        self._matches: MemoryLru[str, tuple[ResolverMatch, int]] = MemoryLru(
            budget=_BUDGET, size_of=lambda kept: _MATCH_BYTES + kept[1]
        )

    def resolve(self, path: Any) -> ResolverMatch:
        path = str(path)
        kept = self._matches.get(path)
        if kept is not None:
            return kept[0]
        # Resolver404 for a path no pattern takes: raised, and nothing kept.
        match: Any = super().resolve(path)  # django-stubs lack its captured_kwargs
        # Without the patterns tried before it: the root copies each of them into a list
        # of its own for every request (half the time saved), and nothing reads them for a
        # path found (Django's debug page lists them for a path not found).
        found = ResolverMatch(
            match.func,
            match.args,
            match.kwargs,
            match.url_name,
            match.app_names,
            match.namespaces,
            match.route,
            [],
            captured_kwargs=match.captured_kwargs,
            extra_kwargs=match.extra_kwargs,
        )
        self._matches.put(path, (found, len(path)))
        return found
