"""The mobile app's sessions on the profile page: listed for their owner, ended one by
one, and only the owner's own."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from app.accounts.models import AppToken
from app.accounts.services import app_token_issue
from app.accounts.tests.factories import make_user
from app.core.tests.helpers import page_of, post_json, visit

pytestmark = pytest.mark.django_db

PROFILE = "/platforma/profil"


def app_call(token: str) -> int:
    return Client().get("/api/app/user", headers={"X-Platforma-Token": token}).status_code


def test_the_profile_lists_the_owners_live_app_sessions(client, learner):
    phone, _token = app_token_issue(user=learner, device="Platforma/2.1 (Android 14)")
    AppToken.objects.filter(pk=phone.pk).update(last_used_at=timezone.now() - timedelta(hours=1))
    tablet, _other = app_token_issue(user=learner, device="Platforma/2.1 (iPadOS 18)")
    idle, _idle = app_token_issue(user=learner, device="stary telefon")
    AppToken.objects.filter(pk=idle.pk).update(last_used_at=timezone.now() - timedelta(days=31))
    app_token_issue(user=make_user(), device="cudzy telefon")

    sessions = page_of(visit(client, PROFILE))["props"]["app_sessions"]

    phone.refresh_from_db()
    assert sessions == [
        {
            "device": "Platforma/2.1 (iPadOS 18)",
            "created_at": tablet.created_at.isoformat(),
            "last_used_at": tablet.last_used_at.isoformat(),
            "end_url": f"/platforma/profil/sesje-aplikacji/{tablet.pk}/zakoncz",
        },
        {
            "device": "Platforma/2.1 (Android 14)",
            "created_at": phone.created_at.isoformat(),
            "last_used_at": phone.last_used_at.isoformat(),
            "end_url": f"/platforma/profil/sesje-aplikacji/{phone.pk}/zakoncz",
        },
    ]


def test_the_owner_ends_one_session_and_the_others_stay(client, learner):
    ended, token = app_token_issue(user=learner, device="telefon")
    _kept, other = app_token_issue(user=learner, device="tablet")

    response = post_json(client, f"/platforma/profil/sesje-aplikacji/{ended.pk}/zakoncz", {})

    assert (response.status_code, response.headers["Location"]) == (302, PROFILE)
    assert (app_call(token), app_call(other)) == (401, 200)
    page = page_of(visit(client, PROFILE))
    assert page["flash"]["messages"] == [
        {"level": "success", "message": "Aplikacja na tym urządzeniu została wylogowana."}
    ]


def test_a_session_of_another_account_cannot_be_ended(client, learner):
    someone_elses, token = app_token_issue(user=make_user(), device="cudzy telefon")

    response = post_json(
        client, f"/platforma/profil/sesje-aplikacji/{someone_elses.pk}/zakoncz", {}
    )

    assert (response.status_code, response.headers["Location"]) == (302, PROFILE)
    assert app_call(token) == 200
    errors = page_of(visit(client, PROFILE))["props"]["errors"]
    assert errors == {"form": "Ta sesja aplikacji jest już zakończona."}


def test_ending_needs_a_logged_in_post_with_csrf():
    user = make_user()
    session, token = app_token_issue(user=user)
    url = f"/platforma/profil/sesje-aplikacji/{session.pk}/zakoncz"
    strict = Client(enforce_csrf_checks=True)

    assert Client().post(url).status_code == 302  # to the login page
    strict.force_login(user)
    assert strict.get(url).status_code == 405
    assert strict.post(url).status_code == 403
    assert app_call(token) == 200
