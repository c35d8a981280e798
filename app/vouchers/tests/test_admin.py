"""Admins manage the catalogue, access, vouchers and teams in the admin panel."""

import pytest
from django.urls import reverse

from app.accounts.tests.factories import make_user
from app.learning.tests.factories import make_course, make_path
from app.teams.tests.factories import make_invitation, make_team
from app.vouchers.models import Voucher
from app.vouchers.tests.factories import make_batch, make_voucher
from app.vouchers.tests.helpers import voucher_admin_form

pytestmark = pytest.mark.django_db

MODELS = [
    ("learning", "course"),
    ("learning", "exam"),
    ("learning", "learningpath"),
    ("learning", "access"),
    ("learning", "certificate"),
    ("learning", "note"),
    ("learning", "favourite"),
    ("learning", "lessonprogress"),
    ("vouchers", "voucher"),
    ("vouchers", "voucherbatch"),
    ("vouchers", "redemption"),
    ("vouchers", "voucherallowance"),
    ("teams", "team"),
    ("teams", "invitation"),
]


@pytest.fixture
def admin_client(client):
    client.force_login(make_user(roles=["ADMIN"]))
    course = make_course()
    make_path(courses=[course])
    make_batch(issued_by=make_user(roles=["INSTITUTION"]), product=course)
    make_invitation(team=make_team(courses=[course]), email="a@example.com")
    return client


@pytest.mark.parametrize(("app", "model"), MODELS)
def test_every_model_has_a_working_admin_list_and_page(admin_client, app, model):
    response = admin_client.get(reverse(f"admin:{app}_{model}_changelist"))
    assert response.status_code == 200
    from django.apps import apps

    instance = apps.get_model(app, model).objects.first()
    if instance is not None:
        url = reverse(f"admin:{app}_{model}_change", args=[instance.pk])
        assert admin_client.get(url).status_code == 200


def test_an_admin_made_code_is_stored_normalised_and_unique(admin_client):
    course = make_course()
    make_voucher(code="PROMO2026", product=course)
    url = reverse("admin:vouchers_voucher_add")
    form = voucher_admin_form(code=" promo2026 ", course=course, seats=5)
    response = admin_client.post(url, form)
    # The form comes back with the uniqueness error instead of a database error.
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["code"] == [
        "Istnieje już Voucher z tą wartością pola Kod."
    ]
    assert Voucher.objects.filter(code="PROMO2026").count() == 1

    admin_client.post(url, {**form, "code": "nowy kod"})
    assert Voucher.objects.filter(code="NOWYKOD", seats=5).exists()


def test_seats_cannot_drop_below_those_used(admin_client):
    from app.vouchers.services import voucher_redeem

    course = make_course()
    voucher = make_voucher(code="MALO", product=course, seats=3)
    voucher_redeem(user=make_user(), code="MALO")
    url = reverse("admin:vouchers_voucher_change", args=[voucher.pk])
    response = admin_client.post(url, voucher_admin_form(code="MALO", course=course, seats=0))
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["seats"] == [
        "Liczba miejsc nie może być mniejsza niż wykorzystane: 1."
    ]
    assert Voucher.objects.get(pk=voucher.pk).seats == 3


def test_an_admins_save_keeps_the_redemptions_made_meanwhile(admin_client, monkeypatch):
    # A learner redeems the voucher while the admin's save of it is under way (after the
    # voucher was read for the form): the seat they took stays counted.
    from app.vouchers.admin import VoucherForm
    from app.vouchers.services import voucher_redeem

    course = make_course()
    voucher = make_voucher(code="WTRAKCIE", product=course, seats=2)
    clean = VoucherForm.clean

    def clean_while_a_learner_redeems(form):
        voucher_redeem(user=make_user(), code="WTRAKCIE")
        return clean(form)

    monkeypatch.setattr(VoucherForm, "clean", clean_while_a_learner_redeems)
    url = reverse("admin:vouchers_voucher_change", args=[voucher.pk])
    form = voucher_admin_form(code="WTRAKCIE", course=course, seats=3)
    assert admin_client.post(url, form).status_code == 302
    saved = Voucher.objects.get(pk=voucher.pk)
    assert (saved.seats, saved.seats_used) == (3, 1)


def test_an_admins_save_reads_the_voucher_once_and_locked(admin_client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    course = make_course()
    voucher = make_voucher(code="RAZ", product=course, seats=2)
    url = reverse("admin:vouchers_voucher_change", args=[voucher.pk])
    table = Voucher._meta.db_table
    with CaptureQueriesContext(connection) as queries:
        response = admin_client.post(url, voucher_admin_form(code="RAZ", course=course, seats=4))
    assert response.status_code == 302
    assert Voucher.objects.get(pk=voucher.pk).seats == 4
    reads = [
        query["sql"]
        for query in queries.captured_queries
        if query["sql"].startswith("SELECT")
        and f'FROM "{table}" WHERE "{table}"."id" = {voucher.pk}' in query["sql"]
    ]
    assert len(reads) == 1, reads
    if connection.vendor == "postgresql":
        assert "FOR UPDATE" in reads[0]


def test_a_post_for_a_voucher_that_is_not_there_finds_none(admin_client):
    url = reverse("admin:vouchers_voucher_change", args=["nie-liczba"])
    response = admin_client.post(url, {})
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:index")


@pytest.mark.django_db(transaction=True)
def test_a_post_to_a_vouchers_history_shows_it(services, admin_client):
    # Only the change and delete views run in a transaction, where the voucher's row is
    # locked for the save; the history view is answered as for a GET, never a 500 (the
    # lock outside a transaction: PostgreSQL's, as SQLite takes no row locks).
    voucher = make_voucher(code="HISTORIA", product=make_course())
    url = reverse("admin:vouchers_voucher_history", args=[voucher.pk])
    response = admin_client.post(url)
    assert response.status_code == 200
    assert "HISTORIA" in response.content.decode()
