"""One-click session links: the service, the page, the login POST and the operator command."""

from datetime import timedelta
from io import StringIO

import pytest
from allauth.usersessions.models import UserSession
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core import mail
from django.core.management import CommandError, call_command
from django.utils import timezone

from app.accounts import services
from app.accounts.models import SessionLink
from app.accounts.tests.factories import make_user
from app.accounts.tests.helpers import flash_on_login, links_in, path_of, session_link_path
from app.core.errors import ApplicationError
from app.core.roles import Role
from app.core.tests.helpers import page_of, post_json, visit
from app.learning.tests.factories import grant, make_course

pytestmark = pytest.mark.django_db

USED = "Ten link logowania został już wykorzystany."
UNKNOWN = "Ten link logowania jest nieprawidłowy."
EXPIRED = "Ten link logowania wygasł."


@pytest.mark.parametrize(
    ("path", "course_id", "url_path"),
    [("moje_kursy", None, "moje_kursy"), ("kurs", 12, "kurs/12"), ("certyfikaty", None, None)],
)
def test_issued_link_points_at_the_learner_page(path, course_id, url_path):
    user = make_user()
    link, url = services.session_link_issue(user=user, path=path, course_id=course_id)

    token = url.split("/")[4]
    assert url == f"{settings.SITE_URL}/session/{token}/{url_path or path}"
    assert abs(link.expires_at - link.created_at - timedelta(hours=72)) < timedelta(seconds=1)
    assert (link.user, link.path, link.course_id) == (user, path, course_id)


@pytest.mark.parametrize(
    ("path", "course_id"),
    [
        ("kurs", None),  # a course page needs its course
        ("moje_kursy", 3),  # a list takes none
        ("nie-ma-takiej", None),
        ("", None),
        ("../admin", None),
        ("admin", None),
        ("profil/usun-konto", None),
        ("//evil.example", None),
        ("https://evil.example", None),
        ("moje_kursy?x=1", None),
        ("kurs", -1),
    ],
)
def test_links_lead_only_inside_the_learner_area(path, course_id):
    with pytest.raises(ApplicationError) as refused:
        services.session_link_issue(user=make_user(), path=path, course_id=course_id)
    assert refused.value.code == "outside_platform"
    assert SessionLink.objects.count() == 0


@pytest.mark.parametrize("role", list(Role))
def test_no_account_with_a_role_gets_a_session_link(role):
    with pytest.raises(ApplicationError, match="bez żadnej roli"):
        services.session_link_issue(user=make_user(roles=[role]), path="moje_kursy")
    assert SessionLink.objects.count() == 0


PASSWORD_ONLY = "Konta z dostępem do panelu logują się tylko hasłem. Zaloguj się e-mailem i hasłem."


@pytest.mark.parametrize("role", list(Role))
def test_a_link_never_opens_an_account_with_a_role(client, role):
    # Issued while the account was a learner's; the role came later.
    user = make_user()
    path = session_link_path(user)
    services.user_grant_roles(user=user, codes=[role])

    response = post_json(client, path, {})

    assert response.headers["Location"] == "/login?form=login"
    assert SESSION_KEY not in client.session
    assert flash_on_login(client) == [{"level": "error", "message": PASSWORD_ONLY}]


def test_the_password_only_message_in_english(client):
    user = make_user()
    path = session_link_path(user)
    services.user_grant_roles(user=user, codes=[Role.AUTHOR])

    post_json(client, path, {}, HTTP_ACCEPT_LANGUAGE="en")

    messages = page_of(visit(client, "/login", HTTP_ACCEPT_LANGUAGE="en"))["flash"]["messages"]
    assert messages == [
        {
            "level": "error",
            "message": "Accounts with access to a panel log in with their password only."
            " Log in with your e-mail and password.",
        }
    ]


def test_the_admin_panel_refuses_links_for_every_role(client):
    client.force_login(make_user(roles=[Role.SUPER_ADMIN]))
    for role in Role:
        target = make_user(roles=[role])
        response = client.post(
            "/admin/accounts/sessionlink/add/", {"user": target.pk, "path": "moje_kursy"}
        )
        assert "Link logowania można wysłać tylko do aktywnego konta bez żadnej roli" in (
            response.content.decode()
        ), role
    assert SessionLink.objects.count() == 0
    assert mail.outbox == []


