"""N seats make exactly N grants, however many learners redeem at the same moment."""

import functools
import threading
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.core.tests.helpers import run_at_once
from app.learning.models import Access
from app.learning.tests.factories import grant, make_course
from app.teams.services import invitation_accept
from app.teams.tests.factories import make_invitation, make_team
from app.vouchers.models import Redemption, Voucher
from app.vouchers.tests.factories import make_voucher
from app.vouchers.tests.helpers import redemption_outcome, voucher_admin_form

LEARNERS = 50
SEATS = 10


@pytest.mark.django_db(transaction=True)
def test_fifty_learners_at_once_on_a_ten_seat_voucher(services, writes):
    course = make_course()
    voucher = make_voucher(code="TLOK", product=course, seats=SEATS)
    learners = [make_user() for _ in range(LEARNERS)]
    outcomes: list[str] = []
    lock = threading.Lock()

    def redeem(user) -> None:
        outcome = redemption_outcome(user=user, code="tlok")
        with lock:
            outcomes.append(outcome)

    run_at_once(*[functools.partial(redeem, user) for user in learners])

    assert sorted(set(outcomes)) == ["granted", "used_up"]
    assert outcomes.count("granted") == SEATS
    assert outcomes.count("used_up") == LEARNERS - SEATS
    assert Access.objects.filter(course=course).count() == SEATS
    assert Redemption.objects.filter(voucher=voucher).count() == SEATS
    assert Voucher.objects.get(pk=voucher.pk).seats_used == SEATS


@pytest.mark.django_db(transaction=True)
def test_a_learner_whose_account_is_held_does_not_hold_up_the_others(services, writes):
    # Another transaction holds learner A's account row (an export of A's data keeps it
    # while the export is built). A's redemption waits for it; B, redeeming the same code
    # meanwhile, must not wait for A: the voucher's row is taken last.
    course = make_course()
    voucher = make_voucher(code="KLASA", product=course, seats=5)
    held_learner, other = make_user(), make_user()
    held, other_done = threading.Event(), threading.Event()
    outcomes: dict[str, object] = {}

    def hold_account() -> None:
        # Released once B is through, or after a long while when B waits for A.
        outcomes["other_done_while_held"] = _account_held(
            held_learner, held, until=lambda: other_done.wait(timeout=15)
        )

    def redeem(user, key: str) -> None:
        outcomes[key] = redemption_outcome(user=user, code="klasa")

    def other_redeems() -> None:
        held.wait(timeout=15)
        # B starts only once A waits (a failure here shows in the outcomes).
        outcomes["held_waits_first"] = _lock_waits_seen(1)
        redeem(other, "other")
        other_done.set()

    def held_redeems() -> None:
        held.wait(timeout=15)
        redeem(held_learner, "held")

    run_at_once(hold_account, held_redeems, other_redeems)

    assert outcomes == {
        "held_waits_first": True,
        "other_done_while_held": True,
        "other": "granted",
        "held": "granted",
    }
    assert Voucher.objects.get(pk=voucher.pk).seats_used == 2
    assert Redemption.objects.filter(voucher=voucher).count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_seat_added_while_the_learner_waits_is_theirs(services, writes):
    # A learner redeems the last seat of a voucher while their account is held (an export
    # of their data). While their redemption waits for the account, another learner takes
    # that seat and an admin adds one. Once the account is free the redemption must take
    # the new seat: "used up" would refuse a free seat.
    course = make_course()
    voucher = make_voucher(code="DOSTAWKA", product=course, seats=2)
    assert redemption_outcome(user=make_user(), code="dostawka") == "granted"
    learner, other = make_user(), make_user()
    outcomes: dict[str, object] = {}

    def the_last_seat_goes_and_one_comes() -> None:
        outcomes["other"] = redemption_outcome(user=other, code="dostawka")
        Voucher.objects.filter(pk=voucher.pk).update(seats=3)

    outcomes.update(
        _redeemed_while_the_account_is_held(
            learner, "dostawka", meanwhile=the_last_seat_goes_and_one_comes
        )
    )

    assert outcomes == {
        "other": "granted",
        "redemption_waits": True,
        "done_while_held": True,
        "learner": "granted",
    }
    assert Voucher.objects.get(pk=voucher.pk).seats_used == 3
    assert Access.objects.filter(user=learner, course=course).count() == 1
    assert Redemption.objects.filter(voucher=voucher).count() == 3


