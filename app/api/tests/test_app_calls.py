"""Contract tests of the app calls (user, deletion, voucher, invitation, logout) and the
public alerts: shape, status, what they change, and the web's outcome for the same input."""

from datetime import timedelta
from typing import Any

import pytest
from django.core.files.base import ContentFile
from django.test import Client
from django.utils import timezone

from app.accounts.models import AccountDeletionLink, AppToken, User
from app.accounts.tests.factories import make_user
from app.api.tests.helpers import error_of, get_api, token_of
from app.core.tests.helpers import post_json
from app.learning.models import Access
from app.learning.tests.factories import make_course, make_exam, make_path
from app.shell.tests.helpers import make_alert
from app.teams.models import Membership
from app.teams.tests.factories import make_invitation, make_team
from app.vouchers.models import Redemption
from app.vouchers.tests.factories import make_voucher

pytestmark = pytest.mark.django_db

USER = "/api/app/user"


# --- User data ----------------------------------------------------------------------------


def test_user_answers_the_account_and_the_string_null_without_avatar(client: Client):
    user = make_user(
        first_name="ola",
        last_name="nowak",
        supervision=True,
        is_student=True,
        roles=["SUPER_ADMIN", "INSTITUTION", "CLOUD"],
    )

    response = get_api(client, USER, token=token_of(user))

    assert response.status_code == 200
    assert response.json() == {
        "user": {
            "customer_id": str(user.customer_id),
            "first_name": "Ola",
            "last_name": "Nowak",
            "supervision": True,
            "is_profile_public": False,
            "is_student": True,
            "roles": ["CLOUD", "INSTITUTION", "ROLE_SUPER_ADMIN"],
        },
        "avatar": "null",
    }


