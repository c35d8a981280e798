"""Institution and reseller areas: batches, allowance, who redeemed what, CSV; only one's own."""

import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from app.accounts.tests.factories import make_user
from app.core.errors import ApplicationError
from app.core.models import LimitEvent
from app.core.tests.helpers import page_of, visit
from app.learning.tests.factories import make_course, make_exam, make_path
from app.vouchers import selectors, services
from app.vouchers.models import Voucher, VoucherAllowance, VoucherBatch
from app.vouchers.tests.factories import make_batch, make_voucher
from app.vouchers.tests.helpers import errors_of, order_batch

pytestmark = pytest.mark.django_db

RANGE = "Liczba kodów musi być liczbą całkowitą od 1 do 10 000."


def test_empty_institution_area(client, institution):
    course, exam, path = make_course(title="K"), make_exam(title="E"), make_path(title="P")
    page = page_of(visit(client, "/instytucja"))
    assert page["component"] == "Vouchers/Batches"
    props = page["props"]
    assert props["area"] == "institution"
    assert props["batches"] == []
    assert props["allowance"] is None
    assert props["learner_limits"] == []
    assert props["products"] == {
        "course": [{"value": f"course:{course.pk}", "title": "K"}],
        "exam": [{"value": f"exam:{exam.pk}", "title": "E"}],
        "path": [{"value": f"path:{path.pk}", "title": "P"}],
    }
    range_message = "Liczba kodów musi być liczbą całkowitą od 1 do 10 000."
    assert props["rules"] == {
        "product": {
            "required": "Wybierz kurs, egzamin lub ścieżkę.",
            "max_length": 40,
            "max_length_message": "Wybierz kurs, egzamin lub ścieżkę.",
        },
        "size": {
            "required": "Podaj liczbę kodów.",
            "integer_message": range_message,
            "min_value": 1,
            "min_value_message": range_message,
            "max_value": 10_000,
            "max_value_message": range_message,
        },
        "name": {"max_length": 100, "max_length_message": "Nazwa może mieć najwyżej 100 znaków."},
    }


def test_generating_a_batch_makes_unique_single_seat_codes(client, institution):
    course = make_course(title="Kurs X")
    response = order_batch(
        client,
        "/instytucja",
        {"product": f"course:{course.pk}", "size": "25", "name": "  Grupa   A ", "valid_until": ""},
    )
    batch = VoucherBatch.objects.get()
    assert response.headers["Location"] == f"/instytucja/pula/{batch.pk}"
    assert (batch.name, batch.size, batch.course, batch.issued_by) == (
        "Grupa A",
        25,
        course,
        institution,
    )
    codes = list(batch.vouchers.values_list("code", flat=True))
    assert len(set(codes)) == 25
    assert all(len(code) == 14 and code.count("-") == 2 for code in codes)
    assert set(batch.vouchers.values_list("seats", "course_id").distinct()) == {(1, course.pk)}
    page = page_of(visit(client, f"/instytucja/pula/{batch.pk}"))
    assert page["flash"]["messages"] == [{"level": "success", "message": "Zamówione kody: 25."}]


def test_the_largest_batch_is_ten_thousand(client, institution):
    exam = make_exam()
    order_batch(client, "/instytucja", {"product": f"exam:{exam.pk}", "size": 10_000})
    assert Voucher.objects.filter(exam=exam).count() == 10_000


