"""The consent model, the consent log, the privacy policy endpoint, saving a choice and
the newsletter consent (docs/behaviour.md#consent-and-tracking)."""

import csv
import importlib
import io
import runpy
from datetime import timedelta

import pytest
from cookie_consent.models import Cookie, CookieGroup, LogItem
from django.apps import apps
from django.conf import settings
from django.test import Client, override_settings
from django.utils import timezone

from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.accounts.tests.helpers import save_user_form
from app.consent.models import ConsentEvent, PurposeText, ServiceText
from app.consent.services import session_key_hash
from app.core.roles import Role
from app.core.tests.helpers import page_of, post_json, visit
from app.shell.models import SitePage

pytestmark = pytest.mark.django_db

COOKIE = settings.COOKIE_CONSENT_NAME
POLISH_SERVICES = [
    "gtm",
    "google_analytics",
    "google_ads",
    "facebook_pixel",
    "microsoft_ads",
    "linkedin_insight",
    "tiktok_pixel",
]
ACTIONS = ["script_initialization", "accept", "accept_all", "show_popup", "force_show_popup"]


def definition_version() -> str:
    optional = Cookie.objects.exclude(cookiegroup__varname="base")
    return max(cookie.created.isoformat() for cookie in optional)


def purpose_version(varname: str) -> str:
    return CookieGroup.objects.get(varname=varname).get_version()


def consent_prop(client: Client, url: str = "/login", **kwargs):
    return page_of(visit(client, url, **kwargs))["props"]["consent"]


def save(client: Client, body: dict, **kwargs):
    return client.post("/zgody", body, content_type="application/json", **kwargs)


# --- The definition --------------------------------------------------------------------


def definition(client: Client) -> dict:
    response = client.get("/zgody/uslugi")
    assert response.status_code == 200
    return response.json()


def test_the_purposes_and_services_are_those_of_the_consent_notice_in_polish(client):
    consent = definition(client)

    assert [(p["varname"], p["name"], p["required"]) for p in consent["purposes"]] == [
        ("base", "Niezbędne", True),
        ("marketing", "Analityka", False),
        ("advertising", "Reklama", False),
    ]
    services = [s["name"] for p in consent["purposes"] for s in p["services"]]
    assert services == POLISH_SERVICES
    gtm = consent["purposes"][0]["services"][0]
    assert gtm == {
        "name": "gtm",
        "label": "Google Tag Manager",
        "description": "Wczytuje pozostałe usługi, i tylko te, na które się zgodzisz.",
        "required": True,
    }


def test_the_essential_purpose_does_not_say_what_the_modal_writes_after_it(client):
    # The modal follows a required purpose's description with "Zawsze włączone." ("Always
    # on."): said in the description too, the sentence stood there twice.
    polish = definition(client)["purposes"][0]
    client.cookies["platforma_language"] = "en"
    english = definition(client)["purposes"][0]

    assert polish["required"] is True
    assert polish["description"] == "Usługi, bez których Platforma nie działa."
    assert english["description"] == "Services the platform cannot work without."
    assert "zawsze" not in polish["description"].lower()
    assert "always" not in english["description"].lower()


def test_the_essential_purpose_text_changes_only_where_it_is_still_as_seeded():
    migration = importlib.import_module("app.consent.migrations.0003_essential_purpose_text")
    base = CookieGroup.objects.get(varname="base")
    CookieGroup.objects.filter(pk=base.pk).update(description=migration.POLISH[0])
    PurposeText.objects.filter(cookiegroup=base).update(description_en="Our own words.")

    migration.shorten(apps, None)

    base.refresh_from_db()
    assert base.description == "Usługi, bez których Platforma nie działa."
    assert PurposeText.objects.get(cookiegroup=base).description_en == "Our own words."

    migration.restore(apps, None)

    base.refresh_from_db()
    assert base.description == "Usługi, bez których Platforma nie działa. Są zawsze włączone."
    assert PurposeText.objects.get(cookiegroup=base).description_en == "Our own words."


def test_pages_share_the_visitors_choice_and_whether_to_ask(client):
    assert consent_prop(client) == {"active": False, "ask": False, "choice": None}


def test_the_english_site_has_english_texts_and_reddit_pixel(client):
    client.cookies["platforma_language"] = "en"
    consent = definition(client)

    assert [p["name"] for p in consent["purposes"]] == ["Essential", "Analytics", "Advertising"]
    advertising = consent["purposes"][2]["services"]
    assert [s["name"] for s in advertising][-1] == "reddit_pixel"
    assert advertising[-1]["label"] == "Reddit Pixel"
    assert advertising[0]["description"] == "Google ads and measuring how well they work."