@pytest.mark.django_db(transaction=True)
def test_an_admin_lowering_the_seats_while_a_learner_redeems_gets_no_error(
    services, writes, admin_client, monkeypatch
):
    # An admin lowers a voucher's seats to the one already used. Between the form's check
    # (not below those used) and the save, a learner redeems it: the learner waits for
    # the admin's save and is told the voucher is used up. Without the wait the learner
    # took a second seat, and the save broke the seats' constraint: a 500 for the admin.
    from app.vouchers.admin import VoucherForm

    course = make_course()
    voucher = make_voucher(code="OBNIZKA", product=course, seats=3)
    assert redemption_outcome(user=make_user(), code="obnizka") == "granted"
    learner = make_user()
    outcomes: dict[str, object] = {}

    def redeem() -> None:
        try:
            outcomes["learner"] = redemption_outcome(user=learner, code="obnizka")
        finally:
            connection.close()  # this thread's own

    redeeming = threading.Thread(target=redeem)
    clean = VoucherForm.clean

    def clean_then_a_learner_redeems(form):
        checked = clean(form)
        redeeming.start()
        outcomes["learner_waits"] = _lock_waits_seen(1)
        return checked

    monkeypatch.setattr(VoucherForm, "clean", clean_then_a_learner_redeems)
    url = reverse("admin:vouchers_voucher_change", args=[voucher.pk])
    response = admin_client.post(url, voucher_admin_form(code="OBNIZKA", course=course, seats=1))
    redeeming.join(timeout=15)

    assert response.status_code == 302
    assert outcomes == {"learner_waits": True, "learner": "used_up"}
    saved = Voucher.objects.get(pk=voucher.pk)
    assert (saved.seats, saved.seats_used) == (1, 1)
    assert not Access.objects.filter(user=learner, course=course).exists()


@pytest.mark.django_db(transaction=True)
def test_a_team_invitation_and_a_redemption_of_one_course_at_once_do_not_deadlock(services):
    # A learner accepts an invitation to a team that gives course C and redeems a voucher
    # for C at the same moment, while their account is held (an export of their data):
    # both grants take the access before the account, so once the account is free one
    # grants C and the other finds it owned. Taken in the other order they deadlock, and
    # PostgreSQL cancels one of them with an error.
    course = make_course(title="Wspólny")
    make_voucher(code="WSPOLNY", product=course, seats=5)
    learner = make_user()
    _, token = make_invitation(team=make_team(courses=[course]), email=learner.email)
    held = threading.Event()
    outcomes: dict[str, object] = {}

    def hold_account() -> None:
        # Let go once both grants wait.
        outcomes["both_wait"] = _account_held(learner, held, until=lambda: _lock_waits_seen(2))

    def accept() -> None:
        held.wait(timeout=15)
        try:
            invitation_accept(user=User.objects.get(pk=learner.pk), token=token)
            outcomes["accept"] = "joined"
        except Exception as error:
            outcomes["accept"] = repr(error)

    def redeem() -> None:
        held.wait(timeout=15)
        # The redemption starts once the acceptance waits.
        outcomes["accept_waits_first"] = _lock_waits_seen(1)
        outcomes["redeem"] = redemption_outcome(
            user=User.objects.get(pk=learner.pk), code="wspolny"
        )

    run_at_once(hold_account, accept, redeem)

    assert outcomes == {
        "accept_waits_first": True,
        "both_wait": True,
        "accept": "joined",
        "redeem": "already_owned",
    }
    assert Access.objects.filter(user=learner, course=course).count() == 1
    assert not Redemption.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_redemption_is_one_statement_committed_as_it_ends(services):
    # The checks are the statement's conditions, and no transaction is around it: the
    # voucher's row is held for PostgreSQL's commit only, never for a round trip back to
    # the web process and its COMMIT.
    make_voucher(code="OD-RAZU", product=make_course(), seats=2)
    learner = make_user()
    with CaptureQueriesContext(connection) as statements:
        assert redemption_outcome(user=learner, code="od-razu") == "granted"
    sent = [query["sql"].split()[0].upper() for query in statements.captured_queries]
    assert sent == ["WITH"]
    assert Voucher.objects.get(code="OD-RAZU").seats_used == 1
    assert Access.objects.filter(user=learner).count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        ({"seats_used": 1}, "used_up"),
        ({"valid_until": "past"}, "expired"),
        ({"valid_from": "future"}, "not_started"),
    ],
    ids=["last_seat_taken", "expired", "not_started"],
)
@pytest.mark.parametrize("caller", ["alone", "in a transaction"])
def test_a_voucher_changed_while_the_redemption_waits_writes_nothing(
    services, writes, change, refusal, caller
):
    # The learner's redemption began with a seat left and waits for their account (an
    # export holds it); meanwhile another learner takes the last seat, or an admin ends the
    # voucher. The seat's condition is checked on the newest row: nothing stays written,
    # and the learner is told why. A caller's transaction stays usable.
    voucher = make_voucher(code="OSTATNI", product=make_course(), seats=1)
    learner = make_user()
    generation = User.objects.values_list("cache_generation", flat=True).get(pk=learner.pk)
    now = timezone.now()
    moments = {"past": now - timedelta(minutes=1), "future": now + timedelta(days=1)}

    def change_the_voucher() -> None:
        Voucher.objects.filter(pk=voucher.pk).update(
            **{name: moments.get(value, value) for name, value in change.items()}
        )

    outcomes = _redeemed_while_the_account_is_held(
        learner, "ostatni", meanwhile=change_the_voucher, in_transaction=caller != "alone"
    )

    expected = {"redemption_waits": True, "done_while_held": True, "learner": refusal}
    if caller != "alone":
        expected["nothing_in_the_callers_transaction"] = True
    assert outcomes == expected
    assert Voucher.objects.get(pk=voucher.pk).seats_used == change.get("seats_used", 0)
    assert not Access.objects.filter(user=learner).exists()
    assert not Redemption.objects.exists()
    # The learner's cached lists stay valid: nothing of theirs changed.
    assert User.objects.values_list("cache_generation", flat=True).get(pk=learner.pk) == generation


