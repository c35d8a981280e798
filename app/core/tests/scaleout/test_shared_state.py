"""Two web nodes behind HAProxy, round robin, no sticky sessions: whichever node answers,
a visitor is the same visitor. A login through one node is a session on the other, a rate
limit counts every node's failures, an invalidation made through one node holds on the
other at once, an alert saved through one shows on the other within the second the README
states (SHARED_MAX_AGE), voucher seats stay exact with redemptions on both, and an avatar
uploaded through one node is shown through the other."""

import io
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from PIL import Image

from app.accounts.models import Role as RoleRow
from app.accounts.models import User
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.accounts.tests.mfa_helpers import totp_enrol
from app.core.roles import Role
from app.core.tests.object_storage import BUCKET
from app.core.tests.scaleout import admin_forms
from app.core.tests.scaleout.balancer import address, visitor
from app.core.tests.scaleout.cluster import aim_at, logged_in, with_room_in_the_limits_window
from app.core.versioned_cache import SHARED_MAX_AGE
from app.learning.tests.factories import make_course
from app.shell.models import Alert
from app.vouchers.models import Redemption
from app.vouchers.tests.factories import make_voucher

pytestmark = [pytest.mark.scaleout, pytest.mark.django_db(transaction=True)]

PROFILE = "/platforma/profil"


def make_admin() -> User:
    """An ADMIN with the second factor production requires of the role; the test's
    session stands for a login that passed both steps."""
    admin = make_user(email="admin@example.com")
    admin.roles.add(RoleRow.objects.get_or_create(code=Role.ADMIN)[0])
    totp_enrol(admin)
    return admin


def test_the_balancer_alternates_and_a_login_on_one_node_is_a_session_on_the_other(
    nodes, through_balancer
):
    make_user(email="ola@example.com")
    browser = through_balancer

    browser.open("/login")
    aim_at(browser, nodes, "node-a")
    login = browser.log_in("ola@example.com", DEFAULT_PASSWORD)
    pages = [browser.visit(PROFILE) for _ in range(4)]

    assert login.status_code in (302, 409)
    assert nodes.served_by(login) == "node-a"
    # Every request its own turn: B, A, B, A, each with the session A started.
    assert [nodes.served_by(page) for page in pages] == ["node-b", "node-a"] * 2
    assert [page.status_code for page in pages] == [200] * 4
    assert all(page.json()["props"]["profile"]["email"] == "ola@example.com" for page in pages)


