"""The learner pages: component, exact props, honest empty states, ownership, bad input."""

import pytest
from django.test import Client

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import post_json, visit
from app.learning.models import Certificate, Favourite, LessonProgress, Note
from app.learning.tests.factories import grant, make_course, make_exam, make_path
from app.learning.tests.helpers import my_courses_queries, props_of
from app.shell import menus

pytestmark = pytest.mark.django_db

EMPTY_PAGE = {"page": 1, "pages": 1, "total": 0, "previous_url": None, "next_url": None}


def test_my_courses_empty_state(client, learner):
    page = props_of(client, "/platforma/moje_kursy")
    assert page["component"] == "Learning/MyCourses"
    assert page["props"]["paths"] == []
    assert page["props"]["courses"] == []
    assert page["props"]["pagination"] == EMPTY_PAGE
    assert page["props"]["menu"]["learner"] == menus.learner_entries(learner)


def test_my_courses_lists_courses_paths_progress_and_source(client, learner):
    python = make_course(title="Python", lessons=2)
    django = make_course(title="Django", lessons=1)
    path = make_path(title="Backend", courses=[django])
    grant(learner, python, source="voucher")
    access = grant(learner, path, source="team")
    LessonProgress.objects.create(user=learner, lesson=python.lessons.first())
    Favourite.objects.create(user=learner, course=python)

    props = props_of(client, "/platforma/moje_kursy")["props"]

    assert props["courses"] == [
        {
            "id": django.pk,
            "title": "Django",
            "description": django.description,
            "url": f"/platforma/kurs/{django.pk}",
            "lesson_count": 1,
            "done_count": 0,
            "is_favourite": False,
            "source": "path",
        },
        {
            "id": python.pk,
            "title": "Python",
            "description": python.description,
            "url": f"/platforma/kurs/{python.pk}",
            "lesson_count": 2,
            "done_count": 1,
            "is_favourite": True,
            "source": "voucher",
        },
    ]
    assert props["paths"] == [
        {
            "id": path.pk,
            "title": "Backend",
            "description": "",
            "lesson_count": 1,
            "done_count": 0,
            "source": "team",
            "granted_at": access.granted_at.astimezone().date().isoformat(),
            "courses": [
                {"id": django.pk, "title": "Django", "url": f"/platforma/kurs/{django.pk}"}
            ],
        }
    ]


def test_my_courses_reads_a_fixed_number_of_queries(client, learner, django_assert_max_num_queries):
    grant(learner, make_course())
    grant(learner, make_path(courses=[make_course()]))
    few = len(my_courses_queries(client))
    for _ in range(30):
        grant(learner, make_course())
    for _ in range(5):
        grant(learner, make_path(courses=[make_course(), make_course()]))
    with django_assert_max_num_queries(few):
        props_of(client, "/platforma/moje_kursy")


def test_my_courses_is_paginated_and_survives_odd_page_numbers(client, learner):
    for n in range(30):
        grant(learner, make_course(title=f"Kurs {n:02d}"))
    second = props_of(client, "/platforma/moje_kursy?strona=2")["props"]
    assert [course["title"] for course in second["courses"]] == [
        f"Kurs {n:02d}" for n in range(24, 30)
    ]
    assert second["pagination"] == {
        "page": 2,
        "pages": 2,
        "total": 30,
        "previous_url": "/platforma/moje_kursy?strona=1",
        "next_url": None,
    }
    for odd in ("abc", "-1", "0", "99999999999999999999", "%00"):
        props = props_of(client, f"/platforma/moje_kursy?strona={odd}")["props"]
        assert props["pagination"]["page"] in (1, 2)


def test_course_page_only_for_its_owner(client, learner):
    mine, theirs = make_course(lessons=2), make_course()
    grant(make_user(), theirs)
    grant(learner, mine)

    page = props_of(client, f"/platforma/kurs/{mine.pk}")
    assert page["component"] == "Learning/Course"
    props = page["props"]
    assert props["course"] == {
        "id": mine.pk,
        "title": mine.title,
        "url": f"/platforma/kurs/{mine.pk}",
    }
    assert [(lesson["number"], lesson["title"], lesson["done"]) for lesson in props["lessons"]] == [
        (1, "Lekcja 1", False),
        (2, "Lekcja 2", False),
    ]
    assert props["is_favourite"] is False
    assert props["certificate"] is None
    assert props["notes_url"] == f"/platforma/notatki?kurs={mine.pk}"
    assert visit(client, f"/platforma/kurs/{theirs.pk}").status_code == 404
    assert visit(client, "/platforma/kurs/999999").status_code == 404


