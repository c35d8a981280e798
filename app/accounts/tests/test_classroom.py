"""A classroom behind one school address gets in all at once, with the platform's real
limits (docs/behaviour.md#limits), while an attacker at one address is still stopped
(SECURITY.md, "Accounts and roles").

The limits' clock stands still for the whole class (`limits_clock`): every attempt falls
into the same windows, as forty learners starting a lesson in the same minutes do."""

import pytest
from django.contrib.auth import SESSION_KEY
from django.http import HttpResponse
from django.test import Client

from app.accounts import known_devices, login_throttle
from app.accounts.models import User
from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.api.tests.helpers import error_of, get_api, post_api
from app.core.models import LimitEvent
from app.core.ratelimits import Client as LimitClient
from app.core.ratelimits import RateLimited
from app.core.roles import Role
from app.core.tests.helpers import post_json
from app.learning.models import Access
from app.learning.tests.factories import make_course
from app.vouchers.models import Redemption
from app.vouchers.tests.factories import make_batch

pytestmark = pytest.mark.django_db

SCHOOL = "203.0.113.50"
CLASS = 40
MISTYPING = 15
PASSWORD = "lekcja-pierwsza"


def _learner(n: int) -> dict[str, object]:
    return {
        "username": f"uczen{n:02d}@szkola.example",
        "first_name": "Uczeń",
        "last_name": "Klasowy",
        "password": PASSWORD,
        "accept_terms": True,
        "newsletter": False,
    }


def _register(n: int) -> None:
    learner = _learner(n)
    if n % 2:
        # The app's registration (its field names).
        response = post_api(
            Client(REMOTE_ADDR=SCHOOL),
            "/api/public/register",
            {
                "username": learner["username"],
                "firstName": learner["first_name"],
                "lastName": learner["last_name"],
                "password": learner["password"],
                "acceptTerms": True,
                "newsletter": False,
            },
        )
        assert response.status_code == 200, response.content
    else:
        browser = Client(REMOTE_ADDR=SCHOOL)
        response = post_json(browser, "/login/register", learner)
        assert response.status_code in (302, 409), response.content
        assert SESSION_KEY in browser.session


def _log_in(n: int, password: str) -> tuple[int, Client]:
    email = str(_learner(n)["username"])
    if n % 2:
        response = post_api(
            Client(REMOTE_ADDR=SCHOOL),
            "/api/public/login",
            {"login": email, "loginPassword": password},
        )
        return response.status_code, Client()
    browser = Client(REMOTE_ADDR=SCHOOL)
    post_json(browser, "/login", {"login": email, "login_password": password})
    return (200 if SESSION_KEY in browser.session else 400), browser


