"""The admin panel: users (search, flags, roles) and session links, with the split
between ADMIN and SUPER_ADMIN enforced on the server."""

import re

import pytest
from django.conf import settings
from django.core import mail

from app.accounts.models import SessionLink
from app.accounts.tests.factories import make_user
from app.accounts.tests.helpers import (
    fresh,
    links_in,
    save_user_form,
    user_change_url,
    user_form_data,
)
from app.core.roles import Role

pytestmark = pytest.mark.django_db

ONLY_SUPER = "Tylko SUPER_ADMIN może nadawać i odbierać role ADMIN i SUPER_ADMIN."


@pytest.fixture
def admin_client(client):
    client.force_login(make_user(email="admin@example.com", roles=[Role.ADMIN]))
    return client


@pytest.fixture
def super_client(client):
    client.force_login(make_user(email="super@example.com", roles=[Role.SUPER_ADMIN]))
    return client


def test_an_admin_sets_supervision_and_the_shop_and_student_flags(admin_client):
    learner = make_user(email="ola@example.com")

    response = save_user_form(
        admin_client, learner, supervision="on", is_shop_user="on", is_student="on"
    )

    assert response.status_code == 302
    learner = fresh(learner)
    assert (learner.supervision, learner.is_shop_user, learner.is_student) == (True, True, True)


def test_an_admin_grants_other_roles(admin_client):
    learner = make_user()
    save_user_form(admin_client, learner, roles=[Role.AUTHOR, Role.MANAGER])
    assert fresh(learner).role_codes == {"AUTHOR", "MANAGER"}


@pytest.mark.parametrize("role", [Role.ADMIN, Role.SUPER_ADMIN])
def test_an_admin_cannot_grant_admin_roles(admin_client, role):
    learner = make_user()

    response = save_user_form(admin_client, learner, roles=[Role.AUTHOR, role])

    assert response.status_code == 200
    assert ONLY_SUPER in response.content.decode()
    assert fresh(learner).role_codes == frozenset()


def test_an_admin_cannot_give_himself_super_admin(client):
    admin = make_user(email="admin@example.com", roles=[Role.ADMIN])
    client.force_login(admin)
    # Nobody changes their own account in the panel: it is shown read-only.
    response = save_user_form(client, admin, roles=[Role.ADMIN, Role.SUPER_ADMIN])
    assert response.status_code == 403
    assert fresh(admin).role_codes == {"ADMIN"}


def test_an_admin_cannot_take_the_admin_role_away(admin_client):
    other = make_user(roles=[Role.ADMIN])
    assert save_user_form(admin_client, other, roles=[]).status_code == 403
    assert fresh(other).role_codes == {"ADMIN"}


def test_an_admin_cannot_change_another_admin_at_all(admin_client):
    # Once, the rest of another admin's account (its e-mail, password, active flag)
    # could be changed while the role stayed: whoever holds the e-mail holds the role.
    other = make_user(email="admin2@example.com", roles=[Role.ADMIN])
    response = save_user_form(admin_client, other, email="mine@example.com", supervision="on")
    assert response.status_code == 403
    other = fresh(other)
    assert (other.email, other.supervision, other.role_codes) == (
        "admin2@example.com",
        False,
        {"ADMIN"},
    )


def test_an_admin_cannot_change_or_delete_a_super_admin(admin_client):
    boss = make_user(email="boss@example.com", roles=[Role.SUPER_ADMIN])

    page = admin_client.get(user_change_url(boss))
    assert page.status_code == 200  # view only
    assert 'name="email"' not in page.content.decode()
    assert save_user_form(admin_client, boss, email="mine@example.com").status_code == 403
    assert admin_client.get(f"/admin/accounts/user/{boss.pk}/password/").status_code == 403
    assert (
        admin_client.post(f"/admin/accounts/user/{boss.pk}/delete/", {"post": "yes"}).status_code
        == 403
    )
    response = admin_client.post(
        "/admin/accounts/user/",
        {"action": "delete_selected", "_selected_action": [boss.pk], "post": "yes"},
    )
    # No account can be deleted outright any more (see the erase action): nothing happens.
    assert response.status_code in (200, 302, 403)
    assert fresh(boss).email == "boss@example.com"


def test_a_super_admin_grants_and_takes_away_admin_roles(super_client):
    learner = make_user()
    save_user_form(super_client, learner, roles=[Role.ADMIN])
    assert fresh(learner).role_codes == {"ADMIN"}
    save_user_form(super_client, fresh(learner), roles=[Role.AUTHOR])
    assert fresh(learner).role_codes == {"AUTHOR"}


def test_a_super_admin_cannot_make_another_super_admin(super_client):
    learner = make_user()
    response = save_user_form(super_client, learner, roles=[Role.SUPER_ADMIN])
    assert response.status_code == 200
    assert "Roli SUPER_ADMIN nie nadaje się ani nie odbiera w panelu." in response.content.decode()
    assert fresh(learner).role_codes == frozenset()