def test_a_course_of_an_owned_path_opens(client, learner):
    course = make_course()
    grant(learner, make_path(courses=[course]))
    assert visit(client, f"/platforma/kurs/{course.pk}").status_code == 200


def test_marking_every_lesson_done_issues_the_certificate_and_says_so(client, learner):
    course = make_course(lessons=2)
    grant(learner, course)
    first, last = course.lessons.all()

    response = post_json(client, f"/platforma/kurs/{course.pk}/lekcje/{first.pk}", {"done": True})
    assert (response.status_code, response.headers["Location"]) == (
        302,
        f"/platforma/kurs/{course.pk}",
    )
    post_json(client, f"/platforma/kurs/{course.pk}/lekcje/{last.pk}", {"done": True})

    page = props_of(client, f"/platforma/kurs/{course.pk}")
    certificate = Certificate.objects.get(user=learner, course=course)
    assert page["props"]["certificate"]["participant_name"] == "Ola Nowak"
    assert page["flash"]["messages"] == [
        {
            "level": "success",
            "message": "Gratulacje! Ukończyłeś kurs, a certyfikat czeka w zakładce Certyfikaty.",
        }
    ]
    assert props_of(client, "/platforma/certyfikaty")["props"]["certificates"][0]["number"] == (
        certificate.number
    )


def test_lesson_toggle_refuses_other_courses_and_lessons(client, learner):
    mine, theirs = make_course(), make_course()
    grant(learner, mine)
    foreign_lesson = theirs.lessons.first().pk
    # Another learner's course, and a lesson of another course under my own course.
    assert (
        post_json(
            client, f"/platforma/kurs/{theirs.pk}/lekcje/{foreign_lesson}", {"done": True}
        ).status_code
        == 404
    )
    assert (
        post_json(
            client, f"/platforma/kurs/{mine.pk}/lekcje/{foreign_lesson}", {"done": True}
        ).status_code
        == 404
    )
    assert not LessonProgress.objects.exists()


def test_state_changes_need_post_and_csrf(learner):
    course = make_course()
    grant(learner, course)
    lesson = course.lessons.first()
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(learner)

    assert strict.get(f"/platforma/kurs/{course.pk}/lekcje/{lesson.pk}").status_code == 405
    assert (
        strict.post(f"/platforma/kurs/{course.pk}/lekcje/{lesson.pk}", {"done": "1"}).status_code
        == 403
    )
    assert (
        strict.post(f"/platforma/kurs/{course.pk}/ulubione", {"favourite": "1"}).status_code == 403
    )
    assert not LessonProgress.objects.exists()
    assert not Favourite.objects.exists()


def test_favourite_toggle_and_favourites_page(client, learner):
    course = make_course(title="Ulubiony")
    grant(learner, course)
    assert props_of(client, "/platforma/ulubione")["props"]["favourites"] == []

    post_json(client, f"/platforma/kurs/{course.pk}/ulubione", {"favourite": True})
    items = props_of(client, "/platforma/ulubione")["props"]["favourites"]
    assert [(item["course"]["title"], item["remove_url"]) for item in items] == [
        ("Ulubiony", f"/platforma/ulubione/{course.pk}/usun")
    ]
    response = post_json(client, f"/platforma/ulubione/{course.pk}/usun", {})
    assert response.headers["Location"] == "/platforma/ulubione"
    assert not Favourite.objects.exists()


def test_exams_and_interview_questions_pages(client, learner):
    assert props_of(client, "/platforma/egzamin")["props"]["exams"] == []
    assert props_of(client, "/platforma/pytania-rekrutacyjne")["props"]["questions"] == []
    exam = make_exam(title="Egzamin A")
    grant(learner, exam, source="voucher")
    course = make_course(title="Z pytaniami", questions=2)
    grant(learner, course)
    make_course(questions=3)  # not owned: its questions stay hidden

    exams = props_of(client, "/platforma/egzamin")["props"]["exams"]
    assert [(item["title"], item["source"]) for item in exams] == [("Egzamin A", "voucher")]
    questions = props_of(client, "/platforma/pytania-rekrutacyjne")["props"]["questions"]
    assert [(item["question"], item["course"]["title"]) for item in questions] == [
        ("Pytanie 1?", "Z pytaniami"),
        ("Pytanie 2?", "Z pytaniami"),
    ]


