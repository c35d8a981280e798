"""Factories of the catalogue and of what learners own, through the real models and services."""

from collections.abc import Sequence
from itertools import count

from app.accounts.models import User
from app.learning import services
from app.learning.models import (
    Access,
    Course,
    Exam,
    InterviewQuestion,
    LearningPath,
    Lesson,
    PathCourse,
)

_sequence = count(1)


def make_course(
    *, title: str | None = None, lessons: int = 3, author: User | None = None, questions: int = 0
) -> Course:
    n = next(_sequence)
    course = Course.objects.create(
        title=title or f"Kurs {n}", description=f"Opis kursu {n}", author=author
    )
    Lesson.objects.bulk_create(
        Lesson(course=course, position=i, title=f"Lekcja {i}", text=f"Treść {i}")
        for i in range(1, lessons + 1)
    )
    InterviewQuestion.objects.bulk_create(
        InterviewQuestion(course=course, position=i, question=f"Pytanie {i}?", answer=f"Tak {i}")
        for i in range(1, questions + 1)
    )
    return course


def make_exam(*, title: str | None = None) -> Exam:
    return Exam.objects.create(title=title or f"Egzamin {next(_sequence)}", description="Opis")


def make_path(*, title: str | None = None, courses: Sequence[Course] = ()) -> LearningPath:
    path = LearningPath.objects.create(title=title or f"Ścieżka {next(_sequence)}")
    PathCourse.objects.bulk_create(
        PathCourse(path=path, course=course, position=i) for i, course in enumerate(courses)
    )
    return path


def grant(user: User, product, source: str = Access.Source.ADMIN) -> Access:
    access = services.access_grant(user=user, product=product, source=source)
    assert access is not None
    return access
