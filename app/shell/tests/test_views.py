from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from app.accounts.tests.factories import make_user
from app.core.roles import Role
from app.core.tests.helpers import SHARED_GENERATION_QUERIES, page_of, visit
from app.shell.models import Alert, Notification, SitePage
from app.shell.services import notification_create
from app.shell.tests.helpers import ALERT_FIELDS, make_alert, shared_props

pytestmark = pytest.mark.django_db


class TestAlerts:
    def test_no_alert_is_an_empty_array(self, client):
        response = client.get("/api/alerts")
        assert response.status_code == 200
        assert response.json() == []

    def test_the_active_alert_with_the_alert_banners_fields(self, client):
        make_alert()
        assert client.get("/api/alerts").json() == ALERT_FIELDS

    def test_english_visitors_get_the_english_texts_when_there_are_any(self, client):
        alert = make_alert(text_desktop_en="Maintenance on Saturday", button_label_en="Details")
        english = client.get("/api/alerts", HTTP_ACCEPT_LANGUAGE="en").json()
        assert (english["text_desktop"], english["text_mobile"], english["button_label"]) == (
            "Maintenance on Saturday",
            "Maintenance on Saturday",
            "Details",
        )
        alert.text_desktop_en = ""
        alert.save()
        english = client.get("/api/alerts", HTTP_ACCEPT_LANGUAGE="en").json()
        assert english["text_desktop"] == "Przerwa techniczna w sobotę"

    def test_only_alerts_inside_their_window_and_published(self, client):
        now = timezone.now()
        make_alert(text_desktop="przyszły", starts_at=now + timedelta(hours=1))
        make_alert(
            text_desktop="miniony",
            starts_at=now - timedelta(days=2),
            ends_at=now - timedelta(days=1),
        )
        make_alert(text_desktop="ukryty", is_published=False)
        assert client.get("/api/alerts").json() == []

    def test_the_answer_is_cached_and_forgotten_when_an_admin_saves(
        self, client, django_assert_num_queries
    ):
        alert = make_alert()
        client.get("/api/alerts")
        # The alerts' generation only (read every time inside the test's transaction).
        with django_assert_num_queries(SHARED_GENERATION_QUERIES):
            assert client.get("/api/alerts").json()["text_desktop"] == "Przerwa techniczna w sobotę"
        alert.text_desktop = "Nowa treść"
        alert.save()
        assert client.get("/api/alerts").json()["text_desktop"] == "Nowa treść"
        alert.delete()
        assert client.get("/api/alerts").json() == []

    def test_a_button_needs_both_label_and_link(self, client):
        make_alert(button_label="", button_url="/p/regulamin")
        body = client.get("/api/alerts").json()
        assert (body["button_label"], body["button_url"]) == ("", "")

    @pytest.mark.parametrize(
        "url",
        ["javascript:alert(1)", "//evil.example", "http://insecure.example", "data:text/html,x"],
    )
    def test_hostile_links_are_refused(self, url):
        with pytest.raises(ValidationError):
            Alert(text_desktop="x", text_mobile="x", button_url=url).full_clean()

    @pytest.mark.parametrize("colour", ["red", "#fff", "#12345g", "#000000;"])
    def test_colours_must_be_hex(self, colour):
        with pytest.raises(ValidationError):
            Alert(text_desktop="x", text_mobile="x", background_color=colour).full_clean()


class TestSitePages:
    def test_the_privacy_policy_in_each_language(self, client):
        SitePage.objects.update_or_create(
            slug="polityka-prywatnosci",
            defaults={
                "title_pl": "Polityka prywatności",
                "title_en": "Privacy policy",
                "body_pl": "## Dane\nZbieramy e-mail.",
                "body_en": "## Data\nWe collect e-mail.",
            },
        )
        page = page_of(visit(client, "/p/polityka-prywatnosci"))
        assert page["component"] == "Shell/SitePage"
        assert page["props"]["title"] == "Polityka prywatności"
        assert page["props"]["blocks"] == [
            {"kind": "heading", "text": "Dane"},
            {"kind": "paragraph", "text": "Zbieramy e-mail."},
        ]
        english = page_of(visit(client, "/p/polityka-prywatnosci", HTTP_ACCEPT_LANGUAGE="en"))
        assert english["props"]["title"] == "Privacy policy"

    def test_the_default_pages_exist(self):
        assert set(SitePage.objects.values_list("slug", flat=True)) >= {
            "regulamin",
            "polityka-prywatnosci",
        }

    def test_an_unknown_page_is_not_found(self, client):
        assert client.get("/p/nie-ma-takiej").status_code == 404