def test_the_notice_asks_by_itself_only_when_a_service_needing_consent_is_in_use(client):
    assert consent_prop(client)["ask"] is False
    with override_settings(GTM_CONTAINER_ID="GTM-TEST"):
        assert consent_prop(client) == {"active": True, "ask": True, "choice": None}
    with override_settings(OPENREPLAY_PROJECT_KEY="key"):
        assert consent_prop(client)["ask"] is True


def test_a_page_without_a_consent_cookie_and_nothing_to_ask_reads_no_database(
    client, django_assert_num_queries
):
    # Every page shares the prop: for most visitors it must cost nothing.
    with django_assert_num_queries(0):
        assert consent_prop(client) == {"active": False, "ask": False, "choice": None}


# --- Saving a choice -----------------------------------------------------------------------


@override_settings(GTM_CONTAINER_ID="GTM-TEST")
def test_accepting_all_sets_the_consent_cookie_for_120_days_through_the_library(client):
    response = save(client, {"all": True})

    assert response.status_code == 200
    assert response.json()["choice"] == {
        "purposes": {"base": True, "marketing": True, "advertising": True},
        "services": POLISH_SERVICES,
    }
    morsel = response.cookies[COOKIE]
    assert morsel["max-age"] == 120 * 24 * 3600
    assert morsel["httponly"] is True
    assert morsel["domain"] == ""
    # Each accepted purpose at the library's version of it; the library's own log is off
    # (one consent log: ConsentEvent).
    assert morsel.value == (
        f"marketing={purpose_version('marketing')}|advertising={purpose_version('advertising')}"
    )
    assert not LogItem.objects.exists()
    consent = consent_prop(client)
    assert consent["ask"] is False
    assert consent["choice"]["services"] == POLISH_SERVICES


@override_settings(COOKIE_CONSENT_DOMAIN="platforma.example")
def test_the_consent_cookie_lives_on_the_configured_domain(client):
    assert save(client, {"all": True}).cookies[COOKIE]["domain"] == "platforma.example"


def test_choosing_services_one_by_one(client):
    response = save(client, {"services": ["google_ads", "tiktok_pixel", "no_such_service"]})

    expected = {
        "purposes": {"base": True, "marketing": False, "advertising": True},
        "services": ["gtm", "google_ads", "tiktok_pixel"],
    }
    assert response.json()["choice"] == expected
    assert consent_prop(client)["choice"] == expected
    # A purpose with no service chosen is declined, in the library's way.
    assert response.cookies[COOKIE].value == (
        f"advertising={purpose_version('advertising')}|marketing=-1"
        "|services=google_ads+tiktok_pixel"
    )


def test_saving_needs_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    response = save(client, {"all": True}, headers={"Accept": "application/json"})
    assert response.status_code == 403
    assert COOKIE not in response.cookies


@override_settings(GTM_CONTAINER_ID="GTM-TEST")
@pytest.mark.parametrize(
    "value",
    [
        "garbage",
        "marketing=2020-01-01T00:00:00+00:00",  # a purpose missing
        "marketing=9999-01-01T00:00:00+00:00|advertising=-1",  # from the future
        "marketing=yes|advertising=-1",
        "marketing=-1|advertising=-1|services=google_ads+hacked",
        "marketing=-1|advertising=-1|evil=1",
        "%%%|||===",
    ],
)
def test_a_malformed_or_tampered_consent_cookie_asks_again(client, value):
    client.cookies[COOKIE] = value
    response = visit(client, "/login")

    assert response.status_code == 200
    consent = page_of(response)["props"]["consent"]
    assert (consent["ask"], consent["choice"]) == (True, None)


@override_settings(GTM_CONTAINER_ID="GTM-TEST")
def test_adding_a_service_asks_everyone_again_and_editing_texts_does_not(client):
    # django-cookie-consent's versioning: a purpose is as new as its newest service.
    save(client, {"all": True})
    service = Cookie.objects.get(name="tiktok_pixel")
    created = service.created
    service.description = "Nowy opis."
    service.save()
    ServiceText.objects.filter(cookie__name="google_ads").get().save()

    assert consent_prop(client)["ask"] is False
    service.refresh_from_db()
    assert service.created == created

    Cookie.objects.create(cookiegroup=service.cookiegroup, name="snapchat_pixel")
    assert consent_prop(client)["ask"] is True
    save(client, {"all": True})
    assert consent_prop(client)["ask"] is False


