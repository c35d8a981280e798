"""A batch's codes are made in the background: the task is idempotent, the batch page shows
how far it got and offers the CSV once done, and the same form sent twice orders one batch."""

import re
from unittest import mock

import pytest
from django.db import IntegrityError, transaction

from app.accounts.tests.factories import make_user
from app.core.errors import ApplicationError
from app.core.tests.helpers import page_of, post_json, run_at_once, visit
from app.learning.tests.factories import make_course
from app.vouchers import services, tasks
from app.vouchers.models import Voucher, VoucherBatch
from app.vouchers.services import batch_generate
from app.vouchers.tests.helpers import errors_of, order_batch

pytestmark = pytest.mark.django_db

CODE = re.compile(r"^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$")
PENDING = "Kody tej puli są jeszcze generowane. Spróbuj za chwilę."


def ordered(issuer, size: int, product=None, **fields) -> VoucherBatch:
    """A batch ordered, its codes not made yet (no task ran)."""
    return services.batch_generate(
        issued_by=issuer,
        channel=VoucherBatch.Channel.INSTITUTION,
        product=product or make_course(),
        size=size,
        name="Pula",
        valid_until=None,
        **fields,
    )


def test_the_task_run_twice_makes_one_set_of_codes(institution):
    batch = ordered(institution, 25)
    assert batch.vouchers.count() == 0
    assert tasks.batch_codes_generate(batch_id=batch.pk) == 25
    assert tasks.batch_codes_generate(batch_id=batch.pk) == 0
    codes = list(batch.vouchers.values_list("code", flat=True))
    assert len(codes) == len(set(codes)) == 25
    assert all(CODE.match(code) for code in codes)
    batch.refresh_from_db()
    assert batch.generated_at is not None
    assert set(batch.vouchers.values_list("seats", "course_id", "issued_by_id")) == {
        (1, batch.course_id, institution.pk)
    }


def test_codes_are_written_in_chunks_and_a_run_cut_short_is_completed(institution):
    batch = ordered(institution, 10)
    real_add = services._batch_codes_add
    calls = []

    def dies_after_the_first_chunk(batch, count):
        calls.append(count)
        if len(calls) > 1:
            raise SystemExit("worker killed")
        real_add(batch, count)

    with (
        mock.patch.object(services, "BATCH_CHUNK", 4),
        mock.patch.object(services, "_batch_codes_add", dies_after_the_first_chunk),
        pytest.raises(SystemExit),
    ):
        tasks.batch_codes_generate(batch_id=batch.pk)
    # The first chunk was committed: the page shows it while the task runs again.
    assert batch.vouchers.count() == 4
    with mock.patch.object(services, "BATCH_CHUNK", 4):
        assert tasks.batch_codes_generate(batch_id=batch.pk) == 6
    assert calls == [4, 4]
    assert batch.vouchers.count() == 10
    assert Voucher.objects.values("code").distinct().count() == 10


def test_a_batch_of_ten_thousand_is_made_in_bulk(institution, django_assert_max_num_queries):
    batch = ordered(institution, 10_000)
    # Per chunk of 1000: the lock, a count, the taken-code check and one INSERT, with the
    # two savepoints around them (a query per code would be thousands).
    with django_assert_max_num_queries(10 * 8 + 5):
        tasks.batch_codes_generate(batch_id=batch.pk)
    assert batch.vouchers.count() == 10_000


def test_the_batch_page_shows_the_progress_and_offers_the_csv_only_when_done(client, institution):
    batch = ordered(institution, 30)
    url = f"/instytucja/pula/{batch.pk}"
    props = page_of(visit(client, url))["props"]
    assert (props["batch"]["ready"], props["batch"]["codes_made"], props["csv_url"]) == (
        False,
        0,
        None,
    )
    response = visit(client, f"{url}/csv")
    assert response.status_code == 409
    assert response.json()["error"]["message"] == PENDING

    # A worker made the first chunk of codes so far.
    services._batch_codes_add(batch, 20)
    props = page_of(visit(client, url))["props"]
    assert (props["batch"]["ready"], props["batch"]["codes_made"], props["csv_url"]) == (
        False,
        20,
        None,
    )

    tasks.batch_codes_generate(batch_id=batch.pk)
    props = page_of(visit(client, url))["props"]
    assert (props["batch"]["ready"], props["batch"]["codes_made"], props["csv_url"]) == (
        True,
        30,
        f"{url}/csv",
    )
    response = client.get(f"{url}/csv")
    assert response.status_code == 200
    assert len(b"".join(response.streaming_content).decode("utf-8-sig").splitlines()) == 31


def test_the_polled_props_alone_come_back_on_a_partial_reload(client, institution):
    batch = ordered(institution, 3)
    tasks.batch_codes_generate(batch_id=batch.pk)
    only = "batch,codes,codes_pagination,csv_url"
    response = client.get(
        f"/instytucja/pula/{batch.pk}",
        headers={
            "X-Inertia": "true",
            "X-Inertia-Partial-Component": "Vouchers/Batch",
            "X-Inertia-Partial-Data": only,
        },
    )
    props = page_of(response)["props"]
    assert set(props) >= {"batch", "codes", "codes_pagination", "csv_url"}
    assert "redemptions" not in props
    assert props["batch"]["ready"] is True