class TestNotifications:
    def test_only_for_logged_in_users(self, client):
        response = client.get("/api/notifications", headers={"Accept": "application/json"})
        assert response.status_code == 401
        assert response.json() == {
            "error": {"message": "Zostałeś wylogowany z platformy", "code": "unauthenticated"}
        }

    def test_a_user_sees_only_their_own(self, client):
        user, other = make_user(), make_user()
        notification_create(user=user, message="Nowy kurs", url="/platforma/moje_kursy")
        notification_create(user=other, message="Cudze")
        client.force_login(user)

        body = client.get("/api/notifications").json()

        assert [(i["message"], i["url"], i["is_read"]) for i in body["items"]] == [
            ("Nowy kurs", "/platforma/moje_kursy", False)
        ]
        assert body["unread"] == 1
        assert page_of(visit(client, "/platforma"))["props"]["notifications_unread"] == 1

    def test_mark_all_read(self, client):
        user = make_user()
        notification_create(user=user, message="A")
        notification_create(user=user, message="B")
        client.force_login(user)
        assert client.get("/api/notifications/read").status_code == 405
        assert client.post("/api/notifications/read").json() == {"unread": 0}
        assert not Notification.objects.filter(read_at__isnull=True).exists()

    def test_hostile_link_is_refused(self):
        with pytest.raises(ValidationError):
            notification_create(user=make_user(), message="x", url="javascript:alert(1)")


class TestLanguage:
    def test_switch_sets_the_cookie_and_the_account_language(self, client):
        user = make_user()
        client.force_login(user)
        response = client.post("/jezyk", {"language": "en", "next": "/platforma/notatki?x=1"})

        assert response.status_code == 302
        assert response.headers["Location"] == "/platforma/notatki?x=1"
        assert response.cookies["platforma_language"].value == "en"
        user.refresh_from_db()
        assert user.language == "en"
        assert page_of(visit(client, "/platforma"))["props"]["locale"] == "en"

    def test_unknown_language_and_foreign_next(self, client):
        assert client.post("/jezyk", {"language": "de", "next": "/"}).status_code == 400
        response = client.post("/jezyk", {"language": "pl", "next": "https://evil.example/"})
        assert response.headers["Location"] == "/"

    def test_switch_is_a_post(self, client):
        assert client.get("/jezyk?language=en").status_code == 405

    def test_first_visit_follows_the_browser(self, client):
        page = page_of(visit(client, "/login", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9"))
        assert page["props"]["locale"] == "en"
        assert (
            page_of(visit(client, "/login", HTTP_ACCEPT_LANGUAGE="de"))["props"]["locale"] == "pl"
        )


def test_version_is_the_build_hash_and_never_cached(client, settings):
    response = client.get("/api/version")
    assert response.json() == {"version": settings.INERTIA_VERSION}
    assert "no-cache" in response.headers["Cache-Control"]


class TestSharedShellProps:
    def test_anonymous(self, client, settings):
        props = shared_props(client)
        assert props["shell"]["viewer"] == "anonymous"
        assert props["shell"]["is_production"] is False
        assert props["shell"]["support_email"] == settings.SUPPORT_EMAIL
        assert props["shell"]["social_links"][0] == {
            "network": "facebook",
            "url": "https://www.facebook.com/platforma",
        }
        assert props["menu"] is None
        assert props["notifications_unread"] == 0
        assert props["info_banners"] == []

    def test_admins_are_not_learners_in_the_header(self, client):
        client.force_login(make_user(roles=[Role.ADMIN]))
        props = shared_props(client)
        assert props["shell"]["viewer"] == "admin"
        assert props["menu"]["areas"][0] == {"key": "admin_panel", "href": "/admin"}

    def test_production_has_no_development_banner(self, client, settings):
        settings.IS_PRODUCTION = True
        assert shared_props(client)["shell"]["is_production"] is True