def test_the_edited_texts_are_shown_at_once(client):
    service = Cookie.objects.get(name="tiktok_pixel")
    definition(client)
    service.description = "Nowy opis."
    service.save()

    services = [s for p in definition(client)["purposes"] for s in p["services"]]
    assert next(s for s in services if s["name"] == "tiktok_pixel")["description"] == "Nowy opis."


@override_settings(GTM_CONTAINER_ID="GTM-TEST")
def test_an_expired_choice_is_asked_again(client):
    save(client, {"all": True})
    del client.cookies[COOKIE]  # what the browser does after max-age
    assert consent_prop(client)["ask"] is True


# --- The consent log ---------------------------------------------------------------------


@pytest.mark.parametrize("action", ACTIONS)
def test_each_action_of_the_notice_is_logged(client, action):
    response = client.post("/consent_management_log", {"action": action})

    assert response.status_code == 204
    event = ConsentEvent.objects.get()
    assert (event.action, event.user, event.services) == (action, None, [])
    assert event.version == definition_version()


def test_a_logged_in_learners_event_holds_the_account_a_session_hash_and_the_services(
    client, learner
):
    save(client, {"services": ["google_analytics"]})
    client.post("/consent_management_log", {"action": "accept"})

    event = ConsentEvent.objects.get()
    session_key = client.session.session_key
    assert event.user == learner
    assert event.session_hash == session_key_hash(session_key)
    assert len(event.session_hash) == 64
    assert session_key not in event.session_hash
    assert event.services == ["google_analytics", "gtm"]
    assert event.version == definition_version()


@pytest.mark.parametrize("body", [{"action": "decline_all"}, {}, {"action": "x" * 10_000}])
def test_an_unknown_action_is_refused_with_the_error(client, body):
    response = client.post("/consent_management_log", body)

    assert response.status_code == 400
    assert response.json() == {
        "error": {
            "message": "Nieznane zdarzenie zgody.",
            "code": "invalid",
            "fields": {"action": "Nieznane zdarzenie zgody."},
        }
    }
    assert not ConsentEvent.objects.exists()


def test_the_log_needs_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        "/consent_management_log", {"action": "show_popup"}, headers={"Accept": "application/json"}
    )
    assert response.status_code == 403
    assert not ConsentEvent.objects.exists()


def test_the_log_answers_only_posts(client):
    assert client.get("/consent_management_log").status_code == 405


@override_settings(RATE_LIMITS={**settings.RATE_LIMITS, "consent_log": "2/m/ip"})
def test_the_log_is_rate_limited(client):
    for _ in range(2):
        assert client.post("/consent_management_log", {"action": "show_popup"}).status_code == 204
    response = client.post(
        "/consent_management_log", {"action": "show_popup"}, headers={"Accept": "application/json"}
    )
    assert response.status_code == 429
    assert ConsentEvent.objects.count() == 2


# --- The admin's log and export ---------------------------------------------------------------


def test_admins_export_the_log_as_csv(client):
    learner = make_user(email="=cmd@example.com")
    ConsentEvent.objects.create(
        action="accept_all", user=learner, session_hash="ab" * 32, version="v1", services=["gtm"]
    )
    ConsentEvent.objects.create(action="show_popup", version="v1")
    client.force_login(make_user(email="admin@example.com", roles=[Role.ADMIN]))

    assert client.get("/admin/consent/consentevent/?action__exact=accept_all").status_code == 200
    response = client.post(
        "/admin/consent/consentevent/",
        {
            "action": "export_csv",
            "_selected_action": list(ConsentEvent.objects.values_list("pk", flat=True)),
        },
    )

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert rows[0] == [
        "Kiedy",
        "Zdarzenie",
        "Użytkownik",
        "Skrót sesji",
        "Wersja definicji",
        "Zaakceptowane usługi",
    ]
    assert [row[1:] for row in rows[1:]] == [
        ["accept_all", "'=cmd@example.com", "ab" * 32, "v1", "gtm"],
        ["show_popup", "", "", "v1", ""],
    ]


def test_learners_cannot_open_the_log(client, learner):
    response = client.get("/admin/consent/consentevent/", headers={"Accept": "application/json"})
    assert response.status_code == 403


# --- The privacy policy -----------------------------------------------------------------------


