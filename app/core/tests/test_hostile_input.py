"""Odd input that once reached a 500: it gets a clear answer and changes nothing."""

import pytest

from app.accounts.tests.factories import make_user
from app.core.requests import parse_id
from app.core.return_url import safe_return_url
from app.core.roles import Role
from app.core.tests.helpers import post_json

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
