"""The institution's and reseller's charts: seats used per batch week by week, and a
batch's redemptions day by day, each counted in one query whatever the number of codes."""

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import page_of, visit
from app.learning.tests.factories import make_course
from app.vouchers import selectors
from app.vouchers.models import Redemption, VoucherBatch
from app.vouchers.tests.factories import make_batch

pytestmark = pytest.mark.django_db

WARSAW = ZoneInfo("Europe/Warsaw")
TODAY = date(2026, 11, 18)


def redeem(batch: VoucherBatch, *when: int) -> Redemption:
    """A new learner redeems the batch's next free code at a Warsaw wall-clock time."""
    voucher = batch.vouchers.filter(seats_used=0).order_by("id")[0]
    voucher.seats_used += 1
    voucher.save()
    year, month, day, hour, minute = when
    return Redemption.objects.create(
        voucher=voucher,
        user=make_user(),
        redeemed_at=datetime(year, month, day, hour, minute, tzinfo=WARSAW),
    )


@pytest.fixture
def two_batches():
    issuer = make_user(roles=["INSTITUTION"])
    course = make_course()
    first = make_batch(issued_by=issuer, product=course, codes=10)
    second = make_batch(issued_by=issuer, product=course, codes=5)
    redeem(first, 2026, 6, 1, 12, 0)  # long before the chart: where its line starts
    redeem(first, 2026, 8, 31, 0, 30)  # the first week's Monday
    redeem(first, 2026, 11, 15, 23, 30)  # Sunday night: the week of 9 November
    redeem(first, 2026, 11, 16, 8, 0)
    redeem(second, 2026, 11, 17, 8, 0)
    redeem(second, 2026, 11, 18, 0, 10)
    return issuer, first, second


def test_seats_used_per_batch_and_week_run_up_from_earlier_redemptions(
    two_batches, django_assert_num_queries
):
    _issuer, first, second = two_batches
    other = make_batch(issued_by=make_user(), product=make_course(), codes=2)
    redeem(other, 2026, 11, 17, 8, 0)
    with django_assert_num_queries(1):
        weeks, used = selectors.batch_usage_weekly(batch_ids=[first.pk, second.pk], today=TODAY)
    assert len(weeks) == 12
    assert weeks[0] == date(2026, 8, 31)
    assert weeks[-1] == date(2026, 11, 16)
    assert used[first.pk] == [2] * 10 + [3, 4]
    assert used[second.pk] == [0] * 11 + [2]
    assert set(used) == {first.pk, second.pk}


def test_redemptions_per_day_over_thirty_days(two_batches, django_assert_num_queries):
    _issuer, first, second = two_batches
    with django_assert_num_queries(1):
        days = selectors.batch_redemptions_daily(batch=first, today=TODAY)
    assert len(days) == 30
    assert days[0][0] == date(2026, 10, 20)
    assert days[-1][0] == TODAY
    assert [(day, n) for day, n in days if n] == [(date(2026, 11, 15), 1), (date(2026, 11, 16), 1)]
    assert dict(selectors.batch_redemptions_daily(batch=second, today=TODAY))[TODAY] == 1


def test_the_query_count_stays_one_with_many_redemptions(django_assert_num_queries):
    batch = make_batch(issued_by=make_user(), product=make_course(), codes=30)
    for n in range(30):
        redeem(batch, 2026, 10, 1 + n, 12, 0)
    with django_assert_num_queries(2):
        _weeks, used = selectors.batch_usage_weekly(batch_ids=[batch.pk], today=TODAY)
        days = selectors.batch_redemptions_daily(batch=batch, today=TODAY)
    assert used[batch.pk][-1] == 30
    assert sum(n for _day, n in days) == 11  # 20 to 30 October


def test_the_batches_page_and_a_batch_page_give_the_charts_their_data(client, two_batches):
    issuer, first, second = two_batches
    client.force_login(issuer)
    props = page_of(visit(client, "/instytucja"))["props"]
    usage = props["usage"]
    assert len(usage["weeks"]) == 12
    lines = {line["name"]: line["used"][-1] for line in usage["batches"]}
    assert lines == {first.name: 4, second.name: 2}
    assert {(b["name"], b["seats_used"], b["seats_total"]) for b in props["batches"]} == {
        (first.name, 4, 10),
        (second.name, 2, 5),
    }

    today = timezone.localdate()
    voucher = second.vouchers.filter(seats_used=0)[0]
    Redemption.objects.create(voucher=voucher, user=make_user())
    daily = page_of(visit(client, f"/instytucja/pula/{second.pk}"))["props"]["daily"]
    assert len(daily) == 30
    assert daily[-1] == {"date": today.isoformat(), "count": 1}
    assert daily[0]["date"] == (today - timedelta(days=29)).isoformat()
