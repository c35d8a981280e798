"""Bad input to every body, the error shape of every refusal, CORS, and the API's place
beside the web's own JSON endpoints under /api/."""

import json
import runpy
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from app.accounts.models import AppToken, User
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.api.tests.helpers import TOKEN_HEADER, error_of, get_api, post_api, token_of

pytestmark = pytest.mark.django_db

BODIES: dict[str, dict[str, Any]] = {
    "/api/public/login": {"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD},
    "/api/public/register": {
        "username": "nowa@example.com",
        "firstName": "Anna",
        "lastName": "Nowak",
        "password": "tajne-haslo-1",
        "acceptTerms": True,
        "newsletter": False,
    },
    "/api/public/admin/login": {"username": "ola@example.com", "password": DEFAULT_PASSWORD},
    "/api/public/reminder": {"email": "ola@example.com"},
    "/api/public/admin/reminder": {"email": "ola@example.com"},
}


def deeply_nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def bad_bodies(good: dict) -> list:
    field = next(iter(good))
    return [
        {**good, "unknown": "x"},
        {**good, field: None},
        {**good, field: 12},
        {**good, field: ["a"]},
        {**good, field: {"a": {"b": {"c": "d"}}}},
        {**good, field: "a" * 100_000},
        {**good, field: json.loads(deeply_nested(50))},
        deeply_nested(100_000),
        "{not json",
        "[]",
        "null",
        '"text"',
        "12",
    ]


CASES = [(path, body) for path, good in BODIES.items() for body in bad_bodies(good)]


@pytest.mark.parametrize(("path", "body"), CASES)
def test_every_body_refuses_bad_input_with_400_and_changes_nothing(client: Client, path, body):
    make_user(email="ola@example.com", roles=["ADMIN"])

    response = post_api(client, path, body)

    assert response.status_code == 400, response.content[:300]
    error_of(response)
    assert User.objects.count() == 1
    assert not AppToken.objects.exists()


def test_an_unknown_field_is_named_in_the_refusal(client: Client):
    response = post_api(client, "/api/public/login", {**BODIES["/api/public/login"], "admin": True})

    assert error_of(response) == {
        "message": "Nieznane pole.",
        "code": "invalid",
        "fields": {"admin": "Nieznane pole."},
    }


def test_a_null_is_refused_on_its_field_in_english_when_asked(client: Client):
    response = post_api(
        client,
        "/api/public/register",
        {**BODIES["/api/public/register"], "newsletter": None},
        **{"Accept-Language": "en"},
    )

    assert response.status_code == 400
    assert error_of(response)["fields"] == {"newsletter": "The value is not valid."}


def test_a_body_over_the_platform_limit_is_refused_in_the_api_shape(client: Client, settings):
    settings.MAX_REQUEST_BODY_BYTES = 1000

    response = post_api(client, "/api/public/login", {"login": "a" * 2000, "loginPassword": "x"})

    assert response.status_code == 413
    assert error_of(response) == {"message": "Przesyłane dane są za duże.", "code": 413}


def test_huge_path_and_query_values_are_refused_without_a_server_error(client: Client):
    token = token_of(make_user())
    huge = "A" * 5000

    responses = [
        get_api(client, f"/api/public/relogin/{huge}"),
        get_api(client, f"/api/public/username?username={huge}"),
        get_api(client, f"/api/app/voucher/{huge}/consume", token=token),
        get_api(client, f"/api/app/student/accept/{huge}", token=token),
        get_api(client, f"/api/app/user/mark-to-remove/{huge}", token=token),
    ]

    assert [r.status_code for r in responses] == [400, 400, 400, 400, 400]
    for response in responses:
        error_of(response)


def test_a_wrong_method_is_refused_in_the_api_shape(client: Client):
    response = client.get("/api/public/login")
    english = client.get("/api/public/login", headers={"Accept-Language": "en"})
    web = client.get("/zgody")

    assert (response.status_code, response["Allow"]) == (405, "POST")
    assert error_of(response) == {
        "message": "Ten adres nie przyjmuje żądań tego rodzaju.",
        "code": 405,
    }
    assert error_of(english)["message"] == "This address does not accept this kind of request."
    assert web.status_code == 405
    assert error_of(web)["code"] == 405


def test_an_unknown_api_path_is_a_404_in_the_api_shape(client: Client):
    response = client.get("/api/public/nie-ma")

    assert response.status_code == 404
    assert error_of(response)["code"] == 404


def test_the_webs_own_json_endpoints_under_api_keep_working(client: Client):
    assert client.get("/api/alerts").json() == []
    assert "version" in client.get("/api/version").json()
    check = post_api(client, "/api/accounts/username-check", {"username": "a@example.com"})
    assert check.json() == {"available": True, "message": None}


def test_app_calls_need_no_csrf_token_and_public_ones_no_session():
    strict = Client(enforce_csrf_checks=True)
    make_user(email="ola@example.com")

    login = post_api(strict, "/api/public/login", BODIES["/api/public/login"])
    token = login.json()["value"]
    logout = strict.post("/api/app/logout", headers={TOKEN_HEADER: token})

    assert (login.status_code, logout.status_code) == (200, 204)


# --- CORS (django-cors-headers, origins from API_ALLOWED_ORIGINS) ------------------------


def test_the_allowed_origins_come_from_api_allowed_origins(monkeypatch):
    monkeypatch.setenv("API_ALLOWED_ORIGINS", "https://app.example.com/,https://b.example.com")
    reloaded = runpy.run_path(str(settings.BASE_DIR / "app" / "settings.py"))
    assert reloaded["CORS_ALLOWED_ORIGINS"] == ["https://app.example.com", "https://b.example.com"]


def test_no_origin_is_allowed_by_default(client: Client):
    response = get_api(client, "/api/public/alerts", Origin="https://evil.example.com")
    preflight = client.options(
        "/api/public/login",
        headers={"Origin": "https://evil.example.com", "Access-Control-Request-Method": "POST"},
    )

    assert response.status_code == 200
    assert "Access-Control-Allow-Origin" not in response
    # Without the header the browser refuses the call it asked about.
    assert "Access-Control-Allow-Origin" not in preflight
    assert "Access-Control-Allow-Methods" not in preflight


def test_an_allowed_origin_gets_cors_headers_and_a_preflight(client: Client, settings):
    settings.CORS_ALLOWED_ORIGINS = ["https://app.example.com"]
    make_user(email="ola@example.com")

    preflight = client.options(
        "/api/app/user",
        headers={
            "Origin": "https://app.example.com",
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "x-platforma-token",
        },
    )
    response = post_api(
        client, "/api/public/login", BODIES["/api/public/login"], Origin="https://app.example.com"
    )
    other = post_api(
        client, "/api/public/login", BODIES["/api/public/login"], Origin="https://evil.example.com"
    )

    assert preflight.status_code == 200
    assert preflight["Access-Control-Allow-Origin"] == "https://app.example.com"
    assert TOKEN_HEADER in preflight["Access-Control-Allow-Headers"]
    assert "GET" in preflight["Access-Control-Allow-Methods"]
    assert response["Access-Control-Allow-Origin"] == "https://app.example.com"
    assert "origin" in response["Vary"].lower()
    assert "Access-Control-Allow-Origin" not in other


def test_cors_is_not_added_to_the_web_pages(client: Client, settings):
    settings.CORS_ALLOWED_ORIGINS = ["https://app.example.com"]

    response = client.get("/api/alerts", headers={"Origin": "https://app.example.com"})

    assert "Access-Control-Allow-Origin" not in response
