"""No page's number of SQL queries grows with the number of items it lists."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import visit
from app.learning.models import Favourite, LessonProgress, Note
from app.learning.services import certificate_issue
from app.learning.tests.factories import grant, make_course, make_exam
from app.teams.models import Membership
from app.teams.tests.factories import make_team

pytestmark = pytest.mark.django_db


def add_exam(user):
    grant(user, make_exam())


def add_question_course(user):
    grant(user, make_course(questions=3))


def add_favourite(user):
    course = make_course()
    grant(user, course)
    Favourite.objects.create(user=user, course=course)


def add_note(user):
    course = make_course()
    grant(user, course)
    Note.objects.create(user=user, course=course, text="Notatka")


def add_certificate(user):
    course = make_course()
    grant(user, course)
    certificate_issue(user=user, course=course)


def add_progress(user):
    course = make_course()
    grant(user, course)
    LessonProgress.objects.create(user=user, lesson=course.lessons.first())


def add_team(user):
    team = make_team(managers=[make_user(), make_user()], courses=[make_course(), make_course()])
    Membership.objects.create(team=team, user=user)
    Membership.objects.create(team=team, user=make_user())


def add_authored(user):
    course = make_course(author=user)
    grant(make_user(), course)


PAGES = {
    "/platforma/egzamin": add_exam,
    "/platforma/pytania-rekrutacyjne": add_question_course,
    "/platforma/ulubione": add_favourite,
    "/platforma/notatki": add_note,
    "/platforma/certyfikaty": add_certificate,
    "/platforma/postepy": add_progress,
    "/platforma/student": add_team,
    "/author": add_authored,
}


@pytest.mark.parametrize("url", list(PAGES))
def test_queries_stay_the_same_with_many_items(client, url, django_assert_max_num_queries):
    user = make_user(is_shop_user=True, is_student=True, roles=["AUTHOR"])
    client.force_login(user)
    add = PAGES[url]
    add(user)
    with CaptureQueriesContext(connection) as few:
        response = visit(client, url)
    assert response.status_code == 200
    for _ in range(35):
        add(user)
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert visit(client, url).status_code == 200