def test_notes_create_edit_delete_only_own(client, learner):
    course = make_course(title="Notowany")
    grant(learner, course)
    props = props_of(client, f"/platforma/notatki?kurs={course.pk}")["props"]
    assert props["notes"] == []
    assert props["courses"] == [{"id": course.pk, "title": "Notowany"}]
    assert props["selected_course"] == course.pk
    assert props["rules"] == {
        "course": {"required": "Wybierz kurs, którego dotyczy notatka."},
        "text": {
            "required": "Wpisz treść notatki.",
            "max_length": 5000,
            "max_length_message": "Notatka może mieć najwyżej 5000 znaków.",
        },
    }

    response = post_json(client, "/platforma/notatki", {"course": str(course.pk), "text": "Moja"})
    assert response.headers["Location"] == "/platforma/notatki"
    note = Note.objects.get(user=learner)
    assert note.text == "Moja"

    post_json(client, f"/platforma/notatki/{note.pk}", {"text": "Zmieniona"})
    note.refresh_from_db()
    assert note.text == "Zmieniona"

    stranger = make_user()
    foreign = Note.objects.create(user=stranger, course=course, text="Cudza")
    assert post_json(client, f"/platforma/notatki/{foreign.pk}", {"text": "x"}).status_code == 404
    assert post_json(client, f"/platforma/notatki/{foreign.pk}/usun", {}).status_code == 404
    foreign.refresh_from_db()
    assert foreign.text == "Cudza"

    post_json(client, f"/platforma/notatki/{note.pk}/usun", {})
    assert not Note.objects.filter(user=learner).exists()


# What the form sends as its course, given the learner's own course and another one.
NO_COURSE = "Wybierz kurs, którego dotyczy notatka."


@pytest.mark.parametrize(
    ("course_of", "text", "errors"),
    [
        (lambda owned, foreign: "", "x", {"course": NO_COURSE}),
        (lambda owned, foreign: "abc", "x", {"course": NO_COURSE}),
        (lambda owned, foreign: str(owned.pk), "   ", {"text": "Wpisz treść notatki."}),
        (
            lambda owned, foreign: str(owned.pk),
            "x" * 5001,
            {"text": "Notatka może mieć najwyżej 5000 znaków."},
        ),
        (lambda owned, foreign: str(foreign.pk), "x", {"course": NO_COURSE}),
        (lambda owned, foreign: ["1"], {"a": 1}, {"course": NO_COURSE}),
    ],
    ids=["empty", "not_a_number", "blank_text", "too_long", "foreign_course", "wrong_types"],
)
def test_note_bad_input_answers_with_a_message(client, learner, course_of, text, errors):
    owned, foreign = make_course(), make_course()
    grant(learner, owned)
    data = {"course": course_of(owned, foreign), "text": text}

    response = post_json(client, "/platforma/notatki", data)

    assert response.status_code == 302
    page_errors = props_of(client, "/platforma/notatki")["props"]["errors"]
    assert {key: page_errors[key] for key in errors} == errors
    assert not Note.objects.exists()


def test_certificates_and_progress(client, learner):
    assert props_of(client, "/platforma/certyfikaty")["props"]["certificates"] == []
    learner.is_shop_user = True
    learner.save()
    course = make_course(title="Postęp", lessons=4)
    grant(learner, course)
    LessonProgress.objects.create(user=learner, lesson=course.lessons.first())

    courses = props_of(client, "/platforma/postepy")["props"]["courses"]
    assert courses == [
        {
            "course": {"id": course.pk, "title": "Postęp", "url": f"/platforma/kurs/{course.pk}"},
            "lesson_count": 4,
            "done_count": 1,
            "has_certificate": False,
        }
    ]


def test_author_sees_own_courses_with_distinct_learner_counts(client):
    author = make_user(roles=["AUTHOR"])
    client.force_login(author)
    course = make_course(title="Autorski", author=author)
    make_course(title="Cudzy")
    both, direct, via_path = make_user(), make_user(), make_user()
    path = make_path(courses=[course])
    grant(both, course)
    grant(both, path)  # owning it twice still counts once
    grant(direct, course)
    grant(via_path, path)

    props = props_of(client, "/author")["props"]
    assert props["courses"] == [
        {"course": {"id": course.pk, "title": "Autorski"}, "lesson_count": 3, "learner_count": 3}
    ]
    assert props["total_learners"] == 3
