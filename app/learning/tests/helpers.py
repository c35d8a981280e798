"""Helpers for the learner area's tests: reading its pages and building what they list."""

import io
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from PIL import Image

from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.core.tests.helpers import inertia_headers, page_of, visit
from app.learning.models import Favourite, LessonProgress, Note
from app.learning.services import certificate_issue
from app.learning.tests.factories import grant, make_course, make_exam
from app.teams.models import Membership
from app.teams.tests.factories import make_team


def props_of(client: Client, url: str) -> dict[str, Any]:
    """The page object of an Inertia visit that must succeed."""
    response = visit(client, url)
    assert response.status_code == 200, response.content[:300]
    return page_of(response)


def my_courses_rows(client: Client) -> list[tuple[str, int, int, bool]]:
    """(title, lessons, done, favourite) of each course moje_kursy lists."""
    props = page_of(visit(client, "/platforma/moje_kursy"))["props"]
    return [
        (c["title"], c["lesson_count"], c["done_count"], c["is_favourite"])
        for c in props["courses"]
    ]


def my_courses_queries(client: Client) -> list[str]:
    """The SQL of one visit of moje_kursy."""
    with CaptureQueriesContext(connection) as captured:
        visit(client, "/platforma/moje_kursy")
    return [query["sql"] for query in captured.captured_queries]


def profile_errors(client: Client) -> dict[str, str]:
    """The `errors` the profile page shows now."""
    return page_of(visit(client, "/platforma/profil"))["props"]["errors"]


def image_bytes(fmt: str = "PNG", size: tuple[int, int] = (64, 64)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (0, 128, 255)).save(buffer, format=fmt)
    return buffer.getvalue()


def upload_avatar(
    client: Client, name: str, content: bytes, content_type: str = "image/png", **extra
):
    return client.post(
        "/platforma/profil/awatar",
        {"avatar": SimpleUploadedFile(name, content, content_type=content_type)},
        headers=inertia_headers(),
        **extra,
    )


# One more item of each list page, the way a learner comes to have it.


def add_exam(user: User) -> None:
    grant(user, make_exam())


def add_question_course(user: User) -> None:
    grant(user, make_course(questions=3))


def add_favourite(user: User) -> None:
    course = make_course()
    grant(user, course)
    Favourite.objects.create(user=user, course=course)


def add_note(user: User) -> None:
    course = make_course()
    grant(user, course)
    Note.objects.create(user=user, course=course, text="Notatka")


def add_certificate(user: User) -> None:
    course = make_course()
    grant(user, course)
    certificate_issue(user=user, course=course)


def add_progress(user: User) -> None:
    course = make_course()
    grant(user, course)
    LessonProgress.objects.create(user=user, lesson=course.lessons.all()[0])


def add_team(user: User) -> None:
    team = make_team(managers=[make_user(), make_user()], courses=[make_course(), make_course()])
    Membership.objects.create(team=team, user=user)
    Membership.objects.create(team=team, user=make_user())


def add_authored(user: User) -> None:
    course = make_course(author=user)
    grant(make_user(), course)
