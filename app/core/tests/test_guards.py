"""Every route of the route table, for every kind of visitor (docs/behaviour.md#route-table)."""

from urllib.parse import quote

import pytest

from app.accounts.tests.factories import make_user
from app.core.roles import Role

VISITORS = {
    "anonymous": None,
    "learner": {},
    "shop": {"is_shop_user": True},
    "student": {"is_student": True},
    "admin": {"roles": [Role.ADMIN]},
    "super": {"roles": [Role.SUPER_ADMIN]},
    "institution": {"roles": [Role.INSTITUTION]},
    "manager": {"roles": [Role.MANAGER]},
    "leader": {"roles": [Role.MANAGER_LEADER]},
    "reseller": {"roles": [Role.RESELLER]},
    "cloud": {"roles": [Role.CLOUD]},
    "author": {"roles": [Role.AUTHOR]},
}
LOGGED_IN = [name for name in VISITORS if name != "anonymous"]

# What each route answers: "ok" (200), "login" (to /login with this returnUrl),
# "forbidden" (403 page), "missing" (404 page), or a redirect target.
LOGIN_ONLY = {"anonymous": "login", **dict.fromkeys(LOGGED_IN, "ok")}
PUBLIC = dict.fromkeys(VISITORS, "ok")


def only(*allowed: str) -> dict[str, str]:
    return {
        name: "login" if name == "anonymous" else "ok" if name in allowed else "forbidden"
        for name in VISITORS
    }


ROUTES = {
    "/": dict.fromkeys(VISITORS, "/platforma"),
    "/platforma": LOGIN_ONLY,
    "/platforma/moje_kursy": LOGIN_ONLY,
    # A course opens only for its owner; nobody here owns course 12 (issue 5).
    "/platforma/kurs/12": {"anonymous": "login", **dict.fromkeys(LOGGED_IN, "missing")},
    "/platforma/egzamin": LOGIN_ONLY,
    "/platforma/pytania-rekrutacyjne": LOGIN_ONLY,
    "/platforma/ulubione": LOGIN_ONLY,
    "/platforma/notatki": LOGIN_ONLY,
    "/platforma/certyfikaty": LOGIN_ONLY,
    "/platforma/profil": LOGIN_ONLY,
    "/platforma/postepy": only("shop"),
    "/platforma/student": only("student"),
    "/platforma/nie-ma-takiej": {"anonymous": "login", **dict.fromkeys(LOGGED_IN, "missing")},
    "/odbierz_kurs": LOGIN_ONLY,
    "/odbierz_kurs/KOD-123": LOGIN_ONLY,
    "/twoj_zespol?manager=abc": LOGIN_ONLY,
    "/konto/usun/abc": LOGIN_ONLY,
    # Anonymous visitors of the admin panel log in on the admin login page.
    "/admin/": only("admin", "super") | {"anonymous": "/thehero_piwnica?returnUrl=%2Fadmin%2F"},
    "/admin": dict.fromkeys(VISITORS, "/admin/"),
    "/instytucja": only("institution"),
    "/instytucja/pule": only("institution") | {"institution": "missing"},
    "/manager": only("manager", "leader"),
    "/reseller": only("reseller", "cloud"),
    "/author": only("author"),
    "/p/haslo/przypomnij": PUBLIC,
    "/p/nie-ma-takiej": dict.fromkeys(VISITORS, "missing"),
    "/login": {"anonymous": "ok", **dict.fromkeys(LOGGED_IN, "/platforma")},
    # An admin already logged in goes straight to the admin panel (docs/behaviour.md#admin-login).
    "/thehero_piwnica": PUBLIC | {"admin": "/admin/", "super": "/admin/"},
    "/thehero_piwnica/remind": PUBLIC,
    # A session link opened while logged in goes to /platforma (docs/behaviour.md#session-links).
    "/session/abc/moje_kursy": {"anonymous": "ok", **dict.fromkeys(LOGGED_IN, "/platforma")},
    "/session/abc/kurs/12": {"anonymous": "ok", **dict.fromkeys(LOGGED_IN, "/platforma")},
    "/session": {"anonymous": "/login", **dict.fromkeys(LOGGED_IN, "ok")},
    "/nie-ma-takiej-strony": dict.fromkeys(VISITORS, "missing"),
}

CASES = [
    (route, visitor, outcome)
    for route, table in ROUTES.items()
    for visitor, outcome in table.items()
]


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "visitor", "outcome"), CASES)
def test_route_table(client, route, visitor, outcome):
    options = VISITORS[visitor]
    if options is not None:
        client.force_login(make_user(**options))

    response = client.get(route)

    if outcome == "ok":
        assert response.status_code == 200
    elif outcome == "login":
        assert response.status_code == 302
        assert response.headers["Location"] == f"/login?returnUrl={quote(route, safe='')}"
    elif outcome == "forbidden":
        assert response.status_code == 403
        assert b'"component": "Errors/Error"' in response.content
    elif outcome == "missing":
        assert response.status_code == 404
        assert b'"component": "Errors/Error"' in response.content
    else:
        assert response.status_code in (301, 302)
        assert response.headers["Location"] == outcome
