"""The pages of e-mailed links answer a visitor who checked too many links with 429 and
the real seconds until the limit lets them check again (docs/behaviour.md#limits)."""

import pytest
from django.test import Client

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import page_of, visit

pytestmark = pytest.mark.django_db

LINK_CHECKS = 60  # link_check: 60/m per address
TOO_MANY = "Zbyt wiele prób. Spróbuj ponownie za chwilę."
PAGES = {
    "reset": "/p/haslo/nowe/{n}-kx1-abcdef",
    "deletion": "/konto/usun/{n:043d}",
    "restore": "/konto/przywroc/{n:043d}",
    "data export": "/konto/dane/{n:043d}",
}


@pytest.mark.parametrize("name", PAGES)
def test_a_limited_link_page_says_when_to_come_back(name, limits_clock):
    client = Client(REMOTE_ADDR="203.0.113.5")
    client.force_login(make_user())
    for n in range(LINK_CHECKS):
        assert visit(client, PAGES[name].format(n=n + 1)).status_code == 200

    limits_clock.advance(5)
    limited = visit(client, PAGES[name].format(n=999))

    # The held clock stood 15 s into the minute, now 20 s: the minute's window ends in 40.
    assert limited.status_code == 429
    assert limited["Retry-After"] == "40"
    assert page_of(limited)["props"]["error"] == TOO_MANY


def test_a_refused_link_is_no_limit_and_has_no_retry_after():
    client = Client(REMOTE_ADDR="203.0.113.5")
    client.force_login(make_user())
    page = visit(client, PAGES["deletion"].format(n=1))
    assert page.status_code == 200
    assert page_of(page)["props"]["error"]
    assert "Retry-After" not in page