@pytest.mark.parametrize(
    ("data", "errors"),
    [
        ({"size": "0"}, {"size": RANGE}),
        ({"size": "10001"}, {"size": RANGE}),
        ({"size": "-5"}, {"size": RANGE}),
        ({"size": "abc"}, {"size": RANGE}),
        ({"size": "1e9"}, {"size": RANGE}),
        ({"size": ""}, {"size": "Podaj liczbę kodów."}),
        ({"product": "course:999999"}, {"product": "Wybierz kurs, egzamin lub ścieżkę."}),
        ({"product": "user:1"}, {"product": "Wybierz kurs, egzamin lub ścieżkę."}),
        ({"product": "x" * 500}, {"product": "Wybierz kurs, egzamin lub ścieżkę."}),
        ({"name": "n" * 101}, {"name": "Nazwa może mieć najwyżej 100 znaków."}),
        ({"valid_until": "wczoraj"}, {"valid_until": "Podaj datę w formacie RRRR-MM-DD."}),
        ({"valid_until": {"day": 1}}, {"valid_until": "Podaj datę w formacie RRRR-MM-DD."}),
        ({"valid_until": [2030, 1, 1]}, {"valid_until": "Podaj datę w formacie RRRR-MM-DD."}),
        ({"valid_until": 20300101}, {"valid_until": "Podaj datę w formacie RRRR-MM-DD."}),
        ({"valid_until": True}, {"valid_until": "Podaj datę w formacie RRRR-MM-DD."}),
        (
            {"valid_until": "2000-01-01"},
            {"valid_until": "Data ważności nie może być wcześniejsza niż dziś."},
        ),
    ],
)
def test_bad_batch_input_answers_with_a_message_and_generates_nothing(
    client, institution, data, errors
):
    course = make_course()
    order_batch(client, "/instytucja", {"product": f"course:{course.pk}", "size": "5", **data})
    assert errors_of(client, "/instytucja") == errors
    assert not Voucher.objects.exists()


def test_a_batch_valid_until_a_day_expires_after_that_day(client, institution):
    course = make_course()
    day = timezone.localdate() + timedelta(days=3)
    order_batch(
        client,
        "/instytucja",
        {"product": f"course:{course.pk}", "size": 2, "valid_until": day.isoformat()},
    )
    voucher = Voucher.objects.first()
    assert timezone.localtime(voucher.valid_until).date() == day


def test_batch_page_shows_who_redeemed_what_and_when(client, institution):
    course = make_course(title="Kurs Y")
    batch = make_batch(issued_by=institution, product=course, codes=3)
    code = batch.vouchers.order_by("id").first().code
    learner = make_user(first_name="jan", last_name="kowalski", email="jan@example.com")
    services.voucher_redeem(user=learner, code=code)

    props = page_of(visit(client, f"/instytucja/pula/{batch.pk}"))["props"]
    assert props["batch"]["seats_total"] == 3
    assert props["batch"]["seats_used"] == 1
    assert props["batch"]["product"] == {"kind": "course", "title": "Kurs Y"}
    assert [(row["code"], row["name"], row["email"]) for row in props["redemptions"]] == [
        (code, "Jan Kowalski", "jan@example.com")
    ]
    assert [row["seats_used"] for row in props["codes"]] == [1, 0, 0]
    assert props["csv_url"] == f"/instytucja/pula/{batch.pk}/csv"


def test_the_batch_csv_lists_every_code_and_redemption(client, institution):
    course = make_course(title="Kurs Z")
    batch = make_batch(issued_by=institution, product=course, codes=2)
    first = batch.vouchers.order_by("id").first().code
    services.voucher_redeem(
        user=make_user(first_name="=HYPERLINK", last_name="x", email="=cmd@example.com"),
        code=first,
    )

    response = client.get(f"/instytucja/pula/{batch.pk}/csv")

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="pula-{batch.pk}.csv"'
    text = b"".join(response.streaming_content).decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert rows[0] == [
        "Kod",
        "Produkt",
        "Miejsca",
        "Wykorzystane",
        "Imię i nazwisko",
        "E-mail",
        "Data wykorzystania",
    ]
    assert rows[1][:6] == [first, "Kurs Z", "1", "1", "'=Hyperlink X", "'=cmd@example.com"]
    assert len(rows) == 3 and rows[2][4:] == ["", "", ""]


def test_nobody_reaches_another_issuers_batch(client, institution):
    other = make_user(roles=["INSTITUTION", "RESELLER"])
    course = make_course()
    theirs = make_batch(issued_by=other, product=course)
    mine_as_reseller = make_batch(
        issued_by=institution, product=course, channel=VoucherBatch.Channel.RESELLER
    )
    for url in (
        f"/instytucja/pula/{theirs.pk}",
        f"/instytucja/pula/{theirs.pk}/csv",
        # A batch of the other area is not reachable through this one.
        f"/instytucja/pula/{mine_as_reseller.pk}",
    ):
        assert client.get(url).status_code == 404
    assert page_of(visit(client, "/instytucja"))["props"]["batches"] == []