def test_the_privacy_policy_comes_in_the_requests_language(client):
    SitePage.objects.filter(slug="polityka-prywatnosci").update(
        body_pl="## Dane\nTreść polska.", body_en="## Data\nEnglish text."
    )

    assert client.get("/page/get_privacy_policy").json() == {"body": "## Dane\nTreść polska."}
    client.cookies["platforma_language"] = "en"
    assert client.get("/page/get_privacy_policy").json() == {"body": "## Data\nEnglish text."}


def test_a_missing_privacy_policy_answers_404(client):
    SitePage.objects.filter(slug="polityka-prywatnosci").delete()
    response = client.get("/page/get_privacy_policy", headers={"Accept": "application/json"})
    assert response.status_code == 404


# --- The newsletter consent and the learner's history -----------------------------------------


def test_registering_with_the_newsletter_stores_when_it_was_given_and_records_it(client):
    before = timezone.now()
    post_json(
        client,
        "/login/register",
        {
            "username": "nowa@example.com",
            "first_name": "Nowa",
            "last_name": "Osoba",
            "password": "sekret1",
            "accept_terms": True,
            "newsletter": True,
        },
    )

    user = User.objects.get()
    assert user.newsletter is True
    assert before <= user.newsletter_consented_at <= timezone.now()
    assert list(ConsentEvent.objects.values_list("action", "user")) == [
        ("newsletter_given", user.pk)
    ]


def test_the_learner_withdraws_and_gives_the_newsletter_consent_on_the_profile(client, learner):
    response = client.post(
        "/zgody/newsletter", {"subscribed": False}, content_type="application/json"
    )
    assert response.json()["newsletter"] == {"subscribed": False, "consented_at": None}
    assert not ConsentEvent.objects.exists()  # nothing changed

    response = client.post(
        "/zgody/newsletter", {"subscribed": True}, content_type="application/json"
    )
    learner.refresh_from_db()
    assert learner.newsletter is True
    assert response.json()["newsletter"] == {
        "subscribed": True,
        "consented_at": learner.newsletter_consented_at.isoformat(),
    }

    client.post("/zgody/newsletter", {"subscribed": False}, content_type="application/json")
    learner.refresh_from_db()
    assert (learner.newsletter, learner.newsletter_consented_at) == (False, None)
    history = client.get("/zgody/historia").json()
    assert [event["action"] for event in history["events"]] == [
        "newsletter_withdrawn",
        "newsletter_given",
    ]
    assert history["events"][0]["action_label"] == "wycofanie zgody na informacje"


def test_the_history_holds_only_the_learners_own_events(client, learner):
    other = make_user()
    ConsentEvent.objects.create(action="accept_all", user=other)
    # Only choices: that the notice loaded or was shown is no consent.
    ConsentEvent.objects.create(action="show_popup", user=learner)
    ConsentEvent.objects.create(action="script_initialization", user=learner)
    ConsentEvent.objects.create(
        action="accept", user=learner, services=["gtm"], created_at=timezone.now() - timedelta(1)
    )

    events = client.get("/zgody/historia").json()["events"]
    assert [(event["action"], event["services"]) for event in events] == [("accept", ["gtm"])]


def test_the_history_needs_a_login(client):
    response = client.get("/zgody/historia", headers={"Accept": "application/json"})
    assert response.status_code == 401


@pytest.mark.parametrize(
    ("value", "expected"), [(".platforma.example", ".platforma.example"), ("", None)]
)
def test_the_consent_cookie_domain_comes_from_the_environment(monkeypatch, value, expected):
    monkeypatch.setenv("CONSENT_COOKIE_DOMAIN", value)
    configured = runpy.run_path(str(settings.BASE_DIR / "app" / "settings.py"))
    assert configured["COOKIE_CONSENT_DOMAIN"] == expected
    assert configured["COOKIE_CONSENT_MAX_AGE"] == 120 * 24 * 3600


def test_a_huge_log_body_is_refused_without_an_error(client):
    response = client.post(
        "/consent_management_log",
        {"action": "show_popup", "junk": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)},
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 400
    assert not ConsentEvent.objects.exists()


def test_admins_see_but_cannot_give_the_newsletter_consent(client):
    learner = make_user(email="ola@example.com")
    client.force_login(make_user(email="admin@example.com", roles=[Role.ADMIN]))

    response = save_user_form(client, learner, newsletter=True)

    assert response.status_code == 302
    learner.refresh_from_db()
    assert (learner.newsletter, learner.newsletter_consented_at) == (False, None)
    assert not ConsentEvent.objects.exists()
