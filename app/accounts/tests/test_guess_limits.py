"""The pages of e-mailed links (password reset, account deletion, restore) share one
guessing budget per address: opening a link (GET) and using it (POST) count alike."""

import pytest
from django.test import Client

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import page_of, post_json, visit

pytestmark = pytest.mark.django_db

LINK_CHECKS = 60  # link_check: 60/m per IP
TOO_MANY = "Zbyt wiele prób. Spróbuj ponownie za chwilę."
PAGES = {
    "reset": ("/p/haslo/nowe/{n}-kx1-abcdef", {"password": "nowe-haslo-1"}),
    "deletion": ("/konto/usun/{n:043d}", {}),
    "restore": ("/konto/przywroc/{n:043d}", {}),
}


@pytest.mark.parametrize("name", PAGES)
def test_opening_and_using_links_count_against_one_budget(name):
    template, data = PAGES[name]
    client = Client(REMOTE_ADDR="203.0.113.5")
    client.force_login(make_user())
    # Half the guesses by opening links, half by posting to them, across every kind.
    kinds = list(PAGES.values())
    for n in range(LINK_CHECKS):
        kind_template, kind_data = kinds[n % len(kinds)]
        url = kind_template.format(n=n + 1)
        if n % 2:
            visit(client, url)
        else:
            post_json(client, url, kind_data)

    url = template.format(n=999)
    assert visit(client, url).status_code == 429
    response = post_json(client, url, data)
    assert response.status_code == 302
    assert page_of(visit(client, response.headers["Location"]))["props"]["errors"] == {
        "form": TOO_MANY
    }