def test_failed_logins_split_between_the_nodes_block_as_on_one(nodes, through_balancer):
    # "login_failed": 5 per 5 minutes for one account from one address (settings.py).
    make_user(email="ola@example.com")
    with_room_in_the_limits_window()
    login = "/api/public/login"
    guesses = [
        through_balancer.http.post(
            login, json={"login": "ola@example.com", "loginPassword": f"x{n}"}
        )
        for n in range(6)
    ]
    # The right password, after the limit: refused too, on whichever node.
    right = through_balancer.http.post(
        login, json={"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}
    )
    # The same account from another address still gets in (the key is both).
    with visitor(nodes.haproxy.url, address(7)) as elsewhere:
        other = elsewhere.http.post(
            login, json={"login": "ola@example.com", "loginPassword": DEFAULT_PASSWORD}
        )

    # The five failures went to both nodes, in turn.
    assert sorted(Counter(nodes.served_by(guess) for guess in guesses[:5]).values()) == [2, 3]
    assert [guess.status_code for guess in guesses] == [400] * 5 + [429]
    assert right.status_code == 429
    assert other.status_code == 200


def test_a_role_taken_away_through_one_node_is_refused_through_the_other_at_once(nodes):
    manager = make_user(email="menedzer@example.com")
    manager.roles.add(RoleRow.objects.get_or_create(code=Role.MANAGER)[0])
    admin = make_admin()
    with (
        logged_in(nodes.via("node-b"), manager) as on_b,
        logged_in(nodes.via("node-a"), admin) as on_a,
    ):
        # Node B has served the manager's area, so its caches hold what it was shown.
        before = on_b.open("/manager").status_code
        manager_role = str(RoleRow.objects.get(code=Role.MANAGER).pk)
        saved = admin_forms.submit(
            on_a,
            f"/admin/accounts/user/{manager.pk}/change/",
            lambda fields: [f for f in fields if f != ("roles", manager_role)],
        )
        after = on_b.open("/manager").status_code

    assert before == 200
    assert saved.status_code == 302, saved.text[:2000]
    assert not User.objects.get(pk=manager.pk).roles.filter(code=Role.MANAGER).exists()
    assert after == 403


def test_an_alert_saved_through_one_node_shows_on_the_other_within_a_second(nodes):
    admin = make_admin()
    text = "Przerwa techniczna w sobotę od 22:00."
    with nodes.via("node-b") as on_b, logged_in(nodes.via("node-a"), admin) as on_a:
        # Node B has read the (empty) alert, and remembers the alerts' generation.
        before = on_b.http.get("/api/alerts").json()

        def filled(fields):
            typed = {"text_desktop": text, "text_mobile": "Przerwa w sobotę."}
            return [(name, value) for name, value in fields if name not in typed] + list(
                typed.items()
            )

        saved = admin_forms.submit(on_a, "/admin/shell/alert/add/", filled)
        saved_at = time.monotonic()
        # What B answers until the delay the README states has passed, then once more.
        seen = []
        while time.monotonic() - saved_at < SHARED_MAX_AGE:
            seen.append(on_b.http.get("/api/alerts").json())
            time.sleep(0.1)
        after = on_b.http.get("/api/alerts").json()

    assert before == []
    assert saved.status_code == 302, saved.text[:2000]
    assert Alert.objects.get().text_desktop == text
    assert after["text_desktop"] == text
    # Never anything but the empty answer or the new alert meanwhile.
    assert all(answer == [] or answer["text_desktop"] == text for answer in seen)


def test_voucher_seats_stay_exact_with_redemptions_on_both_nodes(nodes):
    voucher = make_voucher(product=make_course(lessons=1), seats=12)
    learners = [make_user(email=f"uczen{n}@example.com") for n in range(30)]
    browsers = [
        logged_in(visitor(nodes.haproxy.url, address(n), keep_alive=False), learner)
        for n, learner in enumerate(learners)
    ]

    def redeem(browser):
        browser.open("/odbierz_kurs")
        response = browser.post("/odbierz_kurs", {"code": voucher.code})
        return nodes.served_by(response), response.status_code, response.headers.get("Location", "")

    try:
        with ThreadPoolExecutor(max_workers=15) as pool:
            answers = list(pool.map(redeem, browsers))
    finally:
        for browser in browsers:
            browser.close()

    voucher.refresh_from_db()
    given = [node for node, status, target in answers if target.startswith("/platforma/kurs/")]
    assert all(status == 302 for _, status, _ in answers), answers
    assert set(node for node, _, _ in answers) == {"node-a", "node-b"}
    assert len(given) == 12
    assert voucher.seats_used == Redemption.objects.filter(voucher=voucher).count() == 12
    assert Redemption.objects.values("user").distinct().count() == 12


def picture() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 64), (0, 128, 255)).save(buffer, format="PNG")
    return buffer.getvalue()


def test_an_avatar_uploaded_through_one_node_is_shown_through_the_other(nodes):
    learner = make_user(email="ola@example.com")
    with (
        logged_in(nodes.via("node-a"), learner) as on_a,
        logged_in(nodes.via("node-b"), learner) as on_b,
    ):
        on_a.open(PROFILE)
        uploaded = on_a.http.post(
            "/platforma/profil/awatar",
            files={"avatar": ("ja.png", picture(), "image/png")},
            headers={**on_a._headers(), "Origin": on_a.origin},
        )
        shown = on_b.visit(PROFILE).json()["props"]["profile"]["avatar_url"]

    learner.refresh_from_db()
    assert uploaded.status_code == 302, uploaded.text[:500]
    assert uploaded.headers["Location"] == PROFILE
    assert nodes.s3.keys_in_bucket() == [learner.avatar.name]
    assert shown == f"{nodes.s3.endpoint}/{BUCKET}/{learner.avatar.name}"
    # Anyone may fetch it there, as the page's <img> does.
    assert httpx.get(shown).content == nodes.s3.read(learner.avatar.name)