def test_user_avatar_is_an_absolute_url_on_the_public_address(client: Client, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.SITE_URL = "https://platforma.example.com"
    user = make_user()
    user.avatar.save("a.jpg", ContentFile(b"jpeg"), save=True)

    avatar = get_api(client, USER, token=token_of(user), HTTP_HOST="evil.example.com").json()[
        "avatar"
    ]

    assert avatar == f"https://platforma.example.com{user.avatar.url}"


# --- Mark for removal ---------------------------------------------------------------------


def test_mark_to_remove_locks_the_account_like_the_web_confirmation(client: Client):
    user = make_user()
    token = token_of(user)
    _link, secret = AccountDeletionLink.issue(
        lifetime=timedelta(hours=1), user=user, kind="confirm"
    )

    response = get_api(client, f"/api/app/user/mark-to-remove/{secret}", token=token)

    assert response.status_code == 200
    assert response.json() == {"message": "Twoje konto zostanie usunięte w ciągu 24 godzin"}
    user.refresh_from_db()
    assert (user.is_active, user.deletion_marked_at is not None) == (False, True)
    assert not AppToken.objects.filter(user=user).exists()
    # The e-mailed link is used up, as on the web page.
    again = get_api(client, f"/api/app/user/mark-to-remove/{secret}", token=token_of(make_user()))
    assert again.status_code == 400
    assert error_of(again)["code"] == "unknown"


def test_mark_to_remove_with_someone_elses_link_changes_nothing(client: Client):
    owner, other = make_user(), make_user()
    _link, secret = AccountDeletionLink.issue(
        lifetime=timedelta(hours=1), user=owner, kind="confirm"
    )

    response = get_api(client, f"/api/app/user/mark-to-remove/{secret}", token=token_of(other))

    assert response.status_code == 400
    assert error_of(response) == {
        "message": "Ten link usunięcia konta jest nieprawidłowy albo należy do innego konta.",
        "code": "unknown",
    }
    assert User.objects.filter(is_active=True).count() == 2


# --- Voucher consume ----------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["course", "exam", "path"])
def test_voucher_consume_answers_type_and_object_id(client: Client, kind: str):
    makers: dict[str, Any] = {"course": make_course, "exam": make_exam, "path": make_path}
    product = makers[kind]()
    voucher = make_voucher(product=product, code="ABCD-EFGH-JKLM")
    user = make_user()

    response = get_api(client, "/api/app/voucher/abcd-efgh-jklm/consume", token=token_of(user))

    assert response.status_code == 200
    assert response.json() == {"type": kind, "object_id": product.pk}
    assert Redemption.objects.get(voucher=voucher).user == user
    assert Access.objects.get(user=user).product == product


def test_voucher_consume_grants_what_the_web_form_grants(client: Client):
    course = make_course()
    make_voucher(product=course, code="ABCD-EFGH-JKLM", seats=2)
    app_user, web_user = make_user(), make_user()
    web = Client()
    web.force_login(web_user)

    get_api(client, "/api/app/voucher/ABCD-EFGH-JKLM/consume", token=token_of(app_user))
    post_json(web, "/odbierz_kurs", {"code": "ABCD-EFGH-JKLM"})

    app_access, web_access = Access.objects.get(user=app_user), Access.objects.get(user=web_user)
    assert (app_access.source, app_access.source_detail, app_access.product) == (
        web_access.source,
        web_access.source_detail,
        web_access.product,
    )


def test_a_used_voucher_is_a_conflict(client: Client):
    make_voucher(product=make_course(), code="ABCD-EFGH-JKLM")
    get_api(client, "/api/app/voucher/ABCD-EFGH-JKLM/consume", token=token_of(make_user()))

    response = get_api(
        client, "/api/app/voucher/ABCD-EFGH-JKLM/consume", token=token_of(make_user())
    )

    assert response.status_code == 409
    assert error_of(response) == {
        "message": "Ten voucher został już wykorzystany przez wszystkie osoby, dla których był.",
        "code": "used_up",
    }


def test_a_voucher_redeemed_twice_by_the_same_learner_is_a_conflict(client: Client):
    make_voucher(product=make_course(), code="ABCD-EFGH-JKLM", seats=3)
    token = token_of(make_user())
    get_api(client, "/api/app/voucher/ABCD-EFGH-JKLM/consume", token=token)

    response = get_api(client, "/api/app/voucher/ABCD-EFGH-JKLM/consume", token=token)

    assert response.status_code == 409
    assert error_of(response)["code"] == "already_redeemed"


def test_an_unknown_code_is_refused_and_counts_as_a_guess_with_the_web(
    client: Client, settings, limits_clock
):
    settings.RATE_LIMITS = {
        **settings.RATE_LIMITS,
        "voucher_failed": "2/m/user,100/m/ip",
    }
    user = make_user()
    make_voucher(product=make_course(), code="ABCD-EFGH-JKLM")
    web = Client()
    web.force_login(user)
    post_json(web, "/odbierz_kurs", {"code": "ZZZZ-ZZZZ-ZZZZ"})
    unknown = get_api(client, "/api/app/voucher/YYYY-YYYY-YYYY/consume", token=token_of(user))

    limited = get_api(client, "/api/app/voucher/ABCD-EFGH-JKLM/consume", token=token_of(user))

    assert unknown.status_code == 400
    assert error_of(unknown)["code"] == "unknown"
    assert limited.status_code == 429
    # The real seconds until the minute's window ends.
    assert limited["Retry-After"] == "45"
    assert not Access.objects.exists()


def test_a_voucher_without_a_product_gets_the_contact_the_administrator_message(client: Client):
    make_voucher(code="ABCD-EFGH-JKLM")

    response = get_api(
        client, "/api/app/voucher/ABCD-EFGH-JKLM/consume", token=token_of(make_user())
    )

    assert response.status_code == 400
    assert error_of(response)["message"] == (
        "Wykorzystany voucher nie posiada przypisanego kursu, proszę skontaktuj się"
        " z administratorem."
    )


# --- Accept invitation --------------------------------------------------------------------


def test_accept_joins_the_team_like_the_web_page_and_answers_the_user(client: Client):
    user = make_user(email="ola@example.com", first_name="ola")
    course = make_course()
    team = make_team(name="Zespół B", courses=[course])
    invitation, secret = make_invitation(team=team, email="ola@example.com")

    response = get_api(client, f"/api/app/student/accept/{secret}", token=token_of(user))

    assert response.status_code == 200
    body = response.json()
    assert body["customer_id"] == str(user.customer_id)
    assert body["first_name"] == "Ola"
    assert body["is_student"] is True
    assert Membership.objects.filter(team=team, user=user).exists()
    invitation.refresh_from_db()
    assert invitation.accepted_by == user
    access = Access.objects.get(user=user, course=course)
    assert (access.source, access.source_detail) == ("team", "Zespół B")


def test_an_invitation_of_another_address_is_a_404_with_code_404(client: Client):
    team = make_team()
    _invitation, secret = make_invitation(team=team, email="ola@example.com")
    other = make_user(email="inna@example.com")

    response = get_api(client, f"/api/app/student/accept/{secret}", token=token_of(other))

    assert response.status_code == 404
    error = error_of(response)
    assert error["code"] == 404
    assert "ola@example.com" in error["message"]
    assert not Membership.objects.exists()


def test_a_used_invitation_is_a_conflict(client: Client):
    team = make_team()
    _invitation, secret = make_invitation(team=team, email="ola@example.com")
    get_api(
        client,
        f"/api/app/student/accept/{secret}",
        token=token_of(make_user(email="ola@example.com")),
    )
    # The address changed hands: another account with the invited address tries again.
    User.objects.filter(email="ola@example.com").update(email="stara@example.com")
    second = make_user(email="ola@example.com")

    response = get_api(client, f"/api/app/student/accept/{secret}", token=token_of(second))

    assert response.status_code == 409
    assert error_of(response) == {
        "message": "To zaproszenie zostało już wykorzystane.",
        "code": "used",
    }


def test_an_invitation_accepted_already_by_the_same_account_is_a_conflict(client: Client):
    team = make_team(name="Zespół B")
    _invitation, secret = make_invitation(team=team, email="ola@example.com")
    token = token_of(make_user(email="ola@example.com"))
    assert get_api(client, f"/api/app/student/accept/{secret}", token=token).status_code == 200

    again = get_api(client, f"/api/app/student/accept/{secret}", token=token)

    assert again.status_code == 409
    assert error_of(again) == {"message": "Już należysz do zespołu Zespół B.", "code": "member"}
    assert Membership.objects.count() == 1


def test_an_unknown_invitation_is_refused(client: Client):
    response = get_api(client, "/api/app/student/accept/" + "A" * 43, token=token_of(make_user()))

    assert response.status_code == 400
    assert error_of(response)["code"] == "unknown"


UNKNOWN_LINKS = {
    "/api/app/student/accept/": (
        "Nie znaleźliśmy tego zaproszenia. Sprawdź, czy link jest kompletny."
    ),
    "/api/app/user/mark-to-remove/": (
        "Ten link usunięcia konta jest nieprawidłowy albo należy do innego konta."
    ),
    "/api/public/relogin/": "Ten link logowania jest nieprawidłowy.",
}


@pytest.mark.parametrize("secret", ["", "a/b", "A" * 20 + "/" + "B" * 22, "/", "%23x%0Ay", "%3F"])
@pytest.mark.parametrize("path", UNKNOWN_LINKS)
def test_an_empty_secret_or_one_with_a_slash_is_an_unknown_link_not_a_404(
    client: Client, path, secret
):
    # The app reads a 404 as another account's invitation (docs/behaviour.md#api-errors).
    user = make_user()

    response = get_api(client, f"{path}{secret}", token=token_of(user))

    assert response.status_code == 400
    assert error_of(response) == {"message": UNKNOWN_LINKS[path], "code": "unknown"}
    user.refresh_from_db()
    assert user.is_active
    assert not Membership.objects.exists()


# --- Alerts -------------------------------------------------------------------------------


def test_alerts_answer_the_shells_alert(client: Client):
    make_alert(text_desktop="Przerwa", text_mobile="", button_label="", button_url="")

    response = get_api(client, "/api/public/alerts")

    assert response.status_code == 200
    assert response.json() == {
        "text_desktop": "Przerwa",
        "text_mobile": "Przerwa",
        "button_label": "",
        "button_url": "",
        "is_close_button": True,
        "background_color": "#b91c1c",
        "text_color": "#ffffff",
    }
    assert response.json() == client.get("/api/alerts").json()


def test_alerts_answer_an_empty_array_without_an_alert(client: Client):
    assert get_api(client, "/api/public/alerts").json() == []


def test_alerts_preview_shows_the_unpublished_alert_to_authors_and_admins_only(client: Client):
    make_alert(text_desktop="Teraz")
    make_alert(
        text_desktop="Wkrótce", is_published=False, starts_at=timezone.now() + timedelta(hours=1)
    )

    def shown(token: str | None) -> str:
        return get_api(client, "/api/public/alerts?preview=true", token=token).json()[
            "text_desktop"
        ]

    assert shown(token_of(make_user(roles=["AUTHOR"]))) == "Wkrótce"
    assert shown(token_of(make_user(roles=["ADMIN"]))) == "Wkrótce"
    assert shown(token_of(make_user())) == "Teraz"
    assert shown(None) == "Teraz"
    assert get_api(client, "/api/public/alerts").json()["text_desktop"] == "Teraz"


def test_preview_changes_nothing_in_an_app_call(client: Client):
    author = make_user(roles=["AUTHOR"])
    token = token_of(author)

    assert (
        get_api(client, f"{USER}?preview=true", token=token).json()
        == get_api(client, USER, token=token).json()
    )