@pytest.mark.django_db(transaction=True)
def test_a_grant_landing_while_the_redemption_waits_rolls_everything_back(services, writes):
    # Two vouchers for one course redeemed in two tabs at once: the other tab's grant is
    # written but not yet committed as this redemption begins, so the learner does not own
    # the course yet; the unique access constraint stops this one, with nothing written.
    course = make_course(title="Wyścig")
    voucher = make_voucher(code="DRUGI", product=course, seats=5)
    learner = make_user()
    written = threading.Event()
    outcomes: dict[str, object] = {}

    def the_other_tab() -> None:
        with transaction.atomic():
            grant(learner, course)
            written.set()
            outcomes["redemption_waits"] = _lock_waits_seen(1)

    def redeem() -> None:
        written.wait(timeout=15)
        outcomes["learner"] = redemption_outcome(user=learner, code="drugi")

    run_at_once(the_other_tab, redeem)

    assert outcomes == {"redemption_waits": True, "learner": "already_owned"}
    assert Voucher.objects.get(pk=voucher.pk).seats_used == 0
    assert not Redemption.objects.exists()
    assert Access.objects.filter(user=learner).count() == 1


def _redeemed_while_the_account_is_held(
    learner: User, code: str, *, meanwhile: Callable[[], None], in_transaction: bool = False
) -> dict[str, object]:
    """Redeems `code` for `learner` while another transaction holds the learner's account
    (as an export of their data does); once the redemption waits for it, runs `meanwhile`,
    then lets the account go. Returns whether the redemption waited, whether `meanwhile`
    ran while the account was held, and the learner's outcome; `in_transaction` redeems
    inside a transaction of the caller's and also tells whether nothing of the learner's
    shows in it afterwards (it stays usable)."""
    held, done = threading.Event(), threading.Event()
    outcomes: dict[str, object] = {}

    def hold_account() -> None:
        outcomes["done_while_held"] = _account_held(
            learner, held, until=lambda: done.wait(timeout=15)
        )

    def act_meanwhile() -> None:
        held.wait(timeout=15)
        # Once the redemption waits for the account (a failure shows in the outcomes).
        outcomes["redemption_waits"] = _lock_waits_seen(1)
        meanwhile()
        done.set()

    def redeem() -> None:
        held.wait(timeout=15)
        if not in_transaction:
            outcomes["learner"] = redemption_outcome(user=learner, code=code)
            return
        with transaction.atomic():
            outcomes["learner"] = redemption_outcome(user=learner, code=code)
            outcomes["nothing_in_the_callers_transaction"] = not Access.objects.filter(
                user=learner
            ).exists()

    run_at_once(hold_account, act_meanwhile, redeem)
    return outcomes


def _account_held(user: User, held: threading.Event, *, until: Callable[[], bool]) -> bool:
    """Holds `user`'s account row in a transaction of this thread (as an export of the
    account's data does), sets `held`, and lets go when `until()` returns, with its answer."""
    with transaction.atomic():
        User.objects.select_for_update().get(pk=user.pk)
        held.set()
        return until()


def _lock_waits_seen(count: int) -> bool:
    """Whether at least `count` sessions of the test database come to wait for a lock (a
    grant waiting for the account, or for another grant) within ten seconds."""
    for _ in range(1000):
        with connection.cursor() as cursor:
            # pg_stat_activity is read once per transaction and kept until it ends: asked
            # from within one (the thread holding the account asks while it holds it), a
            # session that connected after the first look would never show up.
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute(
                "SELECT count(DISTINCT l.pid) FROM pg_locks l JOIN pg_stat_activity a USING (pid)"
                " WHERE NOT l.granted AND a.datname = current_database()"
            )
            if cursor.fetchone()[0] >= count:
                return True
        time.sleep(0.01)
    return False
