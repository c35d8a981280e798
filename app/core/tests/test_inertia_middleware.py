"""The XSRF-TOKEN cookie is set where a browser has none and not sent again where it has one
(app/core/inertia_middleware.py); everything else answers as inertia-django's middleware."""

import hashlib
import inspect

import pytest
from django.conf import settings
from django.http import HttpResponse, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.test import Client, RequestFactory
from inertia.middleware import InertiaMiddleware

from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.core.inertia_middleware import PlatformaInertiaMiddleware
from app.core.tests.helpers import inertia_headers, post_json

pytestmark = pytest.mark.django_db

COOKIE = settings.CSRF_COOKIE_NAME
SECRET = "a" * 16 + "B" * 16
# inertia-django 2.0.0's InertiaMiddleware.__call__.
LIBRARY_CALL_SHA256 = "f358360b7e2367237e5feacc727e7dc66e14535df3c3ad734a54b265b3e2141e"


def _secret_sent(response) -> str | None:
    morsel = response.cookies.get(COOKIE)
    return morsel.value if morsel is not None else None


def test_a_first_visit_gets_the_cookie_with_a_new_secret():
    response = Client().get("/login")

    sent = _secret_sent(response)
    assert response.status_code == 200
    assert sent is not None
    assert len(sent) == 32
    assert "Cookie" in response.headers["Vary"]


@pytest.mark.parametrize("path", ["/login", "/platforma"])
def test_a_browser_holding_the_cookie_is_not_sent_it_again(path):
    client = Client()
    client.force_login(make_user())
    client.cookies[COOKIE] = SECRET

    response = client.get(path)
    visit = client.get(path, headers=inertia_headers())

    assert response.status_code in (200, 302)
    assert _secret_sent(response) is None
    assert _secret_sent(visit) is None


def test_the_secret_it_holds_still_lets_its_changes_through_and_nobody_elses():
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user())
    client.cookies[COOKIE] = SECRET
    assert client.get("/platforma/profil").status_code == 200

    refused = client.post("/logout", headers={"X-XSRF-TOKEN": "c" * 32})
    assert refused.status_code == 403
    assert "_auth_user_id" in client.session

    done = client.post("/logout", headers={"X-XSRF-TOKEN": SECRET})
    assert done.status_code == 302
    assert "_auth_user_id" not in client.session


def test_a_change_posted_without_the_cookie_is_refused_with_a_new_one_to_try_again():
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user())

    refused = client.post("/logout", headers={"X-XSRF-TOKEN": SECRET})

    assert refused.status_code == 403
    assert "_auth_user_id" in client.session
    fresh = _secret_sent(refused)
    assert fresh is not None
    assert client.post("/logout", headers={"X-XSRF-TOKEN": fresh}).status_code == 302


def test_a_page_for_a_browser_holding_the_cookie_still_varies_by_cookie():
    client = Client()
    client.force_login(make_user())
    client.cookies[COOKIE] = SECRET

    response = client.get("/platforma/profil")

    assert "Cookie" in response.headers["Vary"]
    assert "no-store" in response.headers["Cache-Control"]


@pytest.mark.parametrize("sent", ["", "short", "!" * 32, "a" * 40])
def test_a_malformed_cookie_is_replaced(sent):
    client = Client()
    client.cookies[COOKIE] = sent

    replaced = _secret_sent(client.get("/login"))

    assert replaced is not None
    assert len(replaced) == 32
    assert replaced != sent


def test_logging_in_sends_a_new_secret():
    make_user(email="ola@example.com")
    client = Client()
    client.cookies[COOKIE] = SECRET

    response = post_json(
        client, "/login", {"login": "ola@example.com", "login_password": DEFAULT_PASSWORD}
    )

    assert "_auth_user_id" in client.session
    rotated = _secret_sent(response)
    assert rotated is not None
    assert rotated != SECRET


def _answers(view, cookies=None, **request_kwargs):
    """The library's answer and this middleware's to the same request, as (status,
    headers) each, and whether each asked Django to send the CSRF cookie."""
    found = []
    for middleware in (InertiaMiddleware, PlatformaInertiaMiddleware):
        request = RequestFactory().generic(**request_kwargs)
        request.COOKIES = dict(cookies or {})
        request.session = {}  # type: ignore[assignment]
        response = middleware(view)(request)
        found.append(
            (
                (response.status_code, dict(response.headers)),
                request.META.get("CSRF_COOKIE_NEEDS_UPDATE", False),
            )
        )
    return found


def _page(request):
    return HttpResponse("page")


def _redirect(request):
    return HttpResponseRedirect("/platforma")


def _moved(request):
    return HttpResponsePermanentRedirect("/platforma")


def _fragment(request):
    return HttpResponseRedirect("/platforma#oceny")


_INERTIA = {"HTTP_X_INERTIA": "true", "HTTP_X_INERTIA_VERSION": settings.INERTIA_VERSION}
KINDS = [
    (_page, {"method": "GET", "path": "/x"}),
    (_page, {"method": "GET", "path": "/x", **_INERTIA}),
    (_page, {"method": "GET", "path": "/x", **_INERTIA, "HTTP_X_INERTIA_VERSION": "old"}),
    (_page, {"method": "PUT", "path": "/x", **_INERTIA}),
    (_redirect, {"method": "PUT", "path": "/x", **_INERTIA}),
    (_redirect, {"method": "PATCH", "path": "/x", **_INERTIA}),
    (_redirect, {"method": "DELETE", "path": "/x", **_INERTIA}),
    (_moved, {"method": "DELETE", "path": "/x", **_INERTIA}),
    (_redirect, {"method": "POST", "path": "/x", **_INERTIA}),
    (_fragment, {"method": "GET", "path": "/x", **_INERTIA}),
    (_fragment, {"method": "GET", "path": "/x", **_INERTIA, "HTTP_PURPOSE": "prefetch"}),
]


@pytest.mark.parametrize(("view", "request_kwargs"), KINDS)
def test_without_the_cookie_it_answers_as_the_library(view, request_kwargs):
    (library, library_sends), (ours, ours_sends) = _answers(view, **request_kwargs)

    assert ours == library
    assert library_sends and ours_sends


@pytest.mark.parametrize(("view", "request_kwargs"), KINDS)
def test_with_the_cookie_it_answers_as_the_library_but_sends_none(view, request_kwargs):
    cookies = {COOKIE: SECRET}
    (library, library_sends), (ours, ours_sends) = _answers(view, **request_kwargs, cookies=cookies)

    assert ours == library
    # The library would have sent the browser's cookie again.
    assert library_sends
    assert not ours_sends


def test_the_library_answers_as_it_did_when_this_middleware_was_written():
    # The middleware above repeats the library's __call__ but for the cookie: a release that
    # changes it must be read again, and this middleware with it.
    source = inspect.getsource(InertiaMiddleware.__call__)

    assert hashlib.sha256(source.encode()).hexdigest() == LIBRARY_CALL_SHA256
