"""The tag manager's and the recorder's head markup, and the CSP that admits them."""

import json
import re

import pytest
from cookie_consent.models import Cookie, CookieGroup
from django.test import override_settings
from django.utils.csp import CSP, build_policy

from app.core.csp import with_tracking_hosts
from app.core.tests.helpers import run_manage, visit

GTM = {"GTM_CONTAINER_ID": "GTM-TEST123"}
RECORDER = {
    "OPENREPLAY_PROJECT_KEY": "project-key-1",
    "OPENREPLAY_INGEST_URL": "https://replay.platforma.example/ingest",
}
DENIED = {
    "ad_storage": "denied",
    "ad_user_data": "denied",
    "ad_personalization": "denied",
    "analytics_storage": "denied",
}


def nonce_of_header(response) -> str:
    match = re.search(r"'nonce-([^']+)'", response.headers["Content-Security-Policy"])
    assert match, response.headers["Content-Security-Policy"]
    return match.group(1)


def inline_scripts(html: str) -> list[tuple[str, str]]:
    """(nonce, body) of each inline script."""
    return re.findall(r'<script nonce="([^"]*)">(.*?)</script>', html, re.S)


def consent_calls(html: str) -> list[tuple[str, dict]]:
    return [
        (kind, json.loads(payload))
        for _, body in inline_scripts(html)
        for kind, payload in re.findall(r'gtag\("consent","(\w+)",(\{.*?\})\)', body)
    ]


def consent_services(html: str) -> list[str]:
    match = re.search(r'dataLayer\.push\((\{"event":"consent_update".*?\})\)', html)
    assert match, html
    return json.loads(match.group(1))["consent_services"]


def services_of(group: CookieGroup) -> list[str]:
    return sorted(group.cookie_set.values_list("name", flat=True))


@pytest.fixture
def groups(db):
    made = {}
    for varname, services in {
        "marketing": ["google_analytics"],
        "advertising": ["google_ads", "facebook_pixel"],
    }.items():
        group, _ = CookieGroup.objects.get_or_create(varname=varname, defaults={"name": varname})
        for name in services:
            Cookie.objects.get_or_create(cookiegroup=group, name=name)
        made[varname] = group
    return made


@pytest.mark.django_db
def test_without_settings_the_page_has_no_tag_manager_or_recorder(client):
    html = client.get("/login").content.decode()
    assert "googletagmanager" not in html
    assert "gtag" not in html
    assert "dataLayer" not in html
    assert "session-recorder" not in html
    assert "\x00" not in html


@pytest.mark.django_db
@override_settings(**GTM)
def test_consent_defaults_deny_everything_before_the_tag_manager_script(client):
    response = client.get("/login")
    html = response.content.decode()
    assert consent_calls(html) == [("default", DENIED)]
    # The per-request slot of the cached layout is always filled.
    assert "\x00" not in html
    defaults = html.index('gtag("consent","default"')
    script = html.index('<script async nonce="')
    assert html.index("https://www.googletagmanager.com/gtm.js?id=GTM-TEST123") > script
    assert defaults < script < html.index("</head>")
    # The noscript iframe stands right at the start of the body, once.
    assert html.count("https://www.googletagmanager.com/ns.html?id=GTM-TEST123") == 1
    body = html[html.index("<body") :]
    assert body.index("<noscript><iframe") < body.index('id="app"')


@pytest.mark.django_db
@override_settings(**GTM)
def test_every_tag_manager_script_carries_this_responses_nonce(client):
    first = client.get("/login")
    second = client.get("/login")
    nonces = set()
    for response in (first, second):
        html = response.content.decode()
        nonce = nonce_of_header(response)
        scripts = inline_scripts(html)
        assert scripts and all(n == nonce for n, _ in scripts)
        assert f'<script async nonce="{nonce}" src="https://www.googletagmanager.com/' in html
        nonces.add(nonce)
    # Per request: the cached layout never keeps an old nonce.
    assert len(nonces) == 2


@pytest.mark.django_db
@override_settings(**GTM)
def test_a_choice_already_made_updates_consent_inline(client, groups):
    client.cookies["cookie_consent"] = (
        f"marketing={groups['marketing'].get_version()}|advertising=-1"
    )
    html = client.get("/login").content.decode()
    assert consent_calls(html) == [
        ("default", DENIED),
        ("update", {**DENIED, "analytics_storage": "granted"}),
    ]
    assert consent_services(html) == services_of(groups["marketing"])
    assert html.index('gtag("consent","update"') < html.index("gtm.js?id=")


@pytest.mark.django_db
@override_settings(**GTM)
def test_accepting_advertising_grants_the_ad_signals(client, groups):
    version = groups["advertising"].get_version()
    client.cookies["cookie_consent"] = f"marketing=-1|advertising={version}"
    html = client.get("/login").content.decode()
    assert consent_calls(html)[1] == (
        "update",
        {
            **DENIED,
            "ad_storage": "granted",
            "ad_user_data": "granted",
            "ad_personalization": "granted",
        },
    )
    services = consent_services(html)
    assert services == services_of(groups["advertising"])
    assert {"facebook_pixel", "google_ads"} <= set(services)
    assert "google_analytics" not in services