def test_a_super_admin_cannot_change_another_super_admin(super_client):
    other = make_user(roles=[Role.SUPER_ADMIN])
    assert save_user_form(super_client, other, supervision="on").status_code == 403
    assert not fresh(other).supervision


def test_an_admin_cannot_manage_permission_groups(admin_client):
    assert admin_client.get("/admin/auth/group/").status_code == 403


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("kowalska", ["anna@example.com"]),
        ("Anna Kowalska", ["anna@example.com"]),
        ("anna@example", ["anna@example.com"]),
        ("NOWAK", ["jan@example.com"]),
        ("jan kowalska", []),
    ],
)
def test_admins_search_users_by_email_and_name(admin_client, query, found):
    make_user(email="anna@example.com", first_name="Anna", last_name="Kowalska")
    make_user(email="jan@example.com", first_name="Jan", last_name="Nowak")

    html = admin_client.get("/admin/accounts/user/", {"q": query}).content.decode()

    listed = sorted(set(re.findall(r"[a-z]+@example\.com", html)) - {"admin@example.com"})
    assert listed == found


def test_the_user_list_asks_the_database_the_same_number_of_times_for_more_users(
    admin_client, django_assert_max_num_queries
):
    for _ in range(5):
        make_user()
    with django_assert_max_num_queries(12) as few:
        admin_client.get("/admin/accounts/user/")
    for _ in range(30):
        make_user()
    with django_assert_max_num_queries(len(few.captured_queries)):
        admin_client.get("/admin/accounts/user/")


# --- Session links from the admin ----------------------------------------------------------


def test_an_admin_sends_a_session_link(admin_client, django_capture_on_commit_callbacks):
    learner = make_user(email="ola@example.com")

    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            "/admin/accounts/sessionlink/add/",
            {"user": learner.pk, "path": "kurs", "course_id": "9"},
        )

    assert response.status_code == 302
    link = SessionLink.objects.get()
    assert (link.user, link.path, link.course_id) == (learner, "kurs", 9)
    assert link.issued_by.email == "admin@example.com"
    [message] = mail.outbox
    assert message.to == ["ola@example.com"]
    [url] = links_in(message)
    assert url.startswith(f"{settings.SITE_URL}/session/") and url.endswith("/kurs/9")
    # The list shows the link, never its secret.
    html = admin_client.get("/admin/accounts/sessionlink/").content.decode()
    assert "/platforma/kurs/9" in html
    assert url.split("/")[4] not in html and link.digest not in html


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"path": "kurs"}, "Ta strona platformy wymaga numeru kursu albo go nie przyjmuje."),
        ({"path": "moje_kursy", "course_id": "3"}, "Ta strona platformy wymaga numeru kursu"),
        ({"path": "../admin"}, "Wybierz poprawną wartość."),
    ],
)
def test_the_admin_form_refuses_pages_outside_the_learner_area(admin_client, data, message):
    learner = make_user()
    response = admin_client.post("/admin/accounts/sessionlink/add/", {"user": learner.pk, **data})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert SessionLink.objects.count() == 0
    assert mail.outbox == []


def test_the_admin_form_refuses_admin_accounts(admin_client):
    boss = make_user(roles=[Role.ADMIN])
    response = admin_client.post(
        "/admin/accounts/sessionlink/add/", {"user": boss.pk, "path": "moje_kursy"}
    )
    assert "Link logowania można wysłać tylko do aktywnego konta" in response.content.decode()
    assert SessionLink.objects.count() == 0


def test_a_sent_link_cannot_be_edited_but_can_be_revoked(admin_client):
    learner = make_user()
    admin_client.post("/admin/accounts/sessionlink/add/", {"user": learner.pk, "path": "notatki"})
    link = SessionLink.objects.get()

    response = admin_client.post(
        f"/admin/accounts/sessionlink/{link.pk}/change/",
        {"user": learner.pk, "path": "certyfikaty"},
    )
    assert response.status_code == 403
    assert SessionLink.objects.get().path == "notatki"
    admin_client.post(f"/admin/accounts/sessionlink/{link.pk}/delete/", {"post": "yes"})
    assert SessionLink.objects.count() == 0


def test_the_user_list_action_sends_links_to_learners_only(
    admin_client, django_capture_on_commit_callbacks
):
    learners = [make_user(), make_user()]
    boss = make_user(roles=[Role.SUPER_ADMIN])
    locked = make_user(is_active=False)

    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            "/admin/accounts/user/",
            {
                "action": "send_session_link",
                "_selected_action": [u.pk for u in (*learners, boss, locked)],
            },
            follow=True,
        )

    html = response.content.decode()
    assert "Wysłane linki logowania: 2." in html
    assert "Pominięte konta (nieaktywne albo z rolą): 2." in html
    assert sorted(m.to[0] for m in mail.outbox) == sorted(u.email for u in learners)
    assert {link.path for link in SessionLink.objects.all()} == {"moje_kursy"}


