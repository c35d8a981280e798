"""The consent calls under /api/public/: the privacy policy and the consent log, the same
answers and records as the web's calls."""

import pytest
from django.conf import settings
from django.test import Client, override_settings

from app.accounts.tests.factories import make_user
from app.api.tests.helpers import TOKEN_HEADER, error_of, get_api, token_of
from app.consent.models import ConsentEvent
from app.shell.models import SitePage

pytestmark = pytest.mark.django_db

POLICY = "/api/public/page/get_privacy_policy"
LOG = "/api/public/consent_management_log"
ACTIONS = ["script_initialization", "accept", "accept_all", "show_popup", "force_show_popup"]


def test_the_privacy_policy_is_the_webs_in_the_requests_language(client: Client):
    SitePage.objects.filter(slug="polityka-prywatnosci").update(
        body_pl="## Dane\nTreść polska.", body_en="## Data\nEnglish text."
    )

    polish = get_api(client, POLICY)
    english = get_api(client, POLICY, **{"Accept-Language": "en"})

    assert polish.json() == {"body": "## Dane\nTreść polska."}
    assert polish.json() == Client().get("/page/get_privacy_policy").json()
    assert english.json() == {"body": "## Data\nEnglish text."}


def test_a_missing_privacy_policy_is_a_404_in_the_api_shape(client: Client):
    SitePage.objects.filter(slug="polityka-prywatnosci").delete()

    response = get_api(client, POLICY)

    assert response.status_code == 404
    assert error_of(response)["code"] == "not_found"


@pytest.mark.parametrize("action", ACTIONS)
def test_each_action_is_logged_as_the_web_logs_it(client: Client, action: str):
    response = client.post(LOG, {"action": action})
    Client().post("/consent_management_log", {"action": action})

    assert response.status_code == 204
    assert response.content == b""
    api_event, web_event = ConsentEvent.objects.order_by("pk")
    assert (api_event.action, api_event.user, api_event.services, api_event.version) == (
        web_event.action,
        web_event.user,
        web_event.services,
        web_event.version,
    )


def test_an_event_with_a_token_is_logged_for_its_account(client: Client):
    user = make_user()

    client.post(LOG, {"action": "accept_all"}, headers={TOKEN_HEADER: token_of(user)})

    assert ConsentEvent.objects.get().user == user


@pytest.mark.parametrize("body", [{"action": "decline_all"}, {}, {"action": "x" * 10_000}])
def test_an_unknown_action_is_refused_and_nothing_logged(client: Client, body):
    response = client.post(LOG, body)

    assert response.status_code == 400
    assert error_of(response)["fields"] == {"action": error_of(response)["message"]}
    assert not ConsentEvent.objects.exists()


def test_an_unknown_action_gets_the_webs_message(client: Client):
    response = client.post(LOG, {"action": "decline_all"})

    assert error_of(response) == {
        "message": "Nieznane zdarzenie zgody.",
        "code": "invalid",
        "fields": {"action": "Nieznane zdarzenie zgody."},
    }


@override_settings(RATE_LIMITS={**settings.RATE_LIMITS, "consent_log": "2/m/ip"})
def test_the_log_shares_the_webs_limit(client: Client):
    client.post("/consent_management_log", {"action": "show_popup"})
    client.post(LOG, {"action": "show_popup"})

    response = client.post(LOG, {"action": "show_popup"})

    assert response.status_code == 429
    assert ConsentEvent.objects.count() == 2
