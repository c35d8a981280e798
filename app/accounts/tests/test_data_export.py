"""The learner's data export: asked for on the profile, built in the background, downloaded
once from the e-mailed link (GDPR Art. 15 and 20)."""

import json
from datetime import timedelta

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.utils import timezone

from app.accounts import services
from app.accounts.services import account_erase
from app.accounts.tasks import build_data_export
from app.accounts.tests.factories import make_user
from app.accounts.tests.helpers import commit, links_in, path_of
from app.core.data_export import data_export_sections
from app.core.models import DataExport
from app.core.roles import Role
from app.core.services import expired_records_clear
from app.core.tests.helpers import page_of, visit
from app.learning import services as learning_services
from app.learning.tests.factories import grant, make_course
from app.teams.models import Membership
from app.teams.tests.factories import make_team
from app.vouchers.services import voucher_redeem
from app.vouchers.tests.factories import make_voucher

pytestmark = pytest.mark.django_db

ASK = "/platforma/profil/eksport-danych"
ASKED = "Przygotowujemy Twoje dane. Link do pliku wyślemy na adres {email}."
UNKNOWN = "Ten link do danych jest nieprawidłowy albo należy do innego konta."
USED = "Ten link do danych został już wykorzystany. Poproś o nowy na stronie profilu."
EXPIRED = "Ten link do danych wygasł. Poproś o nowy na stronie profilu."


def ask(client: Client):
    return commit(client.post, ASK)


def emailed_link(message) -> str:
    [url] = links_in(message)
    assert url.startswith(f"{settings.SITE_URL}/konto/dane/")
    return path_of(url)


def download(client: Client, link: str):
    return client.post(link)


@pytest.fixture
def ola(client):
    user = make_user(email="ola@example.com", first_name="ola", roles=[Role.AUTHOR])
    client.force_login(user)
    return user


def test_asking_needs_login_and_a_post(client):
    assert (
        client.post(ASK).headers["Location"]
        == "/login?returnUrl=%2Fplatforma%2Fprofil%2Feksport-danych"
    )
    make_user(email="x@example.com")
    client.force_login(make_user())
    assert client.get(ASK).status_code == 405
    assert not DataExport.objects.exists()


def test_asking_emails_a_one_time_link_and_says_so_on_the_profile(client, ola):
    response = ask(client)

    assert response.headers["Location"] == "/platforma/profil"
    messages = page_of(visit(client, "/platforma/profil"))["flash"]["messages"]
    assert [m["message"] for m in messages] == [ASKED.format(email="ola@example.com")]
    [message] = mail.outbox
    assert message.to == ["ola@example.com"]
    assert message.subject == "Twoje dane z Platformy są gotowe do pobrania"
    assert message.body.startswith("Cześć Ola,")
    assert "Link działa raz i jest ważny przez 48 godz." in message.body
    export = DataExport.objects.get()
    assert export.user == ola
    assert abs(export.expires_at - export.created_at - timedelta(hours=48)) < timedelta(seconds=2)
    # Only the digest is stored, never the link's secret.
    assert emailed_link(message).rsplit("/", 1)[1] not in export.digest


def test_the_file_holds_everything_the_platform_keeps_about_the_learner(client, ola):
    course = make_course(title="Python od zera", lessons=2)
    grant(ola, course)
    lesson = course.lessons.order_by("position").first()
    learning_services.lesson_set_done(user=ola, lesson=lesson, done=True)
    learning_services.note_create(user=ola, course=course, text="Listy są mutowalne")
    learning_services.favourite_set(user=ola, course=course, favourite=True)
    voucher_redeem(
        user=ola, code=make_voucher(code="LATO-2026", product=make_course(title="SQL")).code
    )
    Membership.objects.create(team=make_team(name="Zespół Alfa"), user=ola)
    make_team(name="Zespół Beta", managers=[ola])
    other = make_user(email="inny@example.com")
    learning_services.note_create(user=other, course=course, text="Cudza notatka")

    ask(client)
    response = download(client, emailed_link(mail.outbox[0]))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="platforma-dane-')
    data = json.loads(response.content)
    assert set(data) == {"format", "generated_at", *data_export_sections()}
    assert set(data_export_sections()) >= {"account", "learning", "teams", "vouchers"}
    assert data["account"] | {"date_joined": None} == {
        "email": "ola@example.com",
        "first_name": "ola",
        "last_name": "Testowa",
        "customer_id": str(ola.customer_id),
        "language": "pl",
        "date_joined": None,
        "last_login": data["account"]["last_login"],
        "roles": ["AUTHOR"],
        "is_shop_user": False,
        "is_student": False,
        "is_profile_public": False,
        "avatar": None,
        "newsletter": False,
        "terms_accepted_at": None,
    }
    learning = data["learning"]
    assert [(a["course"], a["source"]) for a in learning["access"]] == [
        ("Python od zera", "admin"),
        ("SQL", "voucher"),
    ]
    assert [(d["course"], d["lesson"]) for d in learning["lessons_completed"]] == [
        ("Python od zera", lesson.title)
    ]
    assert [n["text"] for n in learning["notes"]] == ["Listy są mutowalne"]
    assert [f["course"] for f in learning["favourites"]] == ["Python od zera"]
    assert [(v["code"], v["course"]) for v in data["vouchers"]["redeemed"]] == [
        ("LATO-2026", "SQL")
    ]
    assert [m["team"] for m in data["teams"]["member_of"]] == ["Zespół Alfa"]
    assert data["teams"]["manages"] == ["Zespół Beta"]
    assert "Cudza notatka" not in response.content.decode()
    assert "inny@example.com" not in response.content.decode()


