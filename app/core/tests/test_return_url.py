import pytest
from django.http import QueryDict

from app.core.return_url import login_url_for, safe_return_url, with_review_params

HOSTILE = [
    "//evil.example",
    "//evil.example/platforma",
    "///evil.example",
    "////evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "https://evil.example",
    "http://evil.example/platforma",
    "https:evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "ftp://evil.example",
    "evil.example",
    "platforma",
    "%2F%2Fevil.example",
    "/%2Fevil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "%2F%5Cevil.example",
    "/\tevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%0D/evil.example",
    "/%00/evil.example",
    "/\x00",
    "/\x7f",
    "/platforma\x85",
    " /platforma",
    "\t/platforma",
    "//",
    "/" + "a" * 3000,
    "https://127.0.0.1/platforma",
]


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_return_urls_fall_back_to_the_learner_area(value):
    assert safe_return_url(value) == "/platforma"


@pytest.mark.parametrize(
    "value",
    [
        "/platforma",
        "/platforma/moje_kursy",
        "/twoj_zespol?manager=abc123&email=ola%40example.com&form=login",
        "/odbierz_kurs/KOD-123",
        "/platforma/szukaj?q=python%20podstawy",
        "/admin/",
    ],
)
def test_same_site_paths_survive(value):
    assert safe_return_url(value) == value


@pytest.mark.parametrize("value", [None, ""])
def test_missing_return_url_is_the_learner_area(value):
    assert safe_return_url(value) == "/platforma"


def test_review_parameters_are_added_only_when_both_are_present():
    both = QueryDict("add_review_course=12&add_review_product=34")
    only_one = QueryDict("add_review_course=12")
    assert (
        with_review_params("/platforma", both)
        == "/platforma?add_review_course=12&add_review_product=34"
    )
    assert with_review_params("/platforma?x=1", both).startswith("/platforma?x=1&add_review")
    assert with_review_params("/platforma", only_one) == "/platforma"


def test_login_url_carries_the_path_and_its_query():
    assert (
        login_url_for("/twoj_zespol?manager=abc")
        == "/login?returnUrl=%2Ftwoj_zespol%3Fmanager%3Dabc"
    )