def test_inactive_accounts_get_no_session_links():
    with pytest.raises(ApplicationError) as refused:
        services.session_link_issue(user=make_user(is_active=False), path="moje_kursy")
    assert refused.value.code == "session_link_refused"


def test_opening_the_link_shows_the_page_and_leaves_the_link_usable(client):
    path = session_link_path(make_user())

    page = page_of(visit(client, path))

    assert page["component"] == "Accounts/SessionLink"
    assert page["props"]["submit_url"] == path
    assert SessionLink.objects.get().used_at is None
    # A plain fetch, like a mail scanner's, changes nothing either.
    assert client.get(path).status_code == 200
    assert client.head(path).status_code == 200
    assert SessionLink.objects.get().used_at is None
    assert SESSION_KEY not in client.session


def test_the_post_logs_in_and_goes_to_the_page(client):
    user = make_user()
    link_path = session_link_path(user, "moje_kursy")
    client.get("/login")
    anonymous_key = client.session.session_key

    response = post_json(client, link_path, {})

    assert response.status_code == 302
    assert response.headers["Location"] == "/platforma/moje_kursy"
    assert client.session[SESSION_KEY] == str(user.pk)
    assert client.session.session_key != anonymous_key
    assert UserSession.objects.filter(user=user).count() == 1
    assert SessionLink.objects.get().used_at is not None
    assert visit(client, "/platforma/moje_kursy").status_code == 200


def test_the_post_opens_the_course_page_of_a_course_link(client):
    user = make_user()
    # The course page opens only for a course the learner owns.
    course_id = grant(user, make_course()).course_id
    link_path = session_link_path(user, "kurs", course_id)
    client.get("/login")
    anonymous_key = client.session.session_key

    response = post_json(client, link_path, {})

    assert response.status_code == 302
    assert response.headers["Location"] == f"/platforma/kurs/{course_id}"
    assert client.session[SESSION_KEY] == str(user.pk)
    assert client.session.session_key != anonymous_key
    assert UserSession.objects.filter(user=user).count() == 1
    assert SessionLink.objects.get().used_at is not None
    assert visit(client, f"/platforma/kurs/{course_id}").status_code == 200


def test_second_use_is_refused_with_the_message_then_login(client, django_user_model):
    user = make_user()
    path = session_link_path(user)
    post_json(client, path, {})
    post_json(client, "/logout", {})

    response = post_json(client, path, {})

    assert response.headers["Location"] == "/login?form=login"
    assert SESSION_KEY not in client.session
    assert flash_on_login(client) == [{"level": "error", "message": USED}]


def test_expired_link_is_refused(client):
    path = session_link_path(make_user())
    SessionLink.objects.update(expires_at=timezone.now() - timedelta(seconds=1))

    response = post_json(client, path, {})

    assert response.headers["Location"] == "/login?form=login"
    assert SESSION_KEY not in client.session
    assert flash_on_login(client) == [{"level": "error", "message": EXPIRED}]


@pytest.mark.parametrize(
    "tamper",
    [
        lambda path: path.replace("moje_kursy", "certyfikaty"),
        lambda path: path[: len("/session/") + 20] + "/moje_kursy",
        lambda path: path.replace("/session/", "/session/A"),
        lambda path: "/session/" + "A" * 43 + "/moje_kursy",
        lambda path: "/session/%00%0a/moje_kursy",
    ],
)
def test_altered_or_forged_links_are_unknown_and_change_nothing(client, tamper):
    path = session_link_path(make_user())

    response = post_json(client, tamper(path), {})

    assert response.status_code == 302
    assert response.headers["Location"] == "/login?form=login"
    assert SESSION_KEY not in client.session
    assert flash_on_login(client) == [{"level": "error", "message": UNKNOWN}]
    assert SessionLink.objects.get().used_at is None


@pytest.mark.parametrize(
    "path",
    [
        "/session/abc/..%2F..%2Fadmin",
        "/session/abc/%2F%2Fevil.example",
        "/session/abc/https:%2F%2Fevil.example",
        "/session/abc/moje_kursy/12/34",
        "/session/abc/moje_kursy/-1",
        "/session/abc/moje_kursy/x",
    ],
)
def test_hostile_paths_match_no_route(client, path):
    assert client.get(path).status_code == 404
    assert client.post(path).status_code == 404


