"""Errors on the server, in the shape each caller handles (docs/behaviour.md#error-answers)."""

import pytest
from django.test import Client

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import inertia_headers

pytestmark = pytest.mark.django_db


def test_inertia_visit_refused_gets_json_with_the_message(client):
    client.force_login(make_user())
    response = client.get("/manager", headers=inertia_headers())
    assert response.status_code == 403
    assert "X-Inertia" not in response.headers
    assert response.json() == {
        "error": {"message": "Nie masz dostępu do tej części platformy.", "code": 403}
    }


def test_inertia_visit_to_a_missing_page_renders_the_404_page(client):
    response = client.get("/nie-ma-takiej", headers=inertia_headers())
    assert response.status_code == 404
    assert response.json()["component"] == "Errors/Error"


def test_the_message_follows_the_language(client):
    client.force_login(make_user())
    response = client.get("/manager", headers={**inertia_headers(), "Accept-Language": "en"})
    assert response.json()["error"]["message"] == (
        "You do not have access to this part of the platform."
    )


def test_csrf_failure_of_a_form_post_explains_itself():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/login", data={}, headers=inertia_headers())
    assert response.status_code == 403
    assert response.json() == {
        "error": {
            "message": "Sesja formularza wygasła. Odśwież stronę i spróbuj ponownie.",
            "code": "csrf",
        }
    }


@pytest.mark.urls("app.core.tests.urls_failing")
class TestServerError:
    def client(self):
        return Client(raise_request_exception=False)

    def test_a_page_gets_the_styled_500_page(self, settings):
        response = self.client().get("/__broken__")
        assert response.status_code == 500
        assert "Wystąpił błąd serwera." in response.content.decode()
        assert settings.SUPPORT_EMAIL in response.content.decode()

    def test_an_inertia_visit_or_json_call_gets_json(self):
        for headers in (inertia_headers(), {"Accept": "application/json"}):
            response = self.client().get("/__broken__", headers=headers)
            assert response.status_code == 500
            assert response.json() == {
                "error": {
                    "message": "Wystąpił błąd serwera. Spróbuj ponownie później.",
                    "code": 500,
                }
            }
