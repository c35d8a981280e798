"""Paths resolved once per process: the same answer as Django's own resolving, a found path
tried against no pattern again, made-up paths kept nowhere, and the memory bounded."""

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
    return (match.func, match.args, match.kwargs, match.url_name, match.namespaces, match.route)


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
    assert len(tried) > 30  # the teams' and the accounts' patterns come first
    tried.clear()
    assert remembered.resolve("platforma").url_name == "home"
    assert tried == []


def test_a_path_no_pattern_takes_is_refused_each_time_and_kept_nowhere():
    remembered = RememberedResolver(_patterns())
    for _ in range(2):
        with pytest.raises(Resolver404):
            remembered.resolve("nie/ma/takiej/strony")
    assert len(remembered._matches) == 0


def test_a_stream_of_paths_keeps_the_memory_within_its_budget():
    remembered = RememberedResolver(_patterns())
    for team in range(20_000):
        remembered.resolve(f"manager/zespol/{team}/zaproszenia")
    assert remembered._matches.bytes_used <= url_memo._BUDGET
    assert 1_000 < len(remembered._matches) < 20_000
    # The last ones are the ones kept.
    assert remembered.resolve("manager/zespol/19999/zaproszenia").kwargs == {"team_id": 19999}


def test_each_request_gets_arguments_of_its_own():
    first = resolve("/manager/zespol/5")
    first.kwargs["team_id"] = 6
    first.captured_kwargs.clear()
    again = resolve("/manager/zespol/5")
    assert again.kwargs == {"team_id": 5}
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