def test_the_session_registry_is_no_admin_screen(admin_client):
    assert admin_client.get("/admin/usersessions/usersession/").status_code == 404


def test_erasing_an_account_anonymises_it_and_keeps_others_records(super_client):
    from app.learning.tests.factories import make_course
    from app.vouchers.models import Redemption, Voucher
    from app.vouchers.services import voucher_redeem

    learner = make_user(email="ola@example.com", first_name="Ola")
    Voucher.objects.create(code="KOD-1", course=make_course(), seats=5)
    voucher_redeem(user=learner, code="KOD-1")

    assert super_client.get(f"/admin/accounts/user/{learner.pk}/delete/").status_code == 403
    response = super_client.post(
        "/admin/accounts/user/",
        {"action": "erase_accounts", "_selected_action": [learner.pk]},
    )

    assert response.status_code == 302
    learner = fresh(learner)
    assert learner.anonymised_at is not None
    assert learner.email.endswith("@usuniete.invalid")
    assert (learner.first_name, learner.is_active) == ("", False)
    assert Redemption.objects.filter(user=learner).count() == 1
    assert Voucher.objects.get(code="KOD-1").seats_used == 1


def test_an_admin_cannot_erase_a_super_admin(admin_client):
    boss = make_user(email="boss@example.com", roles=[Role.SUPER_ADMIN])
    admin_client.post(
        "/admin/accounts/user/", {"action": "erase_accounts", "_selected_action": [boss.pk]}
    )
    assert fresh(boss).email == "boss@example.com"


def test_an_admin_cannot_touch_address_records(admin_client):
    boss = make_user(email="boss@example.com", roles=[Role.SUPER_ADMIN])
    response = admin_client.post(
        "/admin/account/emailaddress/add/",
        {"user": boss.pk, "email": "mine@attacker.example", "primary": "on", "verified": "on"},
    )
    assert response.status_code in (403, 404)
    assert not fresh(boss).emailaddress_set.filter(email="mine@attacker.example").exists()
    assert not fresh(make_user(roles=[Role.ADMIN])).has_module_perms("account")


def test_a_changed_address_replaces_the_old_one_everywhere(admin_client, django_user_model):
    from allauth.account.models import EmailAddress
    from django.core import mail

    from app.accounts.tests.factories import DEFAULT_PASSWORD
    from app.core.tests.helpers import post_json

    learner = make_user(email="old@example.com")
    EmailAddress.objects.create(user=learner, email="old@example.com", primary=True)
    assert save_user_form(admin_client, learner, email="new@example.com").status_code == 302
    assert list(EmailAddress.objects.filter(user=learner).values_list("email", flat=True)) == [
        "new@example.com"
    ]

    admin_client.post("/logout")
    post_json(
        admin_client, "/login", {"login": "old@example.com", "login_password": DEFAULT_PASSWORD}
    )
    assert "_auth_user_id" not in admin_client.session
    post_json(admin_client, "/p/haslo/przypomnij", {"email": "old@example.com"})
    assert mail.outbox == []
    post_json(
        admin_client, "/login", {"login": "new@example.com", "login_password": DEFAULT_PASSWORD}
    )
    assert admin_client.session["_auth_user_id"] == str(learner.pk)


def test_an_admin_cannot_erase_another_admin(admin_client):
    other = make_user(email="admin2@example.com", roles=[Role.ADMIN])
    admin_client.post(
        "/admin/accounts/user/", {"action": "erase_accounts", "_selected_action": [other.pk]}
    )
    assert fresh(other).role_codes == {"ADMIN"}
    assert fresh(other).anonymised_at is None


def test_an_avatar_uploaded_in_the_panel_takes_the_learners_guard(admin_client, settings, tmp_path):
    import io

    from django.core.files.uploadedfile import SimpleUploadedFile
    from PIL import Image

    from app.core.tests.test_images import bomb_png

    settings.MEDIA_ROOT = tmp_path
    learner = make_user(email="ola@example.com")

    bomb = SimpleUploadedFile("bomb.png", bomb_png(12_000, 12_000), content_type="image/png")
    response = admin_client.post(
        user_change_url(learner), {**user_form_data(learner), "avatar": bomb}
    )
    assert response.status_code == 200
    assert not fresh(learner).avatar

    buffer = io.BytesIO()
    exif = Image.Exif()
    exif[0x8825] = {2: (52.0, 13.0, 0.0)}
    Image.new("RGB", (900, 600), (200, 10, 10)).save(buffer, "JPEG", exif=exif.tobytes())
    photo = SimpleUploadedFile("photo.jpg", buffer.getvalue(), content_type="image/jpeg")
    response = admin_client.post(
        user_change_url(learner), {**user_form_data(learner), "avatar": photo}
    )
    assert response.status_code == 302
    with fresh(learner).avatar.open() as stored:
        picture = Image.open(stored)
        assert (picture.size, dict(picture.getexif())) == ((400, 400), {})