def test_reseller_generates_within_the_allowance_admins_set(client):
    reseller = make_user(roles=["RESELLER"])
    client.force_login(reseller)
    course = make_course()
    assert page_of(visit(client, "/reseller"))["props"]["allowance"] == {"left": 0, "total": 0}

    order_batch(client, "/reseller", {"product": f"course:{course.pk}", "size": 1})
    assert errors_of(client, "/reseller") == {"form": "Przekraczasz limit kodów: zostało 0 z 0."}

    VoucherAllowance.objects.create(user=reseller, codes=10)
    order_batch(client, "/reseller", {"product": f"course:{course.pk}", "size": 7})
    order_batch(client, "/reseller", {"product": f"course:{course.pk}", "size": 4})
    assert errors_of(client, "/reseller") == {"form": "Przekraczasz limit kodów: zostało 3 z 10."}
    assert Voucher.objects.count() == 7
    props = page_of(visit(client, "/reseller"))["props"]
    assert props["allowance"] == {"left": 3, "total": 10}
    assert props["area"] == "reseller"


def test_an_institution_sees_how_often_its_learners_were_held_up_by_a_limit(client, institution):
    course = make_course()
    mine, other = make_user(), make_user()
    batch = make_batch(issued_by=institution, product=course, codes=2)
    services.voucher_redeem(user=mine, code=batch.vouchers.first().code)
    elsewhere = make_batch(issued_by=make_user(roles=["INSTITUTION"]), product=course, codes=1)
    services.voucher_redeem(user=other, code=elsewhere.vouchers.first().code)
    today = timezone.localdate()
    LimitEvent.objects.bulk_create(
        [
            LimitEvent(day=today, user=mine, kind=LimitEvent.Kind.SLOWED, count=3),
            LimitEvent(day=today, user=mine, kind=LimitEvent.Kind.REFUSED, count=1),
            LimitEvent(day=today - timedelta(days=2), user=mine, kind="refused", count=2),
            # Too long ago, and another institution's learner: not shown.
            LimitEvent(day=today - timedelta(days=40), user=mine, kind="slowed", count=9),
            LimitEvent(day=today, user=other, kind=LimitEvent.Kind.SLOWED, count=7),
        ]
    )

    props = page_of(visit(client, "/instytucja"))["props"]

    assert props["learner_limits"] == [
        {"day": today.isoformat(), "slowed": 3, "refused": 1},
        {"day": (today - timedelta(days=2)).isoformat(), "slowed": 0, "refused": 2},
    ]
    # Counts per day only: nothing says who, let alone from where.
    assert set(props["learner_limits"][0]) == {"day", "slowed", "refused"}


def test_a_limit_refusal_of_a_logged_in_learner_is_counted_for_the_day(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "voucher_failed": "1/m/user"}
    learner = make_user()
    client.force_login(learner)
    for _ in range(3):
        client.post("/odbierz_kurs", {"code": "ZLY-KOD-1"})
    assert LimitEvent.objects.get(user=learner).count == 2


def test_cloud_customers_see_the_cloud_panel(client):
    client.force_login(make_user(roles=["CLOUD"]))
    assert page_of(visit(client, "/reseller"))["props"]["area"] == "cloud"


