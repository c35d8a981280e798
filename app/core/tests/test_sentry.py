"""What reaches Sentry: errors, without anything that lets someone act as a user."""

import json

from app.core.logging import request_id_bound
from app.core.sentry import FILTERED, scrub_breadcrumb, scrub_event

SAMPLE_EVENT = {
    "level": "error",
    "transaction": "/session/{hash}/{path}",
    "request": {
        "url": "https://platforma.example/session/Zm9vYmFyLXNlY3JldA/platforma",
        "method": "POST",
        "query_string": "returnUrl=%2Fplatforma&token=abc123token&page=2",
        "cookies": {"sessionid": "sess-cookie-value", "XSRF-TOKEN": "xsrf-cookie-value"},
        "headers": {
            "Cookie": "sessionid=sess-cookie-value",
            "Authorization": "Bearer bearer-value",
            "X-Platforma-Token": "app-token-value",
            "X-Xsrf-Token": "xsrf-header-value",
            "User-Agent": "Mozilla/5.0",
        },
        "data": {"email": "ola@example.com", "password": "hunter2-password", "remember": "on"},
    },
    "exception": {
        "values": [
            {
                "type": "ValueError",
                "value": "No voucher at /odbierz_kurs/VOUCHER-SECRET-CODE",
                "stacktrace": {
                    "frames": [
                        {
                            "function": "session_link",
                            "vars": {
                                "hash": "Zm9vYmFyLXNlY3JldA",
                                "request": "<WSGIRequest: GET '/konto/usun/deletion-link-hash'>",
                                "new_password1": "hunter2-password",
                                "course_id": "12",
                            },
                        }
                    ]
                },
            }
        ]
    },
    "extra": {"app_token": "app-token-value", "api_key": "key-value"},
    "breadcrumbs": {
        "values": [
            {
                "category": "httplib",
                "data": {"url": "/p/haslo/nowe/reset-key-value?x=1"},
            }
        ]
    },
}

SECRETS = [
    "Zm9vYmFyLXNlY3JldA",
    "abc123token",
    "sess-cookie-value",
    "xsrf-cookie-value",
    "bearer-value",
    "app-token-value",
    "xsrf-header-value",
    "hunter2-password",
    "VOUCHER-SECRET-CODE",
    "deletion-link-hash",
    "reset-key-value",
    "key-value",
]


def test_the_scrubber_removes_every_secret_from_an_event():
    scrubbed = scrub_event(json.loads(json.dumps(SAMPLE_EVENT)), {})
    text = json.dumps(scrubbed)

    for secret in SECRETS:
        assert secret not in text, secret
    request = scrubbed["request"]
    assert "cookies" not in request
    assert request["url"] == "https://platforma.example/session/***/platforma"
    assert request["headers"]["X-Platforma-Token"] == FILTERED
    assert request["headers"]["Cookie"] == FILTERED
    assert request["headers"]["Authorization"] == FILTERED
    assert request["data"]["password"] == FILTERED
    assert "token=%5BFiltered%5D" in request["query_string"]


def test_the_scrubber_keeps_what_helps_to_find_the_error():
    scrubbed = scrub_event(json.loads(json.dumps(SAMPLE_EVENT)), {})
    request = scrubbed["request"]

    assert request["headers"]["User-Agent"] == "Mozilla/5.0"
    assert request["data"]["email"] == "ola@example.com"
    assert "returnUrl=%2Fplatforma" in request["query_string"]
    assert request["method"] == "POST"
    frame = scrubbed["exception"]["values"][0]["stacktrace"]["frames"][0]
    assert frame["vars"]["course_id"] == "12"
    assert frame["vars"]["request"] == "<WSGIRequest: GET '/konto/usun/***'>"
    assert scrubbed["exception"]["values"][0]["value"] == "No voucher at /odbierz_kurs/***"


def test_the_apps_voucher_code_is_masked_in_an_event():
    event = {
        "request": {"url": "https://platforma.example/api/app/voucher/APP-VOUCHER-7/consume"},
        "exception": {"values": [{"value": "Failed GET /api/app/voucher/APP-VOUCHER-7/consume"}]},
        "breadcrumbs": {"values": [{"data": {"url": "/api/app/voucher/APP-VOUCHER-7/consume"}}]},
    }

    scrubbed = scrub_event(event, {})

    assert "APP-VOUCHER" not in json.dumps(scrubbed)
    assert scrubbed["request"]["url"] == "https://platforma.example/api/app/voucher/***/consume"
    assert scrubbed["exception"]["values"][0]["value"] == "Failed GET /api/app/voucher/***/consume"


def test_an_event_is_tagged_with_the_request_id():
    with request_id_bound("req-sentry-0001"):
        scrubbed = scrub_event({"message": "boom"}, {})
    assert scrubbed["tags"] == {"request_id": "req-sentry-0001"}


def test_breadcrumbs_are_scrubbed():
    crumb = scrub_breadcrumb(
        {"category": "httplib", "data": {"url": "/konto/przywroc/restore-hash?token=t0k3n"}}, {}
    )
    assert crumb["data"]["url"] == "/konto/przywroc/***?token=%5BFiltered%5D"


def _sentry_state(env: dict[str, str]) -> str:
    import os
    import subprocess
    import sys

    from django.conf import settings

    code = (
        "import django, sentry_sdk; django.setup(); from django.conf import settings;"
        "client = sentry_sdk.get_client();"
        "print(client.is_active(), client.options['before_send'].__name__ if client.is_active()"
        " else '-', client.options['send_default_pii'], settings.SECURE_CSP['connect-src'])"
    )
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("SENTRY", "DJANGO_"))}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        env={**clean, "DJANGO_SETTINGS_MODULE": "app.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_sentry_is_switched_on_by_its_dsn_only():
    assert _sentry_state({}).startswith("False -")
    on = _sentry_state(
        {
            "SENTRY_DSN": "https://public@o1.ingest.sentry.example/1",
            "SENTRY_DSN_FRONTEND": "https://public@o2.ingest.sentry.example:8443/2",
        }
    )
    assert on.startswith("True scrub_event False")
    # The browser may send its reports to the frontend DSN's host, and nowhere new else.
    assert "'https://o2.ingest.sentry.example:8443'" in on


def test_the_page_names_the_browser_dsn_only_when_one_is_set(client, settings):
    from app.core.inertia import _layout_around_page

    _layout_around_page.cache_clear()
    assert 'name="sentry-dsn"' not in client.get("/login").content.decode()

    settings.SENTRY_DSN_FRONTEND = "https://public@o2.ingest.sentry.example/2"
    settings.SENTRY_ENVIRONMENT = "production"
    _layout_around_page.cache_clear()
    try:
        page = client.get("/login").content.decode()
    finally:
        _layout_around_page.cache_clear()
    assert (
        '<meta name="sentry-dsn" content="https://public@o2.ingest.sentry.example/2" '
        'data-environment="production">'
    ) in page