def test_the_same_form_sent_twice_orders_one_batch(client, institution):
    course = make_course()
    data = {"product": f"course:{course.pk}", "size": "12"}
    first = order_batch(client, "/instytucja", data, key="k" * 32)
    second = order_batch(client, "/instytucja", data, key="k" * 32)
    batch = VoucherBatch.objects.get()
    assert first.headers["Location"] == second.headers["Location"] == f"/instytucja/pula/{batch.pk}"
    assert batch.vouchers.count() == 12


def test_two_forms_order_two_batches(client, institution):
    course = make_course()
    data = {"product": f"course:{course.pk}", "size": "2"}
    order_batch(client, "/instytucja", data)
    order_batch(client, "/instytucja", data)
    assert VoucherBatch.objects.count() == 2
    assert Voucher.objects.count() == 4


@pytest.mark.parametrize("key", [None, "", "short", "bad key with spaces!!", "x" * 65])
def test_a_form_without_a_proper_key_orders_nothing(client, institution, key):
    course = make_course()
    data = {"product": f"course:{course.pk}", "size": "2"}
    if key is not None:
        data["idempotency_key"] = key
    post_json(client, "/instytucja", data)
    assert errors_of(client, "/instytucja") == {
        "idempotency_key": "Odśwież stronę i spróbuj ponownie."
    }
    assert not VoucherBatch.objects.exists()


def test_one_key_is_one_batch_per_issuer_in_the_database(institution):
    ordered(institution, 1, idempotency_key="a" * 32)
    with pytest.raises(IntegrityError), transaction.atomic():
        VoucherBatch.objects.create(
            name="Druga",
            channel="institution",
            size=1,
            issued_by=institution,
            idempotency_key="a" * 32,
        )
    # Another issuer's form may carry the same key.
    ordered(make_user(roles=["INSTITUTION"]), 1, idempotency_key="a" * 32)
    assert VoucherBatch.objects.count() == 2


def test_a_form_arriving_twice_at_once_falls_back_on_the_constraint(institution):
    # The second request looked before the first one's batch existed: its insert hits the
    # unique constraint, and it answers with the first one's batch.
    course = make_course()
    first = ordered(institution, 1, course, idempotency_key="b" * 32)
    real_filter = VoucherBatch.objects.filter

    def missing_at_first(*args, **kwargs):
        queryset = real_filter(*args, **kwargs)
        return queryset.none() if kwargs.get("idempotency_key") else queryset

    with mock.patch.object(VoucherBatch.objects, "filter", side_effect=missing_at_first):
        again = ordered(institution, 1, course, idempotency_key="b" * 32)
        # Another order with that key, arriving at the same moment, is refused as well.
        with pytest.raises(ApplicationError) as refused:
            ordered(institution, 2, course, idempotency_key="b" * 32)
    assert again.pk == first.pk
    assert refused.value.code == "stale_form"
    assert VoucherBatch.objects.count() == 1


@pytest.mark.parametrize(
    "change",
    [
        {"product": "other"},
        {"size": "3"},
        {"name": "Druga pula"},
        {"valid_until": "2099-01-31"},
    ],
)
def test_a_key_sent_again_with_another_order_orders_nothing(client, institution, change):
    # A key already used for an order (a page kept by the browser, say, sent again with
    # other fields) orders nothing, and is not answered with the first batch either (which
    # would tell the issuer the new one was made).
    course, other = make_course(), make_course()
    data = {"product": f"course:{course.pk}", "size": "2", "name": "Pula"}
    first = order_batch(client, "/instytucja", data, key="d" * 32)
    assert first.status_code == 302
    change = {**change, **({"product": f"course:{other.pk}"} if "product" in change else {})}
    again = order_batch(client, "/instytucja", {**data, **change}, key="d" * 32)
    assert again.headers["Location"] == "/instytucja"
    assert errors_of(client, "/instytucja") == {
        "idempotency_key": "Odśwież stronę i spróbuj ponownie."
    }
    assert VoucherBatch.objects.count() == 1
    assert Voucher.objects.count() == 2


def test_the_same_form_without_a_name_sent_again_is_the_same_order(client, institution):
    # The name left empty gets the default: the form sent again is still the same order.
    course = make_course()
    data = {"product": f"course:{course.pk}", "size": "2"}
    first = order_batch(client, "/instytucja", data, key="e" * 32)
    again = order_batch(client, "/instytucja", data, key="e" * 32)
    assert first.headers["Location"] == again.headers["Location"]
    assert VoucherBatch.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_tabs_sending_the_same_form_at_once_order_one_batch(services):
    issuer = make_user(roles=["INSTITUTION"])
    course = make_course()
    made: list[int] = []

    def order() -> None:
        batch = batch_generate(
            issued_by=issuer,
            channel=VoucherBatch.Channel.INSTITUTION,
            product=course,
            size=5,
            name="",
            valid_until=None,
            idempotency_key="c" * 32,
        )
        made.append(batch.pk)

    run_at_once(order, order)
    assert len(made) == 2 and len(set(made)) == 1
    assert VoucherBatch.objects.count() == 1


def test_the_task_is_retried_when_the_database_was_away(institution):
    from celery.exceptions import Retry
    from django.db import OperationalError

    batch = ordered(institution, 3)
    away = mock.Mock(side_effect=OperationalError("server closed the connection unexpectedly"))
    with mock.patch.object(services, "batch_codes_generate", away), pytest.raises(Retry):
        tasks.batch_codes_generate.apply(kwargs={"batch_id": batch.pk}).get()
    away.assert_called_once_with(batch_id=batch.pk)
    # The retry, like any second run, completes the batch.
    assert tasks.batch_codes_generate(batch_id=batch.pk) == 3