def test_a_class_registers_logs_in_and_redeems_its_codes_from_one_address(
    limits_clock, waits, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        for n in range(CLASS):
            _register(n)
    assert User.objects.filter(email__endswith="@szkola.example").count() == CLASS

    # Fifteen mistype their password once or twice first; then everyone gets in.
    browsers = {}
    for n in range(CLASS):
        if n < MISTYPING:
            for _typo in range(1 + n % 2):
                assert _log_in(n, "lekcja-pierwszaa")[0] == 400
        status, browser = _log_in(n, PASSWORD)
        assert status == 200, n
        browsers[n] = browser

    institution = make_user(roles=[Role.INSTITUTION])
    course = make_course(title="Bezpieczeństwo w sieci")
    batch = make_batch(issued_by=institution, product=course, codes=CLASS)
    codes = list(batch.vouchers.values_list("code", flat=True))
    for n, code in enumerate(codes):
        user = User.objects.get(email=_learner(n)["username"])
        if n % 2:
            token = post_api(
                Client(REMOTE_ADDR=SCHOOL),
                "/api/public/login",
                {"login": user.email, "loginPassword": PASSWORD},
            ).json()["value"]
            app = Client(REMOTE_ADDR=SCHOOL)
            response = get_api(app, f"/api/app/voucher/{code}/consume", token=token)
            assert response.status_code == 200, error_of(response)
        else:
            response = post_json(browsers[n], "/odbierz_kurs", {"code": code})
            assert response.headers["Location"] == f"/platforma/kurs/{course.pk}"

    assert Redemption.objects.filter(voucher__batch=batch).count() == CLASS
    assert Access.objects.filter(course=course).count() == CLASS
    # Nobody was slowed down or refused on the way.
    assert waits == []
    assert not LimitEvent.objects.exists()


def test_another_learners_typos_never_refuse_a_right_password(limits_clock, waits):
    make_user(email="ola@szkola.example")
    for n in range(30):
        post_json(
            Client(REMOTE_ADDR=SCHOOL),
            "/login",
            {"login": f"kolega{n % 10}@szkola.example", "login_password": "zle"},
        )
    browser = Client(REMOTE_ADDR=SCHOOL)
    post_json(
        browser, "/login", {"login": "ola@szkola.example", "login_password": DEFAULT_PASSWORD}
    )
    assert SESSION_KEY in browser.session
    assert waits == []


def test_credential_stuffing_from_one_address_is_slowed_down_as_security_md_says(
    limits_clock, waits, settings
):
    # The passwords' hash is not what is measured here: a fast one keeps the run short.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    teacher = make_user(email="nauczyciel@szkola.example")
    rules = settings.LOGIN_ADDRESS_SLOWDOWN
    answered = []
    for n in range(1000):
        response = post_api(
            Client(REMOTE_ADDR=SCHOOL),
            "/api/public/login",
            {"login": f"ofiara{n}@example.com", "loginPassword": "Haslo123!"},
        )
        answered.append(response.status_code)
        if n == 500:
            # A real user at the same address, in the middle of it, gets in at once.
            before = len(waits)
            browser = Client(REMOTE_ADDR=SCHOOL)
            post_json(
                browser,
                "/login",
                {"login": teacher.email, "login_password": DEFAULT_PASSWORD},
            )
            assert browser.session[SESSION_KEY] == str(teacher.pk)
            assert len(waits) == before

    assert set(answered) == {400}
    # The first failures are answered at once; then each waits longer, up to the ceiling.
    assert len(waits) == 1000 - rules["free"]
    assert waits[:5] == [0.25, 0.5, 1.0, 2.0, 3.0]
    assert set(waits[4:]) == {rules["max"]}
    # A single client could make at most one guess per ceiling: in_flight / max a second.
    assert rules["in_flight"] / rules["max"] <= 1


def test_one_account_guessed_from_one_address_is_blocked_there(limits_clock, waits):
    owner = make_user(email="ola@szkola.example")
    attacker = Client(REMOTE_ADDR=SCHOOL)
    statuses = []
    for _ in range(20):
        response = post_api(
            attacker, "/api/public/login", {"login": owner.email, "loginPassword": "zgaduje"}
        )
        statuses.append(response.status_code)
    assert statuses == [400] * 5 + [429] * 15
    assert response["Retry-After"] == str(5 * 60 - 15)
    # The right password from that address waits for the window too...
    right = post_api(
        attacker, "/api/public/login", {"login": owner.email, "loginPassword": DEFAULT_PASSWORD}
    )
    assert right.status_code == 429
    # ...and the account's refusals are counted for its institution, without addresses.
    assert LimitEvent.objects.get(user=owner, kind=LimitEvent.Kind.REFUSED).count == 16


def test_two_classes_behind_one_address_make_more_typos_than_the_free_ones_and_get_in(
    limits_clock, waits, settings
):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    rules = settings.LOGIN_ADDRESS_SLOWDOWN
    learners = [make_user(email=f"uczen{n:02d}@szkola.example") for n in range(2 * CLASS)]
    typos = 0
    # Two classes in the same quarter of an hour, three typos for every four learners: more
    # failures than one class's free allowance, fewer than their logins earn.
    for n, learner in enumerate(learners):
        if n % 4 != 3:
            typos += 1
            assert _web_log_in(learner.email, "zle-haslo") is None
        assert _web_log_in(learner.email, DEFAULT_PASSWORD) is not None, n
    assert typos > rules["free"]
    assert waits == []
    assert not LimitEvent.objects.exists()


def test_a_browser_that_logged_in_before_is_not_held_up_by_a_flood_at_its_address(
    limits_clock, waits, settings
):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    rules = settings.LOGIN_ADDRESS_SLOWDOWN
    teacher = make_user(email="nauczyciel@szkola.example")
    newcomer = make_user(email="nowa@szkola.example")
    teachers_browser = _web_log_in(teacher.email, DEFAULT_PASSWORD)
    assert teachers_browser is not None
    teachers_browser.post("/logout")
    # Someone at the school's address stuffs credentials until it is slowed down, and
    # keeps its most attempts in flight at once.
    for n in range(rules["free"] + 5):
        assert _web_log_in(f"ofiara{n}@example.com", "Haslo123!") is None
    flood = [
        login_throttle.login_attempt_begin(
            client=LimitClient(address=SCHOOL), email=f"ofiara{n}@example.com"
        )
        for n in range(rules["in_flight"])
    ]

    # A browser new to its account is turned away with the attacker's requests...
    stranger = Client(REMOTE_ADDR=SCHOOL)
    post_json(stranger, "/login", {"login": newcomer.email, "login_password": DEFAULT_PASSWORD})
    assert SESSION_KEY not in stranger.session
    assert LimitEvent.objects.filter(user=newcomer, kind=LimitEvent.Kind.REFUSED).exists()
    # ...the teacher's own browser gets in at once, and so does a typo of theirs.
    before = len(waits)
    post_json(teachers_browser, "/login", {"login": teacher.email, "login_password": "literowka"})
    assert len(waits) == before
    assert _web_log_in(teacher.email, DEFAULT_PASSWORD, browser=teachers_browser) is not None
    assert len(waits) == before
    # The newcomer's browser is known once it has logged in, so one login is enough.
    for attempt in flood:
        attempt.failed()
    assert _web_log_in(newcomer.email, DEFAULT_PASSWORD, browser=stranger) is not None
    assert known_devices.COOKIE_NAME in stranger.cookies


def test_the_places_in_flight_stay_as_many_when_their_counter_runs_out_mid_flight(
    limits_clock, waits, settings
):
    """Logins still in flight when the counter of the address's attempts in flight expires
    give their places back to a counter that starts at zero: the next flood gets as many
    places as the last, not twice as many."""
    from django.core.cache import cache

    rules = settings.LOGIN_ADDRESS_SLOWDOWN
    school = LimitClient(address=SCHOOL)
    for n in range(rules["free"]):
        login_throttle.login_attempt_begin(client=school, email=f"ofiara{n}@example.com").failed()

    def flood(first: int) -> list[login_throttle.LoginAttempt]:
        return [
            login_throttle.login_attempt_begin(client=school, email=f"ofiara{n}@example.com")
            for n in range(first, first + rules["in_flight"])
        ]

    in_flight = flood(100)
    cache.delete(login_throttle._in_flight_key(SCHOOL))  # its minute ran out meanwhile
    for attempt in in_flight:
        attempt.failed()

    again = flood(200)
    with pytest.raises(RateLimited):
        login_throttle.login_attempt_begin(client=school, email="ofiara300@example.com")
    for attempt in again:
        attempt.failed()


def test_a_known_browser_still_guesses_its_account_only_five_times(limits_clock, waits):
    owner = make_user(email="ola@szkola.example")
    app = Client(REMOTE_ADDR=SCHOOL)

    def log_in(password: str) -> int:
        body = {"login": owner.email, "loginPassword": password}
        return post_api(app, "/api/public/login", body).status_code

    assert log_in(DEFAULT_PASSWORD) == 200
    assert known_devices.COOKIE_NAME in app.cookies
    assert [log_in("zgaduje") for _ in range(7)] == [400] * 5 + [429] * 2


def test_a_device_cookie_vouches_only_for_its_own_accounts_and_only_when_signed(rf):
    response = HttpResponse()
    known_devices.device_remember(rf.get("/"), response, email="Ola@Example.com")
    value = response.cookies[known_devices.COOKIE_NAME].value
    assert "ola" not in value.lower()
    assert response.cookies[known_devices.COOKIE_NAME]["httponly"]

    def vouches(cookie: str, email: str) -> bool:
        request = rf.get("/")
        request.COOKIES[known_devices.COOKIE_NAME] = cookie
        return known_devices.device_vouches(request, email=email)

    assert vouches(value, "ola@example.com")
    assert not vouches(value, "ala@example.com")
    assert not vouches(value[:-1] + ("A" if value[-1] != "A" else "B"), "ola@example.com")
    assert not vouches("x" * 5000, "ola@example.com")
    # A browser remembers its five latest accounts.
    request = rf.get("/")
    for n in range(known_devices.MAX_ACCOUNTS + 1):
        response = HttpResponse()
        known_devices.device_remember(request, response, email=f"konto{n}@example.com")
        request.COOKIES[known_devices.COOKIE_NAME] = response.cookies[
            known_devices.COOKIE_NAME
        ].value
    assert not known_devices.device_vouches(request, email="konto0@example.com")
    assert known_devices.device_vouches(request, email="konto5@example.com")


def _web_log_in(email: str, password: str, *, browser: Client | None = None) -> Client | None:
    """The browser logged in to `email` from the school's address, or None when refused."""
    browser = browser or Client(REMOTE_ADDR=SCHOOL)
    post_json(browser, "/login", {"login": email, "login_password": password})
    return browser if browser.session.get(SESSION_KEY) else None


def test_the_free_failures_logins_earn_stop_at_their_ceiling(limits_clock, waits, settings):
    # SECURITY.md's bound on stuffing: however many accounts log in from the address, it
    # earns at most credit_max more free failures.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.LOGIN_ADDRESS_SLOWDOWN = {
        **settings.LOGIN_ADDRESS_SLOWDOWN,
        "free": 2,
        "per_success": 2,
        "credit_max": 4,
    }
    for n in range(5):
        learner = make_user(email=f"uczen{n}@szkola.example")
        assert _web_log_in(learner.email, DEFAULT_PASSWORD) is not None
        # The same account again earns nothing more.
        assert _web_log_in(learner.email, DEFAULT_PASSWORD) is not None
    for n in range(2 + 4 + 1):
        assert _web_log_in(f"ofiara{n}@example.com", "Haslo123!") is None
    # Five accounts would earn 10; the ceiling lets 2 + 4 go free, the seventh waits.
    assert waits == [0.25]
