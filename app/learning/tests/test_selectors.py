"""Reads of the learner area: what each list holds, scoped to the learner, in few queries."""

import pytest

from app.accounts.tests.factories import make_user
from app.learning import selectors
from app.learning.models import Favourite, LessonProgress
from app.learning.services import certificate_issue
from app.learning.tests.factories import grant, make_course, make_path

pytestmark = pytest.mark.django_db


def test_progress_list_counts_lessons_and_tells_which_courses_have_a_certificate():
    user, other = make_user(), make_user()
    finished, started = make_course(title="B", lessons=1), make_course(title="A", lessons=3)
    grant(user, finished)
    grant(user, started)
    grant(other, started)
    LessonProgress.objects.create(user=user, lesson=started.lessons.first())
    LessonProgress.objects.create(user=other, lesson=started.lessons.last())
    certificate_issue(user=user, course=finished)
    certificate_issue(user=other, course=started)

    rows = [
        (course.title, course.lesson_count, course.done_count, course.has_certificate)
        for course in selectors.progress_list(user=user)
    ]

    assert rows == [("A", 3, 1, False), ("B", 1, 0, True)]


def test_course_progress_list_names_the_source_and_the_favourites():
    user = make_user()
    direct, via_path = make_course(title="A"), make_course(title="B")
    grant(user, direct, source="voucher")
    grant(user, make_path(courses=[via_path]), source="team")
    Favourite.objects.create(user=user, course=via_path)

    rows = [
        (course.title, course.access_source, course.is_favourite)
        for course in selectors.course_progress_list(user=user)
    ]

    assert rows == [("A", "voucher", False), ("B", None, True)]


def test_path_access_list_gives_each_path_its_courses_in_order_in_two_queries(
    django_assert_num_queries,
):
    user = make_user()
    first, second, third = make_course(lessons=2), make_course(lessons=1), make_course()
    grant(user, make_path(title="Druga", courses=[third]))
    grant(user, make_path(title="Pierwsza", courses=[second, first]))
    LessonProgress.objects.create(user=user, lesson=first.lessons.first())
    grant(make_user(), make_path(title="Cudza", courses=[first]))

    with django_assert_num_queries(2):
        paths = selectors.path_access_list(user=user)

    assert [
        (access.path.title, access.lesson_count, access.done_count, courses)
        for access, courses in paths
    ] == [("Druga", 3, 0, [third]), ("Pierwsza", 3, 1, [second, first])]


def test_path_access_list_of_a_learner_without_paths_is_empty(django_assert_num_queries):
    user = make_user()
    grant(user, make_course())
    with django_assert_num_queries(1):
        assert selectors.path_access_list(user=user) == []


def test_author_learner_count_counts_each_learner_once_however_they_own_the_courses():
    author = make_user(roles=["AUTHOR"])
    course, another = make_course(author=author), make_course(author=author)
    both, direct, via_path = make_user(), make_user(), make_user()
    path = make_path(courses=[course])
    grant(both, course)
    grant(both, another)
    grant(both, path)
    grant(direct, course)
    grant(via_path, path)
    grant(make_user(), make_course())

    assert selectors.author_learner_count(author=author) == 3
    assert selectors.author_learner_count(author=make_user(roles=["AUTHOR"])) == 0


def test_favourite_and_certificate_of_one_course_are_the_learners_own():
    user, other = make_user(), make_user()
    course = make_course()
    grant(user, course)
    Favourite.objects.create(user=other, course=course)
    mine = certificate_issue(user=user, course=course)

    assert selectors.favourite_exists(user=user, course=course) is False
    assert selectors.favourite_exists(user=other, course=course) is True
    assert selectors.certificate_get(user=user, course=course) == mine
    assert selectors.certificate_get(user=other, course=course) is None


def test_course_choice_list_offers_the_owned_courses_by_title():
    user = make_user()
    owned, via_path = make_course(title="Z"), make_course(title="A")
    grant(user, owned)
    grant(user, make_path(courses=[via_path]))
    make_course(title="Cudzy")

    assert selectors.course_choice_list(user=user) == [(via_path.pk, "A"), (owned.pk, "Z")]