def test_the_link_works_once_and_the_copy_is_deleted(client, ola):
    ask(client)
    link = emailed_link(mail.outbox[0])
    page = page_of(visit(client, link))
    assert page["component"] == "Accounts/DataExport"
    assert page["props"]["error"] is None
    # Opening the page (a mail scanner does too) uses nothing up.
    assert page_of(visit(client, link))["props"]["error"] is None

    assert download(client, link).status_code == 200
    assert DataExport.objects.get().content is None

    second = download(client, link)
    assert second.status_code == 302
    assert second.headers["Location"] == link
    assert page_of(visit(client, link))["props"]["error"] == USED


def test_an_expired_link_is_refused(client, ola):
    ask(client)
    link = emailed_link(mail.outbox[0])
    DataExport.objects.update(expires_at=timezone.now() - timedelta(seconds=1))

    assert page_of(visit(client, link))["props"]["error"] == EXPIRED
    assert download(client, link).status_code == 302
    assert DataExport.objects.get().used_at is None


def test_another_learners_link_is_refused_and_stays_theirs(client, ola):
    ask(client)
    link = emailed_link(mail.outbox[0])
    intruder = Client()
    intruder.force_login(make_user(email="intruz@example.com"))

    assert page_of(visit(intruder, link))["props"]["error"] == UNKNOWN
    refused = download(intruder, link)
    assert refused.status_code == 302
    assert b"ola@example.com" not in refused.content
    assert DataExport.objects.get().used_at is None
    assert download(client, link).status_code == 200


@pytest.mark.parametrize("token", ["x", "a" * 43, "%3Cscript%3E.."])
def test_a_malformed_or_unknown_link_is_refused(client, ola, token):
    assert page_of(visit(client, f"/konto/dane/{token}"))["props"]["error"] == UNKNOWN


def test_asking_is_rate_limited_per_account(client, ola):
    for _ in range(3):
        assert ask(client).headers["Location"] == "/platforma/profil"
    refused = ask(client)
    assert refused.status_code == 302
    assert DataExport.objects.count() == 3
    assert len(mail.outbox) == 3
    # Another learner is not held back by Ola's requests.
    other = Client()
    other.force_login(make_user())
    assert commit(other.post, ASK).headers["Location"] == "/platforma/profil"
    assert DataExport.objects.count() == 4


def test_a_task_run_twice_builds_and_emails_once(ola):
    with_key = {"user_id": ola.pk, "request_key": "k-1"}
    with commit_callbacks():
        assert build_data_export(**with_key) == "built"
        assert build_data_export(**with_key) == "nothing to do"
    assert DataExport.objects.count() == 1
    assert len(mail.outbox) == 1


def test_no_export_is_built_for_a_locked_account(ola):
    account_erase(user=ola)
    assert services.data_export_build(user_id=ola.pk, request_key="k-2") is None
    assert not DataExport.objects.exists()


def test_erasing_the_account_deletes_its_exports(client, ola):
    ask(client)
    account_erase(user=ola)
    assert not DataExport.objects.exists()


def test_the_daily_clean_up_deletes_exports_once_their_link_stops_working(client, ola):
    ask(client)
    ask(client)
    ask(client)
    used, expired, usable = DataExport.objects.order_by("created_at")
    DataExport.objects.filter(pk=used.pk).update(used_at=timezone.now(), content=None)
    DataExport.objects.filter(pk=expired.pk).update(expires_at=timezone.now())
    expired_records_clear()
    assert list(DataExport.objects.all()) == [usable]


def commit_callbacks():
    from django.test import TestCase

    return TestCase.captureOnCommitCallbacks(execute=True)
