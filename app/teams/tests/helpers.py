"""Helpers of the team tests: the e-mailed link, the answers of the pages, members with
progress, and the states an invitation may be in."""

import re
from urllib.parse import parse_qs, urlsplit

from django.db import connection
from django.utils import timezone

from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.core.tests.helpers import page_of, post_json, visit
from app.learning.models import Course, LessonProgress
from app.learning.tests.factories import grant
from app.teams import services
from app.teams.models import Invitation, Membership, Team

# The team page's check that the visitor manages the team, with the team's generation: read
# with the session on PostgreSQL, a query of its own elsewhere.
ACCESS_CHECK_QUERIES = 0 if connection.vendor == "postgresql" else 1

# The invitation page's address in an e-mailed invitation.
LINK = re.compile(r"http://[^/\s]+(/twoj_zespol\?manager=[A-Za-z0-9_-]{43})")


def errors_of(client, url: str) -> dict[str, str]:
    """The `errors` a form page receives after a failed submission."""
    return page_of(visit(client, url))["props"]["errors"]


def login_target(response) -> str:
    """The returnUrl the login redirect carries."""
    location = response.headers["Location"]
    assert location.startswith("/login?")
    return parse_qs(urlsplit(location).query)["returnUrl"][0]


def accept_error(client, token: str) -> dict[str, str]:
    """Accept the invitation of `token`; the errors of the page the refusal goes back to."""
    response = post_json(client, "/twoj_zespol", {"manager": token})
    assert response.status_code == 302
    return errors_of(client, response.headers["Location"])


def banners(client) -> list[dict]:
    """The info banners of the learner home."""
    return page_of(visit(client, "/platforma"))["props"]["info_banners"]


def add_member(*, team: Team, course: Course, done: int) -> User:
    """A member of `team` who owns `course` and finished its first `done` lessons."""
    user = make_user()
    Membership.objects.create(team=team, user=user)
    grant(user, course)
    for lesson in course.lessons.all()[:done]:
        LessonProgress.objects.create(user=user, lesson=lesson)
    return user


# What happened to an invitation to `user` before they follow its link; each gives the
# token the link then carries.


def expire(*, user: User, team: Team, invitation: Invitation, token: str) -> str:
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now())
    return token


def revoke(*, user: User, team: Team, invitation: Invitation, token: str) -> str:
    Invitation.objects.filter(pk=invitation.pk).update(revoked_at=timezone.now())
    return token


def use_by_another(*, user: User, team: Team, invitation: Invitation, token: str) -> str:
    Invitation.objects.filter(pk=invitation.pk).update(
        used_at=timezone.now(), accepted_by=make_user()
    )
    return token


def accept(*, user: User, team: Team, invitation: Invitation, token: str) -> str:
    services.invitation_accept(user=user, token=token)
    return token


def join_otherwise(*, user: User, team: Team, invitation: Invitation, token: str) -> str:
    """The learner is a member already, without this invitation."""
    Membership.objects.create(team=team, user=user)
    return token


def unknown_token(*, user: User, team: Team, invitation: Invitation, token: str) -> str:
    return "A" * 43


def malformed_token(*, user: User, team: Team, invitation: Invitation, token: str) -> str:
    return "<script>alert(1)</script>"


# What closes an open invitation for the info banner.


def mark_used(invitation: Invitation) -> None:
    invitation.used_at = timezone.now()
    invitation.save()


def mark_revoked(invitation: Invitation) -> None:
    invitation.revoked_at = timezone.now()
    invitation.save()


def mark_expired(invitation: Invitation) -> None:
    invitation.expires_at = timezone.now()
    invitation.save()


def leave_open(invitation: Invitation) -> None:
    """The invitation still waits (it went to another address)."""
