"""Paths resolved once per process: the same answer as Django's own resolving, a page's path
tried against no pattern again, made-up and secret paths kept nowhere, and the memory
within its budget."""

import contextlib
import tracemalloc

import pytest
from django.urls import Resolver404, URLPattern, URLResolver, resolve
from django.urls.resolvers import RoutePattern
from django.utils import translation

from app import urls as app_urls
from app.core import url_memo
from app.core.url_memo import RememberedResolver

PATHS = [
    "platforma",
    "platforma/moje_kursy",
    "platforma/student",
    "manager/zespol/7",
    "manager/zespol/7/zaproszenia/3/wycofaj",
    "manager/cokolwiek/dalej",
    "login",
    "p/haslo/nowe/abc-def",
    "api/accounts/username-check",
]


def _patterns() -> list[URLPattern | URLResolver]:
    (root,) = app_urls.urlpatterns
    assert isinstance(root, RememberedResolver)
    return root.url_patterns


def _answer(match):
    # Everything Django's match holds, but the patterns tried before it.
    return {name: value for name, value in vars(match).items() if name != "tried"}


@pytest.mark.parametrize("path", PATHS)
def test_a_path_resolves_as_django_resolves_it(path):
    django_own = URLResolver(RoutePattern(""), _patterns())
    remembered = RememberedResolver(_patterns())
    expected = _answer(django_own.resolve(path))
    assert _answer(remembered.resolve(path)) == expected
    assert _answer(remembered.resolve(path)) == expected


def test_a_path_found_is_tried_against_no_pattern_again(monkeypatch):
    tried = []
    real = URLPattern.resolve

    def counted(pattern, path):
        tried.append(pattern)
        return real(pattern, path)

    monkeypatch.setattr(URLPattern, "resolve", counted)
    remembered = RememberedResolver(_patterns())
    remembered.resolve("platforma")
    assert tried  # the first time, the patterns before the learner's home
    tried.clear()
    assert remembered.resolve("platforma").url_name == "home"
    assert tried == []


@pytest.mark.parametrize(
    "path",
    [
        "nie/ma/takiej/strony",  # no pattern takes it
        "platforma/wp-login.php",  # an area's catch-all does
        "manager/.env",
        "p/haslo/nowe/tajny-klucz-resetu",  # a secret
        "konto/usun/tajny-hash",
    ],
)
def test_made_up_and_secret_paths_are_resolved_each_time_and_kept_nowhere(path):
    remembered = RememberedResolver(_patterns())
    for _ in range(2):
        with contextlib.suppress(Resolver404):
            remembered.resolve(path)
    assert len(remembered._matches) == 0


def test_nothing_is_kept_while_debugging(settings):
    settings.DEBUG = True
    remembered = RememberedResolver(_patterns())
    remembered.resolve("platforma")
    assert len(remembered._matches) == 0


def test_a_stream_of_paths_holds_no_more_memory_than_its_budget():
    remembered = RememberedResolver(_patterns())
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for team in range(20_000):
            remembered.resolve(f"manager/zespol/{team}/zaproszenia")
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert 500 < len(remembered._matches) < 20_000
    # What the process really holds, not only what the memo counts.
    assert held <= url_memo._BUDGET * 1.25
    # The last ones are the ones kept.
    assert remembered.resolve("manager/zespol/19999/zaproszenia").kwargs == {"team_id": 19999}


def test_each_request_gets_arguments_of_its_own():
    remembered = RememberedResolver(_patterns())
    for resolved in (resolve, remembered.resolve):
        path = "/manager/zespol/5" if resolved is resolve else "manager/zespol/5"
        resolved(path)  # kept
        first = resolved(path)
        first.kwargs["team_id"] = 6
        first.captured_kwargs["team_id"] = 6
        first.extra_kwargs["added"] = True
        again = resolved(path)
        assert (again.kwargs, again.captured_kwargs, again.extra_kwargs) == (
            {"team_id": 5},
            {"team_id": 5},
            {},
        )
        assert again.url_name == "team"


def test_no_route_depends_on_the_language():
    # Paths are remembered whatever the language: a translated route would make the answer
    # depend on it.
    def walk(patterns):
        for pattern in patterns:
            written = vars(pattern.pattern).get("_route", getattr(pattern.pattern, "_regex", None))
            assert type(written) is str, pattern
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns)

    walk(_patterns())
    with translation.override("en"):
        assert resolve("/platforma/moje_kursy").url_name == "my_courses"
