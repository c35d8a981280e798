"""Odd input that once reached a 500: it gets a clear answer and changes nothing."""

import pytest

from app.accounts.tests.factories import make_user
from app.core.requests import parse_id
from app.core.return_url import safe_return_url
from app.core.roles import Role
from app.core.tests.helpers import inertia_headers, post_json

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("raw", ["²", "٣", "1²", "", " 1", "1" * 13, None, 5, ["1"], "-1", "1.0"])
def test_ids_accept_ascii_digits_only(raw):
    assert parse_id(raw) is None


def test_ids_read_plain_numbers():
    assert parse_id("042") == 42


@pytest.mark.parametrize("raw", [5, ["/x"], {"a": 1}, None, b"/platforma"])
def test_a_return_url_that_is_not_text_falls_back(raw):
    assert safe_return_url(raw) == "/platforma"


def test_notes_filter_with_a_superscript_digit(client):
    client.force_login(make_user())
    assert client.get("/platforma/notatki?kurs=²").status_code == 200


@pytest.mark.parametrize(
    "data", [{"language": ["pl"]}, {"language": {"x": 1}}, {"language": "pl", "next": 5}]
)
def test_language_switch_with_odd_json(client, data):
    response = post_json(client, "/jezyk", data)
    assert response.status_code in (302, 400)


@pytest.mark.parametrize("area", ["/instytucja", "/reseller"])
def test_batch_with_a_superscript_product_id(client, area):
    roles = [Role.INSTITUTION] if area == "/instytucja" else [Role.RESELLER]
    client.force_login(make_user(roles=roles))
    response = post_json(client, area, {"product": "course:²", "size": "5", "name": "x"})
    assert response.status_code == 302


# --- JSON bodies the parser refuses to read (request_data) --------------------------------

DEEP = b"[" * 10_000 + b"]" * 10_000
TOO_DEEP_MESSAGE = "Przesłane dane są za duże albo za bardzo zagnieżdżone."


@pytest.mark.parametrize(
    "body",
    [
        DEEP,
        b'{"login": ' + DEEP + b"}",
        b'{"login": "a", "x": ' + b'{"a": ' * 5_000 + b"1" + b"}" * 5_000 + b"}",
        b'{"login": "' + b"a" * (64 * 1024) + b'"}',
    ],
    ids=["10000-deep array", "10000-deep field", "5000-deep objects", "over 64 KB"],
)
def test_a_json_body_too_deep_or_too_large_is_a_400_with_its_message(client, body):
    from django.contrib.auth import SESSION_KEY

    make_user(email="ola@example.com")
    response = client.post(
        "/login", data=body, content_type="application/json", headers=inertia_headers()
    )

    assert response.status_code == 400
    assert response.json() == {"error": {"message": TOO_DEEP_MESSAGE, "code": 400}}
    assert SESSION_KEY not in client.session


def test_a_deep_body_leaves_stored_data_as_it_was(client):
    from app.accounts.models import User

    body = b'{"username": "nowa@example.com", "first_name": "Ola", "last_name": "Nowak", '
    body += b'"password": "sekret1", "accept_terms": true, "x": ' + DEEP + b"}"
    response = client.post("/login/register", data=body, content_type="application/json")

    assert response.status_code == 400
    assert not User.objects.exists()


def test_the_refusal_speaks_the_visitors_language(client):
    response = client.post(
        "/login",
        data=DEEP,
        content_type="application/json",
        headers=inertia_headers(),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.json()["error"]["message"] == (
        "The data sent is too large or nested too deeply."
    )


@pytest.mark.parametrize(
    "body",
    [
        b'{"login": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "login_password": "x"}',
        b'{"login": "\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "login_password": "x"}',
        b'{"a": [[[[[1]]]], "login": "x"}',
    ],
)
def test_brackets_inside_strings_and_shallow_nesting_pass(client, body):
    response = client.post("/login", data=body, content_type="application/json")
    assert response.status_code == 302


def test_the_depth_scan_reads_hostile_strings_in_linear_time():
    import time

    from app.core.requests import JSON_MAX_BYTES, _nesting_exceeds

    bodies = [b'"\\' * (JSON_MAX_BYTES // 2), b'"' * JSON_MAX_BYTES, b"[]" * (JSON_MAX_BYTES // 2)]
    started = time.monotonic()
    assert [_nesting_exceeds(body, 20) for body in bodies] == [False, False, False]
    assert time.monotonic() - started < 2
