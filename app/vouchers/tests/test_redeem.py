"""Voucher redemption: every outcome (docs/behaviour.md#vouchers), bad input, the guess limit."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.core.errors import ApplicationError
from app.core.request_cache import request_cache_scope
from app.core.tests.helpers import page_of, post_json, visit
from app.learning.models import Access
from app.learning.tests.factories import grant, make_course, make_exam, make_path
from app.vouchers import services
from app.vouchers.models import Redemption, Voucher
from app.vouchers.tests import helpers
from app.vouchers.tests.factories import make_voucher
from app.vouchers.tests.helpers import form_error, post_code

pytestmark = pytest.mark.django_db


UNKNOWN = "Nie znaleźliśmy vouchera o tym kodzie. Sprawdź, czy kod jest wpisany poprawnie."
NOTHING = (
    "Wykorzystany voucher nie posiada przypisanego kursu, proszę skontaktuj się z administratorem."
)
EMPTY = "Proszę wprowadzić otrzymany kod."
TOO_MANY = "Zbyt wiele prób z nieprawidłowym kodem. Spróbuj ponownie za kilka minut."


def test_voucher_page_props(client):
    # Typed in lower case: the button's name shows it in title case.
    client.force_login(make_user(first_name="ola", last_name="nowak"))
    page = page_of(visit(client, "/odbierz_kurs"))
    assert page["component"] == "Vouchers/Redeem"
    assert page["props"]["code"] == ""
    assert page["props"]["action"] == "/odbierz_kurs"
    assert page["props"]["max_length"] == 64
    # The button's name comes from the shared user, in title case.
    user = page["props"]["auth"]["user"]
    assert (user["first_name"], user["last_name"]) == ("Ola", "Nowak")


@pytest.mark.parametrize(
    ("hash_", "code"),
    [
        ("demo-course", "DEMO-COURSE"),
        ("ABC_123", "ABC_123"),
        ("%F0%9F%92%A5", ""),
        ("a" * 65, ""),
        ("<script>", ""),
    ],
)
def test_the_link_fills_the_code_in_when_it_can_be_one(client, learner, hash_, code):
    page = page_of(visit(client, f"/odbierz_kurs/{hash_}"))
    assert page["props"]["code"] == code


@pytest.mark.parametrize(
    ("kind", "target", "flash"),
    [
        ("course", "/platforma/kurs/{id}", "Odebrano kurs: {title}."),
        ("exam", "/platforma/egzamin", "Odebrano egzamin: {title}."),
        ("path", "/platforma/moje_kursy", "Odebrano ścieżkę nauki: {title}."),
    ],
)
def test_each_product_leads_to_its_page_with_its_message(client, learner, kind, target, flash):
    product = {"course": make_course, "exam": make_exam, "path": make_path}[kind]()
    voucher = make_voucher(code="KOD-1", product=product, seats=2)

    response = post_code(client, "  kod-1 ")

    assert response.status_code == 302
    assert response.headers["Location"] == target.format(id=product.pk)
    assert Access.objects.get(user=learner).product == product
    redemption = Redemption.objects.get()
    assert (redemption.voucher, redemption.user) == (voucher, learner)
    voucher.refresh_from_db()
    assert voucher.seats_used == 1
    page = page_of(visit(client, "/platforma"))
    assert page["flash"]["messages"] == [
        {"level": "success", "message": flash.format(title=product.title)}
    ]


@pytest.mark.parametrize("kind", ["course", "exam", "path"])
def test_the_service_answers_type_and_object_id_and_records_the_grant(writes, kind):
    product = {"course": make_course, "exam": make_exam, "path": make_path}[kind]()
    voucher = make_voucher(code="ABC", product=product, seats=2)
    user = make_user()

    grant_ = services.voucher_redeem(user=user, code="abc")

    assert (grant_.type, grant_.object_id) == (kind, product.pk)
    access = Access.objects.get(user=user)
    assert (getattr(access, f"{kind}_id"), access.source, access.source_detail) == (
        product.pk,
        Access.Source.VOUCHER,
        "ABC",
    )
    redemption = Redemption.objects.get(voucher=voucher)
    assert (redemption.user_id, redemption.access_id) == (user.pk, access.pk)
    assert Voucher.objects.get(pk=voucher.pk).seats_used == 1


def test_a_redeemed_course_is_on_the_learners_list_at_once(client, learner, writes):
    # The list is cached under the learner's generation, which the redemption moves in
    # its own statement (or transaction).
    grant(learner, make_course(title="Pierwszy"))
    # Made first: a new course moves the catalogue's generation, which would hide whether
    # the redemption moved the learner's.
    make_voucher(code="NOWY", product=make_course(title="Z vouchera"))
    before = page_of(visit(client, "/platforma/moje_kursy"))["props"]

    post_code(client, "NOWY")

    after = page_of(visit(client, "/platforma/moje_kursy"))["props"]
    assert "Z vouchera" not in str(before)
    assert "Z vouchera" in str(after)


@pytest.mark.parametrize(
    ("arrange", "message", "seats_used"),
    [
        # Nothing is used up: the seat waits for an assignment or for someone else.
        (helpers.voucher_with_nothing_assigned, NOTHING, [0]),
        (helpers.no_voucher, UNKNOWN, []),
        (
            helpers.voucher_used_up,
            "Ten voucher został już wykorzystany przez wszystkie osoby, dla których był.",
            [1],
        ),
        (helpers.voucher_expired, "Ten voucher stracił ważność", [0]),
        (helpers.voucher_not_started, "Ten voucher będzie można wykorzystać od", [0]),
        (
            helpers.voucher_already_redeemed,
            "Ten voucher został już przez Ciebie wykorzystany.",
            [1],
        ),
        (
            helpers.product_already_owned,
            "Masz już dostęp do: Posiadany. Voucher nie został wykorzystany.",
            [0],
        ),
    ],
    ids=[
        "nothing",
        "unknown",
        "used_up",
        "expired",
        "not_started",
        "already_redeemed",
        "already_owned",
    ],
)
def test_each_failure_has_its_own_message_and_grants_nothing(
    client, learner, writes, arrange, message, seats_used
):
    arrange(learner=learner, course=make_course(title="Posiadany"))
    accesses_before = Access.objects.filter(user=learner).count()
    redemptions_before = Redemption.objects.count()

    response = post_code(client, "KOD")

    assert (response.status_code, response.headers["Location"]) == (302, "/odbierz_kurs")
    assert form_error(client).startswith(message)
    assert Access.objects.filter(user=learner).count() == accesses_before
    assert Redemption.objects.count() == redemptions_before
    assert list(Voucher.objects.filter(code="KOD").values_list("seats_used", flat=True)) == (
        seats_used
    )


@pytest.mark.parametrize("empty", ["", "   ", "\t\n", None, 12, ["KOD"]])
def test_no_code_gets_the_enter_your_code_message(client, learner, empty):
    post_code(client, empty)
    assert form_error(client) == EMPTY


@pytest.mark.parametrize(
    "code",
    ["KÓD-ŻÓŁW", "DEMO-COURSE\x00", "'; DROP TABLE vouchers_voucher; --", "x" * 10_000, "💥"],
)
def test_odd_and_huge_codes_read_as_unknown(client, learner, code):
    make_voucher(code="DEMO-COURSE", product=make_course(), seats=5)
    response = post_code(client, code)
    assert response.status_code == 302
    assert form_error(client) == UNKNOWN
    assert not Access.objects.exists()


def test_the_code_from_the_link_page_comes_back_to_the_same_page(client, learner):
    post_code(client, "NIEMA", url="/odbierz_kurs/NIEMA")
    assert form_error(client, "/odbierz_kurs/NIEMA") == UNKNOWN


def test_failed_guesses_are_limited_per_learner_even_for_a_right_code(client, learner):
    course = make_course()
    make_voucher(code="PRAWDZIWY", product=course, seats=5)
    for n in range(10):
        post_code(client, f"ZGADUJE-{n}")
        assert form_error(client) == UNKNOWN

    post_code(client, "PRAWDZIWY")

    assert form_error(client) == TOO_MANY
    assert not Access.objects.exists()
    # Another learner on another address is not blocked by this one's guesses.
    other = Client(REMOTE_ADDR="10.0.0.2")
    other.force_login(make_user())
    response = post_json(other, "/odbierz_kurs", {"code": "PRAWDZIWY"})
    assert response.headers["Location"] == f"/platforma/kurs/{course.pk}"


def test_failed_guesses_are_limited_per_address_across_accounts(settings):
    # Sized for a class's typos in production; thirty a minute here.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "voucher_failed": "10/m/user,30/m/ip"}
    course = make_course()
    make_voucher(code="PRAWDZIWY", product=course, seats=50)
    for round_ in range(3):
        client = Client(REMOTE_ADDR="10.9.9.9")
        client.force_login(make_user())
        for n in range(10):
            post_json(client, "/odbierz_kurs", {"code": f"ZLY-{round_}-{n}"})
    client = Client(REMOTE_ADDR="10.9.9.9")
    client.force_login(make_user())
    post_json(client, "/odbierz_kurs", {"code": "PRAWDZIWY"})
    assert form_error(client) == TOO_MANY
    assert not Access.objects.exists()


def test_successful_and_known_code_failures_do_not_count_as_guesses(client, learner):
    make_voucher(code="PUSTY", seats=100)
    for _ in range(12):
        post_code(client, "PUSTY")
        assert form_error(client) == NOTHING


def test_redemption_needs_post_and_csrf(learner):
    make_voucher(code="KOD", product=make_course())
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(learner)
    assert strict.post("/odbierz_kurs", {"code": "KOD"}).status_code == 403
    # Opening the page (or a link with the code) never redeems anything.
    assert strict.get("/odbierz_kurs/KOD?code=KOD").status_code == 200
    assert not Access.objects.exists()


def test_a_path_voucher_then_a_course_of_that_path_is_already_owned(client, learner):
    course = make_course(title="W ścieżce")
    make_voucher(code="SCIEZKA", product=make_path(courses=[course]))
    make_voucher(code="KURS", product=course)
    post_code(client, "SCIEZKA")
    post_code(client, "KURS")
    assert form_error(client).startswith("Masz już dostęp do: W ścieżce.")
    assert Access.objects.filter(user=learner).count() == 1


def test_a_grant_racing_past_the_ownership_check_rolls_everything_back(monkeypatch):
    # Two vouchers for one course redeemed in two tabs at once: both pass the check, the
    # unique access constraint stops the second one. The ORM's steps, whose checks come
    # first; the one statement's race is test_concurrency.py's.
    monkeypatch.setattr(services, "ONE_STATEMENT_VENDORS", frozenset())
    user = make_user()
    course = make_course(title="Wyścig")
    grant(user, course)
    make_voucher(code="DRUGI", product=course, seats=5)
    checked = services._redeem_checks

    def owned_meanwhile(**kwargs):
        # This request read the learner's accesses before the other tab's grant landed.
        voucher = kwargs["voucher"]
        voucher.owned_by_user = False
        return checked(**kwargs)

    monkeypatch.setattr(services, "_redeem_checks", owned_meanwhile)
    generation = User.objects.values_list("cache_generation", flat=True).get(pk=user.pk)

    with pytest.raises(ApplicationError) as raised:
        services.voucher_redeem(user=user, code="DRUGI")

    assert raised.value.code == "already_owned"
    assert raised.value.message == "Masz już dostęp do: Wyścig. Voucher nie został wykorzystany."
    # Read in the caller's transaction, which the failed writes left usable.
    assert Voucher.objects.get(code="DRUGI").seats_used == 0
    assert not Redemption.objects.exists()
    assert Access.objects.filter(user=user).count() == 1
    assert User.objects.values_list("cache_generation", flat=True).get(pk=user.pk) == generation


@pytest.mark.parametrize(
    ("meanwhile", "code", "message"),
    [
        (
            {"seats_used": 1},
            "used_up",
            "Ten voucher został już wykorzystany przez wszystkie osoby, dla których był.",
        ),
        ({"valid_until": "past"}, "expired", "Ten voucher stracił ważność"),
        ({"valid_from": "future"}, "not_started", "Ten voucher będzie można wykorzystać od"),
    ],
    ids=["last_seat_taken", "expired", "not_started"],
)
def test_a_voucher_changed_after_the_checks_writes_nothing(monkeypatch, meanwhile, code, message):
    # Another learner takes the last seat, or an admin ends the voucher, between this
    # request's checks and its writes: the seat's condition is checked again as it is taken.
    # The ORM's steps, whose checks come first; the one statement's case is
    # test_concurrency.py's.
    monkeypatch.setattr(services, "ONE_STATEMENT_VENDORS", frozenset())
    user = make_user()
    course = make_course()
    make_voucher(code="OSTATNI", product=course, seats=1)
    checked = services._redeem_checks
    now = timezone.now()
    moments = {"past": now - timedelta(minutes=1), "future": now + timedelta(days=1)}
    change = {name: moments.get(value, value) for name, value in meanwhile.items()}
    generation = User.objects.values_list("cache_generation", flat=True).get(pk=user.pk)

    def changed_meanwhile(**kwargs):
        found = checked(**kwargs)
        Voucher.objects.filter(code="OSTATNI").update(**change)
        return found

    monkeypatch.setattr(services, "_redeem_checks", changed_meanwhile)

    with pytest.raises(ApplicationError) as raised:
        services.voucher_redeem(user=user, code="ostatni")

    assert raised.value.code == code
    assert raised.value.message.startswith(message)
    assert Voucher.objects.get(code="OSTATNI").seats_used == meanwhile.get("seats_used", 0)
    assert not Access.objects.filter(user=user).exists()
    assert not Redemption.objects.exists()
    # The learner's cached lists stay valid: nothing of theirs changed.
    assert User.objects.values_list("cache_generation", flat=True).get(pk=user.pk) == generation


def test_the_requests_own_copy_of_the_learner_moves_with_the_redemption(writes):
    # What the rest of the request builds must not be filed under the generation the
    # redemption just left behind.
    user = make_user()
    make_voucher(code="KOPIA", product=make_course())
    with request_cache_scope() as state:
        state.accounts[user.pk] = user
        read = user.cache_generation
        services.voucher_redeem(user=user, code="kopia")
    stored = User.objects.values_list("cache_generation", flat=True).get(pk=user.pk)
    assert stored != read
    assert user.cache_generation not in (read, stored)


def test_an_english_visitor_gets_the_messages_in_english(learner):
    client = Client(headers={"Accept-Language": "en"})
    client.force_login(learner)
    post_json(client, "/odbierz_kurs", {"code": ""})
    assert form_error(client) == "Please enter the code you received."
    make_voucher(code="PUSTY", seats=3)
    post_json(client, "/odbierz_kurs", {"code": "pusty"})
    assert form_error(client) == (
        "The redeemed voucher has no course assigned; please contact the administrator."
    )


def test_a_hostile_link_never_reaches_the_page_address(client, learner):
    page = page_of(visit(client, "/odbierz_kurs/%0d%0aSet-Cookie:%20x=1"))
    assert (page["props"]["code"], page["props"]["action"]) == ("", "/odbierz_kurs")
    response = post_json(client, "/odbierz_kurs/%0d%0aSet-Cookie:%20x=1", {"code": "NIEMA"})
    assert response.headers["Location"] == "/odbierz_kurs"
    assert "x" not in response.cookies
    page = page_of(visit(client, "/odbierz_kurs/abc-1"))
    assert page["props"]["action"] == "/odbierz_kurs/ABC-1"


@pytest.mark.usefixtures("services")  # PostgreSQL's one statement
@pytest.mark.parametrize("change", ["expired", "another course"])
def test_a_redemption_asked_again_follows_what_an_admin_changed_meanwhile(monkeypatch, change):
    # The first statement found no seat (PostgreSQL's statement saw the voucher as it
    # began); meanwhile an admin ended the voucher or gave it another course. The checks
    # and the second statement read the voucher as it is now, not only its seats.
    first, second = make_course(title="Pierwszy kurs"), make_course(title="Drugi kurs")
    voucher = make_voucher(code="ZMIANA", product=first, seats=2)
    learner = make_user()
    at_once = services._granted_at_once
    attempts = []

    def no_seat_the_first_time(**kwargs):
        attempts.append(Voucher.objects.get(pk=voucher.pk).product.title)
        if len(attempts) > 1:
            return at_once(**kwargs)
        if change == "expired":
            Voucher.objects.filter(pk=voucher.pk).update(
                valid_until=timezone.now() - timedelta(seconds=1)
            )
        else:
            Voucher.objects.filter(pk=voucher.pk).update(course=second)
        return None

    monkeypatch.setattr(services, "_granted_at_once", no_seat_the_first_time)

    if change == "expired":
        with pytest.raises(ApplicationError) as refused:
            services.voucher_redeem(user=learner, code="ZMIANA")
        assert refused.value.code == "expired"
        assert attempts == ["Pierwszy kurs"]
        assert not Access.objects.filter(user=learner).exists()
    else:
        grant_ = services.voucher_redeem(user=learner, code="ZMIANA")
        assert (grant_.title, grant_.object_id) == ("Drugi kurs", second.pk)
        assert attempts == ["Pierwszy kurs", "Drugi kurs"]
        assert list(Access.objects.filter(user=learner).values_list("course", flat=True)) == [
            second.pk
        ]
    assert Voucher.objects.get(pk=voucher.pk).seats_used == (change != "expired")


def test_the_redemption_statement_divides_only_to_refuse():
    # Its division by zero is how it says no seat was taken (services.NO_SEAT_SQLSTATE):
    # no other part of it may divide, or its error would read as a used-up voucher.
    statement = services._redemption_statement("default")
    assert statement.count("/") == 1
    assert "1 / (SELECT count(*) FROM seat)" in statement