@pytest.mark.django_db
@override_settings(**GTM)
@pytest.mark.parametrize(
    "cookie",
    ["marketing=-1|advertising=-1", "garbage", "marketing=1999-01-01", "a=b=c|<script>", ""],
)
def test_a_declined_outdated_or_tampered_cookie_leaves_everything_denied(client, groups, cookie):
    client.cookies["cookie_consent"] = cookie
    response = client.get("/login")
    assert response.status_code == 200
    assert consent_calls(response.content.decode()) == [("default", DENIED)]


@pytest.mark.django_db
@override_settings(**GTM)
def test_inertia_visits_do_not_load_the_tag_manager_again(client):
    response = visit(client, "/login")
    assert response.headers["X-Inertia"] == "true"
    assert b"googletagmanager" not in response.content


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("overrides", "present"),
    [(RECORDER, True), ({**RECORDER, "OPENREPLAY_INGEST_URL": ""}, False), ({}, False)],
)
def test_the_recorder_is_configured_only_with_both_settings(client, overrides, present):
    with override_settings(**overrides):
        html = client.get("/login").content.decode()
    tag = (
        '<meta name="session-recorder" data-project-key="project-key-1"'
        ' data-ingest-url="https://replay.platforma.example/ingest">'
    )
    assert (tag in html) is present
    assert "googletagmanager" not in html


BASE = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
}


@pytest.mark.parametrize(
    ("tag_manager", "ingest", "expected"),
    [
        (False, "", BASE),
        (
            True,
            "",
            {
                "default-src": [CSP.SELF],
                "script-src": [CSP.SELF, CSP.NONCE, "https://www.googletagmanager.com"],
                "img-src": [CSP.SELF, "data:", "https://www.googletagmanager.com"],
                "connect-src": [CSP.SELF, "https://www.googletagmanager.com"],
                "frame-src": [CSP.SELF, "https://www.googletagmanager.com"],
            },
        ),
        (
            False,
            "https://replay.example:8443/ingest",
            {
                **BASE,
                "connect-src": [CSP.SELF, "https://replay.example:8443"],
                "worker-src": [CSP.SELF, "blob:"],
            },
        ),
    ],
)
def test_the_policy_admits_exactly_the_configured_hosts(tag_manager, ingest, expected):
    policy = with_tracking_hosts(BASE, tag_manager=tag_manager, recorder_ingest_url=ingest)
    assert policy == expected


def test_the_deployed_policy_lists_exactly_the_tag_manager_and_the_ingest_host():
    # With the hashes of the build's stylesheet as that process read them (the same
    # reading its policy was built from; a test that rebuilds the frontend meanwhile may
    # leave it none).
    code = (
        "from django.conf import settings as s; from django.utils.csp import build_policy;"
        "from app.core.inline_style import style_hash_sources;"
        " print(' '.join(style_hash_sources(s.VITE_MANIFEST)));"
        " print(build_policy(s.SECURE_CSP, 'N'))"
    )
    env = {**GTM, **RECORDER, "VITE_DEV_SERVER": ""}
    hashes, policy = run_manage("shell", "-c", code, env=env).stdout.splitlines()[-2:]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives == {
        "default-src": "'self'",
        "script-src": "'self' 'nonce-N' https://www.googletagmanager.com",
        # The build's stylesheet, written into each page (app/core/inline_style.py).
        "style-src": " ".join(["'self'", "'nonce-N'", *hashes.split()]),
        "img-src": "'self' data: blob: https://www.googletagmanager.com",
        "font-src": "'self'",
        "connect-src": "'self' https://www.googletagmanager.com https://replay.platforma.example",
        "frame-ancestors": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "object-src": "'none'",
        "frame-src": "'self' https://www.googletagmanager.com",
        "worker-src": "'self' blob:",
    }
    unset = run_manage("shell", "-c", code, env={"VITE_DEV_SERVER": ""}).stdout.splitlines()[-1]
    assert "googletagmanager" not in unset
    assert "replay" not in unset
    assert "unsafe-inline" not in policy + unset


def test_build_policy_still_fills_the_nonce():
    # The nonce placeholder survives the merge (the same member, not a copy of its text).
    merged = with_tracking_hosts(BASE, tag_manager=True, recorder_ingest_url="")
    assert "'nonce-X'" in build_policy(merged, "X")


@pytest.mark.django_db
def test_the_uncached_layout_of_the_dev_server_gets_the_same_head(client, settings):
    settings.GTM_CONTAINER_ID = "GTM-TEST123"
    settings.DJANGO_VITE = {"default": {**settings.DJANGO_VITE["default"], "dev_mode": True}}
    response = client.get("/login")
    html = response.content.decode()
    nonce = nonce_of_header(response)
    assert consent_calls(html) == [("default", DENIED)]
    assert all(n == nonce for n, _ in inline_scripts(html))
    assert "\x00" not in html
