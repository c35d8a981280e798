"""No Redis blip brings back what a committed change took away, and no probe hangs.

gunicorn serves the platform with Redis behind a fault proxy. Five accounts are logged in
and have filled the caches; then Redis is cut (or answers 3 s late, or flaps), and
meanwhile a learner logs out (the cookie was copied first), a password is set anew, a
manager loses the MANAGER role, an account is switched off and a manager is taken off a
team. Once Redis is back and a moment has passed, every old cookie and role is refused,
as it already was during the fault (docs/behaviour.md#outages)."""

import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from app.accounts.models import Role as RoleRow
from app.accounts.models import User
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.core.roles import Role
from app.core.tests.resilience.proxy import FaultProxy
from app.core.tests.resilience.server import Browser, Gunicorn, platform_env, redis_url_through
from app.teams.tests.factories import make_team

pytestmark = [pytest.mark.resilience, pytest.mark.django_db(transaction=True)]

PROFILE = "/platforma/profil"


def _fault(proxy: FaultProxy, kind: str):
    """Start the fault `kind`; returns what ends it."""
    if kind == "cut":
        proxy.cut()
        return proxy.restore
    if kind == "late":
        proxy.delay(3.0)
        return proxy.restore
    flapping = proxy.flap(every=0.3, for_seconds=10)
    return lambda: flapping.join(timeout=30)


def _logged_in(server: Gunicorn, email: str) -> Browser:
    browser = Browser(server.url)
    for _attempt in range(3):
        # A machine busy enough to delay Redis past its timeout answers 503: try again.
        status = browser.log_in(email, DEFAULT_PASSWORD).status_code
        if status != 503:
            break
    assert status in (302, 409)
    return browser


def _refused_to_login(response: httpx.Response) -> bool:
    return response.status_code == 302 and response.headers["Location"].startswith("/login")


def _all_refused(who: dict, teams: dict) -> dict[str, int | bool]:
    return {
        "logged out": _refused_to_login(who["logged_out"].open(PROFILE)),
        "new password": _refused_to_login(who["password"].open(PROFILE)),
        "role taken": who["role"].open("/manager").status_code,
        "role taken, team page": who["role"].open(f"/manager/zespol/{teams['role']}").status_code,
        "switched off": _refused_to_login(who["inactive"].open(PROFILE)),
        "off the team": who["removed"].open(f"/manager/zespol/{teams['removed']}").status_code,
    }


REFUSED = {
    "logged out": True,
    "new password": True,
    "role taken": 403,
    "role taken, team page": 403,
    "switched off": True,
    "off the team": 404,
}


@pytest.mark.parametrize("kind", ["cut", "late", "flapping"])
def test_no_committed_change_is_undone_by_the_cache(services, tmp_path, kind):
    emails = {name: f"{name}@example.com" for name in REFUSED_ACCOUNTS}
    users = {name: make_user(email=email) for name, email in emails.items()}
    for name in ("role", "removed"):
        users[name].roles.add(RoleRow.objects.get_or_create(code=Role.MANAGER)[0])
    teams = {
        "role": make_team(name="Zespół A", managers=[users["role"]]).pk,
        "removed": make_team(name="Zespół B", managers=[users["removed"]]).pk,
    }
    proxy = FaultProxy(*_redis_address())
    server = Gunicorn(
        platform_env(redis_url=redis_url_through(proxy), MAIL_DIR=str(tmp_path)),
        workers=1,
        threads=4,
    )
    try:
        who = {name: _logged_in(server, email) for name, email in emails.items()}
        # Every page once, so the cache holds what each account was shown.
        for browser in who.values():
            assert browser.open(PROFILE).status_code == 200
        assert who["role"].open(f"/manager/zespol/{teams['role']}").status_code == 200
        assert who["removed"].open(f"/manager/zespol/{teams['removed']}").status_code == 200
        copied = Browser(server.url)
        copied.http.cookies.update(who["logged_out"].http.cookies)

        end_fault = _fault(proxy, kind)
        assert who["logged_out"].post("/logout", {}).status_code in (302, 409)
        who["logged_out"] = copied
        _change(users)
        during = _all_refused(who, teams)
        end_fault()
        time.sleep(2.5)
        after = _all_refused(who, teams)
    finally:
        server.stop()
        proxy.stop()

    assert during == REFUSED
    assert after == REFUSED


REFUSED_ACCOUNTS = ("logged_out", "password", "role", "inactive", "removed")


def _change(users: dict[str, User]) -> None:
    """What an admin does meanwhile, in the panel or the shell: each change commits."""
    password = User.objects.get(pk=users["password"].pk)
    password.set_password("zupelnie-nowe-haslo")
    password.save()
    User.objects.get(pk=users["role"].pk).roles.remove(Role.MANAGER)
    inactive = User.objects.get(pk=users["inactive"].pk)
    inactive.is_active = False
    inactive.save()
    removed = User.objects.get(pk=users["removed"].pk)
    for team in removed.managed_teams.all():
        team.managers.remove(removed)


def _redis_address() -> tuple[str, int]:
    from urllib.parse import urlsplit

    from django.conf import settings

    parts = urlsplit(settings.REDIS_URL)
    return parts.hostname or "127.0.0.1", parts.port or 6379


def test_probes_answer_within_their_deadline_while_redis_never_answers(services, tmp_path):
    proxy = FaultProxy(*_redis_address())
    # Redis (cache and broker) accepts connections and never says a word.
    proxy.hang()
    server = Gunicorn(
        platform_env(redis_url=redis_url_through(proxy), MAIL_DIR=str(tmp_path)),
        workers=1,
        threads=4,
    )

    def probe(_n: int) -> tuple[int, float]:
        started = time.monotonic()
        response = httpx.get(f"{server.url}/health/ready", timeout=30)
        return response.status_code, time.monotonic() - started

    try:
        with ThreadPoolExecutor(max_workers=21) as pool:
            probes = [pool.submit(probe, n) for n in range(20)]
            time.sleep(0.2)
            started = time.monotonic()
            login = httpx.get(f"{server.url}/login", timeout=30)
            login_seconds = time.monotonic() - started
            answers = [future.result() for future in probes]
        # And again: a stuck check is not started a second time, the answer stays quick.
        again = probe(0)
    finally:
        server.stop()
        proxy.stop()

    assert [status for status, _ in answers] == [503] * 20
    assert max(seconds for _, seconds in answers) < 3
    assert login.status_code == 200
    assert login_seconds < 3
    assert again[0] == 503
    assert again[1] < 3