def test_a_link_to_a_page_outside_the_area_is_refused_without_using_anything(client):
    response = post_json(client, "/session/" + "A" * 43 + "/nie-ma-takiej", {})
    assert response.headers["Location"] == "/login?form=login"
    assert flash_on_login(client) == [
        {"level": "error", "message": "Ten link prowadzi poza platformę."}
    ]


def test_an_account_locked_after_the_link_was_sent_is_not_logged_in(client):
    user = make_user()
    path = session_link_path(user)
    user.is_active = False
    user.save()

    post_json(client, path, {})

    assert SESSION_KEY not in client.session
    assert flash_on_login(client) == [{"level": "error", "message": UNKNOWN}]


def test_logged_in_visitors_go_to_the_learner_area_and_keep_the_link(client):
    owner, other = make_user(), make_user()
    path = session_link_path(owner)
    client.force_login(other)

    assert client.get(path).headers["Location"] == "/platforma"
    assert post_json(client, path, {}).headers["Location"] == "/platforma"
    assert client.session[SESSION_KEY] == str(other.pk)
    assert SessionLink.objects.get().used_at is None


def test_guessing_is_rate_limited_per_ip(client):
    user = make_user()
    for _ in range(20):
        post_json(client, "/session/" + "B" * 43 + "/moje_kursy", {})
    path = session_link_path(user)

    post_json(client, path, {})

    assert SESSION_KEY not in client.session
    assert flash_on_login(client)[-1] == {
        "level": "error",
        "message": "Zbyt wiele prób. Spróbuj ponownie za chwilę.",
    }
    assert SessionLink.objects.get().used_at is None


def test_the_link_is_a_get_or_post_only(client):
    path = session_link_path(make_user())
    assert client.put(path).status_code == 405


def test_send_emails_the_link_in_the_users_language(django_capture_on_commit_callbacks):
    user = make_user(email="ola@example.com", first_name="ola", language="en")
    with django_capture_on_commit_callbacks(execute=True):
        link = services.session_link_send(user=user, path="kurs", course_id=7)

    [message] = mail.outbox
    assert message.to == ["ola@example.com"]
    assert message.subject == "Your Platforma login link"
    assert "valid for 72 hours" in message.body
    [url] = links_in(message)
    assert url.startswith(f"{settings.SITE_URL}/session/")
    assert url.endswith("/kurs/7")
    assert link.digest not in url


# --- The operator command -------------------------------------------------------------------


def test_command_prints_a_working_link(client):
    user = make_user(email="ola@example.com")
    out = StringIO()
    call_command("session_link", "OLA@example.com", "kurs", "--course", "5", stdout=out)

    url = out.getvalue().strip()
    assert url.startswith(f"{settings.SITE_URL}/session/") and url.endswith("/kurs/5")
    assert post_json(client, path_of(url), {}).headers["Location"] == "/platforma/kurs/5"
    assert client.session[SESSION_KEY] == str(user.pk)


def test_command_can_email_the_link(django_capture_on_commit_callbacks):
    make_user(email="ola@example.com")
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("session_link", "ola@example.com", "moje_kursy", "--send", stdout=out)
    assert out.getvalue().strip() == "Sent a session link to ola@example.com."
    assert [m.to for m in mail.outbox] == [["ola@example.com"]]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nobody@example.com", "moje_kursy"], "No account with the e-mail nobody@example.com."),
        (["ola@example.com", "admin"], "/platforma/admin is not a page of the learner area."),
        (["ola@example.com", "kurs"], "/platforma/kurs is not a page of the learner area."),
        (["boss@example.com", "moje_kursy"], "boss@example.com cannot get a session link"),
        (["author@example.com", "moje_kursy"], "author@example.com cannot get a session link"),
        (["leader@example.com", "moje_kursy"], "leader@example.com cannot get a session link"),
    ],
)
def test_command_refuses_what_it_cannot_do(args, message):
    make_user(email="ola@example.com")
    make_user(email="boss@example.com", roles=[Role.ADMIN])
    make_user(email="author@example.com", roles=[Role.AUTHOR])
    make_user(email="leader@example.com", roles=[Role.MANAGER_LEADER])
    with pytest.raises(CommandError) as error:
        call_command("session_link", *args, stdout=StringIO())
    assert str(error.value).startswith(message)
    assert SessionLink.objects.count() == 0
