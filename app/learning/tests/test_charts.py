"""The learner's charts: lessons finished per week, and the path through a course, counted
in the database in one query whatever the amount of progress."""

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import page_of, visit
from app.learning import selectors
from app.learning.models import LessonProgress
from app.learning.tests.factories import grant, make_course

pytestmark = pytest.mark.django_db

WARSAW = ZoneInfo("Europe/Warsaw")
# A Wednesday: the chart's last week starts on Monday 16 November 2026.
TODAY = date(2026, 11, 18)


def done_at(user, lesson, *when: int) -> LessonProgress:
    """Progress finished at a Warsaw wall-clock time (year, month, day, hour, minute)."""
    year, month, day, hour, minute = when
    completed_at = datetime(year, month, day, hour, minute, tzinfo=WARSAW)
    return LessonProgress.objects.create(user=user, lesson=lesson, completed_at=completed_at)


def test_lessons_per_week_are_counted_by_warsaw_weeks_with_empty_weeks_as_zero(
    django_assert_num_queries,
):
    user, other = make_user(), make_user()
    lessons = list(make_course(lessons=8).lessons.all())
    done_at(user, lessons[0], 2026, 8, 30, 23, 59)  # Sunday before the first week: left out
    done_at(user, lessons[1], 2026, 8, 31, 0, 30)  # Monday of the first week (22:30 UTC)
    done_at(user, lessons[2], 2026, 11, 15, 23, 30)  # Sunday night: the week before last
    done_at(user, lessons[3], 2026, 11, 16, 0, 15)  # the last week
    done_at(user, lessons[4], 2026, 11, 18, 9, 0)
    done_at(user, lessons[5], 2026, 10, 7, 12, 0)
    done_at(other, lessons[6], 2026, 11, 17, 12, 0)  # somebody else's

    with django_assert_num_queries(1):
        weeks = selectors.lesson_activity_weekly(user=user, today=TODAY)

    assert len(weeks) == 12
    assert weeks[0] == (date(2026, 8, 31), 1)
    assert weeks[-2:] == [(date(2026, 11, 9), 1), (date(2026, 11, 16), 2)]
    assert dict(weeks)[date(2026, 10, 5)] == 1
    assert sum(count for _week, count in weeks) == 5
    assert [week.weekday() for week, _count in weeks] == [0] * 12


def test_the_query_count_stays_one_with_many_lessons_and_weeks(django_assert_num_queries):
    user = make_user()
    for n, lesson in enumerate(make_course(lessons=40).lessons.all()):
        done_at(user, lesson, 2026, 9 + n % 2, 1 + n % 28, 10, 0)
    with django_assert_num_queries(1):
        weeks = selectors.lesson_activity_weekly(user=user, today=TODAY)
    assert sum(count for _week, count in weeks) == 40


def test_the_course_lessons_carry_the_day_each_was_done():
    user = make_user()
    course = make_course(lessons=3)
    first, second, _third = course.lessons.all()
    done_at(user, first, 2026, 11, 2, 23, 30)  # 22:30 UTC: still 2 November in Warsaw
    done_at(make_user(), second, 2026, 11, 3, 10, 0)
    lessons = list(selectors.lesson_list(user=user, course=course))
    assert [lesson.done for lesson in lessons] == [True, False, False]
    assert timezone.localtime(lessons[0].done_at).date() == date(2026, 11, 2)
    assert lessons[1].done_at is None


def test_the_progress_page_and_my_courses_show_this_weeks_lessons(client):
    user = make_user(is_shop_user=True)
    client.force_login(user)
    course = make_course(lessons=3)
    grant(user, course)
    LessonProgress.objects.create(user=user, lesson=course.lessons.first())
    today = timezone.localdate()
    monday = today - timedelta(days=today.weekday())

    for url in ("/platforma/postepy", "/platforma/moje_kursy"):
        activity = page_of(visit(client, url))["props"]["activity"]
        assert len(activity) == 12
        assert activity[-1] == {"date": monday.isoformat(), "count": 1}
        assert sum(week["count"] for week in activity) == 1


def test_the_course_page_gives_each_lesson_its_day(client, learner):
    course = make_course(lessons=2)
    grant(learner, course)
    done_at(learner, course.lessons.first(), 2026, 11, 2, 23, 30)
    lessons = page_of(visit(client, f"/platforma/kurs/{course.pk}"))["props"]["lessons"]
    assert [lesson["done_on"] for lesson in lessons] == ["2026-11-02", None]