def test_batch_pages_read_a_fixed_number_of_queries(
    client, institution, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    course = make_course()
    batch = make_batch(issued_by=institution, product=course, codes=2)
    services.voucher_redeem(user=make_user(), code=batch.vouchers.first().code)
    with CaptureQueriesContext(connection) as few:
        visit(client, f"/instytucja/pula/{batch.pk}")
        visit(client, "/instytucja")
    for _ in range(25):
        make_batch(issued_by=institution, product=course, codes=1)
    for _ in range(60):
        voucher = make_voucher(product=course, batch=batch)
        services.voucher_redeem(user=make_user(), code=voucher.code)
    with django_assert_max_num_queries(len(few.captured_queries)):
        visit(client, f"/instytucja/pula/{batch.pk}")
        visit(client, "/instytucja")


def test_generating_batches_is_rate_limited(client, institution):
    course = make_course()
    for _ in range(10):
        order_batch(client, "/instytucja", {"product": f"course:{course.pk}", "size": 1})
    order_batch(client, "/instytucja", {"product": f"course:{course.pk}", "size": 1})
    assert errors_of(client, "/instytucja") == {
        "form": "Zbyt wiele pul w krótkim czasie. Spróbuj ponownie za chwilę."
    }
    assert VoucherBatch.objects.count() == 10


def test_an_unnamed_batch_is_named_after_its_product_and_the_day(client, institution):
    course = make_course(title="K" * 80)
    day = timezone.localdate().isoformat()
    assert services.batch_name_default(product=course) == f"{'K' * 60}, {day}"

    order_batch(client, "/instytucja", {"product": f"course:{course.pk}", "size": 1, "name": " "})

    assert VoucherBatch.objects.get().name == f"{'K' * 60}, {day}"


def test_batch_generate_refuses_sizes_outside_the_range():
    course = make_course()
    for size in (0, 10_001):
        with pytest.raises(ApplicationError) as raised:
            services.batch_generate(
                issued_by=make_user(),
                channel=VoucherBatch.Channel.INSTITUTION,
                product=course,
                size=size,
                name="",
                valid_until=None,
            )
        assert (raised.value.code, raised.value.message) == ("size", RANGE)
    assert not VoucherBatch.objects.exists()


def test_the_allowance_is_what_the_admins_set_minus_the_reseller_batches():
    reseller = make_user(roles=["RESELLER"])
    course = make_course()
    assert selectors.allowance_get(user=reseller) == (0, 0)
    VoucherAllowance.objects.create(user=reseller, codes=10)
    make_batch(issued_by=reseller, product=course, channel=VoucherBatch.Channel.RESELLER, codes=4)
    # Batches of the institution area do not count against it.
    make_batch(issued_by=reseller, product=course, codes=3)
    assert selectors.allowance_get(user=reseller) == (6, 10)
    VoucherAllowance.objects.filter(user=reseller).update(codes=2)
    assert selectors.allowance_get(user=reseller) == (0, 2)


def test_a_product_is_found_by_its_kind_and_id_only():
    course, exam, path = make_course(), make_exam(), make_path()
    assert selectors.product_find(value=f"course:{course.pk}") == course
    assert selectors.product_find(value=f"exam:{exam.pk}") == exam
    assert selectors.product_find(value=f"path:{path.pk}") == path
    for value in (f"exam:{course.pk + exam.pk + path.pk}", "user:1", "course:", "course:١", ""):
        assert selectors.product_find(value=value) is None


def test_the_csv_lines_start_with_a_byte_order_mark_and_escape_formulas():
    issuer = make_user(roles=["INSTITUTION"])
    batch = make_batch(issued_by=issuer, product=make_course(title="+Kurs"), codes=1)
    shared = make_voucher(product=batch.product, batch=batch, seats=2)
    first = make_user(first_name="Ewa", last_name="Nowak", email="@ewa@example.com")
    second = make_user(first_name="Jan", last_name="Kos", email="jan@example.com")
    services.voucher_redeem(user=first, code=shared.code)
    services.voucher_redeem(user=second, code=shared.code)
    untouched = batch.vouchers.order_by("id").first().code

    lines = list(selectors.batch_csv_lines(batch=batch))

    assert lines[0] == "\ufeff"
    assert lines[1] == (
        "Kod,Produkt,Miejsca,Wykorzystane,Imię i nazwisko,E-mail,Data wykorzystania\r\n"
    )
    rows = list(csv.reader(io.StringIO("".join(lines[1:]))))
    assert rows[1] == [untouched, "'+Kurs", "1", "0", "", "", ""]
    assert sorted(row[:6] for row in rows[2:]) == [
        [shared.code, "'+Kurs", "2", "2", "Ewa Nowak", "'@ewa@example.com"],
        [shared.code, "'+Kurs", "2", "2", "Jan Kos", "jan@example.com"],
    ]
    assert all(len(row[6]) == len("2030-01-01 12:00") for row in rows[2:])
