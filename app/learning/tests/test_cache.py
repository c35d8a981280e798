"""moje_kursy is served from the cache, and any change of what it shows is seen at once."""

import pytest

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import page_of, post_json, visit
from app.learning.models import Access, Lesson, PathCourse
from app.learning.tests.factories import grant, make_course, make_path
from app.learning.tests.helpers import my_courses_queries, my_courses_rows

pytestmark = pytest.mark.django_db


def test_the_second_visit_reads_no_course_queries(client, learner):
    grant(learner, make_course())
    first = my_courses_queries(client)
    second = my_courses_queries(client)
    assert any('"learning_' in sql for sql in first)
    # The second visit only reads what every page reads (session, user, shell).
    assert [sql for sql in second if '"learning_' in sql] == []


def test_each_change_is_seen_on_the_next_visit(client, learner):
    course = make_course(title="Stary tytuł", lessons=2)
    grant(learner, course)
    assert my_courses_rows(client) == [("Stary tytuł", 2, 0, False)]

    post_json(
        client, f"/platforma/kurs/{course.pk}/lekcje/{course.lessons.first().pk}", {"done": True}
    )
    assert my_courses_rows(client) == [("Stary tytuł", 2, 1, False)]

    post_json(client, f"/platforma/kurs/{course.pk}/ulubione", {"favourite": True})
    assert my_courses_rows(client) == [("Stary tytuł", 2, 1, True)]

    course.title = "Nowy tytuł"
    course.save()
    assert my_courses_rows(client) == [("Nowy tytuł", 2, 1, True)]

    Lesson.objects.create(course=course, position=3, title="Dodana")
    assert my_courses_rows(client) == [("Nowy tytuł", 3, 1, True)]

    other = make_course(title="Z nowej ścieżki", lessons=1)
    path = make_path(courses=[])
    grant(learner, path)
    PathCourse.objects.create(path=path, course=other, position=1)
    assert my_courses_rows(client) == [("Nowy tytuł", 3, 1, True), ("Z nowej ścieżki", 1, 0, False)]

    Access.objects.filter(user=learner).delete()
    assert my_courses_rows(client) == []


def test_a_cached_page_never_reaches_another_learner(client, learner):
    grant(learner, make_course(title="Tylko moje"))
    assert my_courses_rows(client) == [("Tylko moje", 3, 0, False)]
    client.force_login(make_user())
    assert my_courses_rows(client) == []


def test_the_page_number_is_part_of_the_entry(client, learner):
    for n in range(30):
        grant(learner, make_course(title=f"Kurs {n:02d}"))
    first = page_of(visit(client, "/platforma/moje_kursy"))["props"]["courses"]
    second = page_of(visit(client, "/platforma/moje_kursy?strona=2"))["props"]["courses"]
    assert first[0]["title"] == "Kurs 00"
    assert second[0]["title"] == "Kurs 24"


@pytest.mark.parametrize("odd", ["0", "-1", "abc", "1.5", "９"])
def test_an_odd_page_number_shows_the_first_page_and_leaves_the_first_page_right(
    client, learner, odd
):
    for n in range(30):
        grant(learner, make_course(title=f"Kurs {n:02d}"))
    odd_page = page_of(visit(client, f"/platforma/moje_kursy?strona={odd}"))["props"]
    assert odd_page["pagination"]["page"] == 1
    assert odd_page["courses"][0]["title"] == "Kurs 00"
    first = page_of(visit(client, "/platforma/moje_kursy"))["props"]["courses"]
    assert first[0]["title"] == "Kurs 00"


def test_a_page_past_the_end_shows_the_last_page(client, learner):
    for n in range(30):
        grant(learner, make_course(title=f"Kurs {n:02d}"))
    past = page_of(visit(client, "/platforma/moje_kursy?strona=99"))["props"]
    assert past["pagination"]["page"] == 2
    assert past["courses"][0]["title"] == "Kurs 24"
    first = page_of(visit(client, "/platforma/moje_kursy"))["props"]["courses"]
    assert first[0]["title"] == "Kurs 00"
