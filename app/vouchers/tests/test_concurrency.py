"""N seats make exactly N grants, however many learners redeem at the same moment."""

import functools
import threading

import pytest

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import run_at_once
from app.learning.models import Access
from app.learning.tests.factories import make_course
from app.vouchers.models import Redemption, Voucher
from app.vouchers.tests.factories import make_voucher
from app.vouchers.tests.helpers import redemption_outcome

LEARNERS = 50
SEATS = 10


@pytest.mark.django_db(transaction=True)
def test_fifty_learners_at_once_on_a_ten_seat_voucher(services):
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
