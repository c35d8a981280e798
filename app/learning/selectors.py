"""Reads of the learner area. Every query is scoped to the learner, and lists are read in
a fixed number of queries whatever their length (subqueries, not a query per row)."""

from datetime import date
from typing import cast

from django.db.models import (
    Exists,
    Func,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce
from django.http import Http404

from app.accounts.models import User
from app.core.queries import subquery_aggregate
from app.core.timeseries import weekly_counts
from app.learning.models import (
    Access,
    Certificate,
    Course,
    Favourite,
    InterviewQuestion,
    Lesson,
    LessonProgress,
    Note,
    PathCourse,
)


def owned_course_list(*, user: User) -> QuerySet[Course]:
    """Courses the learner owns directly or through an owned learning path."""
    direct = Access.objects.filter(user=user, course__isnull=False).values("course_id")
    via_path = PathCourse.objects.filter(path__accesses__user=user).values("course_id")
    return Course.objects.filter(Q(id__in=direct) | Q(id__in=via_path))


def access_course_by_id(*, user: User, course_id: int) -> Course:
    """The learner's own course; raises Http404 for any course they do not own."""
    course = owned_course_list(user=user).filter(pk=course_id).first()
    if course is None:
        raise Http404
    return course


def access_lesson_by_id(*, course: Course, lesson_id: int) -> Lesson:
    """A lesson of the (owned) course; raises Http404 for a lesson of any other course."""
    lesson = Lesson.objects.filter(course=course, pk=lesson_id).select_related("course").first()
    if lesson is None:
        raise Http404
    return lesson


def access_note_by_id(*, user: User, note_id: int) -> Note:
    """The learner's own note; raises Http404 for anybody else's."""
    note = Note.objects.filter(user=user, pk=note_id).select_related("course").first()
    if note is None:
        raise Http404
    return note


def course_annotate_progress(*, courses: QuerySet[Course], user: User) -> QuerySet[Course]:
    """Courses with lesson_count, done_count, is_favourite and (direct) access_source."""
    return courses.annotate(
        lesson_count=subquery_aggregate(
            queryset=Lesson.objects.filter(course=OuterRef("pk")), group_by="course"
        ),
        done_count=subquery_aggregate(
            queryset=LessonProgress.objects.filter(user=user, lesson__course=OuterRef("pk")),
            group_by="lesson__course",
        ),
        is_favourite=Exists(Favourite.objects.filter(user=user, course=OuterRef("pk"))),
        # NULL when the course is owned only through a learning path.
        access_source=Subquery(
            Access.objects.filter(user=user, course=OuterRef("pk")).values("source")[:1]
        ),
    )


def course_progress_list(*, user: User) -> QuerySet[Course]:
    """The learner's courses with their progress, favourite and source, by title."""
    return course_annotate_progress(courses=owned_course_list(user=user), user=user).order_by(
        "title", "id"
    )


def progress_list(*, user: User) -> QuerySet[Course]:
    """The progress page's courses: their progress and whether each has its certificate."""
    return course_progress_list(user=user).annotate(
        has_certificate=Exists(Certificate.objects.filter(user=user, course=OuterRef("pk")))
    )


def path_access_list(*, user: User) -> list[tuple[Access, list[Course]]]:
    """The learner's path accesses with lesson totals and finished lessons, each with the
    courses of its path in the path's order: two queries for all the paths."""
    accesses = list(
        Access.objects.filter(user=user, path__isnull=False)
        .select_related("path")
        .annotate(
            lesson_count=subquery_aggregate(
                queryset=Lesson.objects.filter(course__path_links__path=OuterRef("path")),
                group_by="course__path_links__path",
            ),
            done_count=subquery_aggregate(
                queryset=LessonProgress.objects.filter(
                    user=user, lesson__course__path_links__path=OuterRef("path")
                ),
                group_by="lesson__course__path_links__path",
            ),
        )
        .order_by("path__title", "path_id")
    )
    # The accesses are path accesses only, so each one names its path.
    path_ids = [cast(int, access.path_id) for access in accesses]
    courses = path_course_map(path_ids=path_ids)
    return [(access, courses[path_id]) for access, path_id in zip(accesses, path_ids, strict=True)]


def path_course_map(*, path_ids: list[int]) -> dict[int, list[Course]]:
    """The courses of each path, in the path's order: one query for all the paths."""
    courses: dict[int, list[Course]] = {path_id: [] for path_id in path_ids}
    links = PathCourse.objects.filter(path_id__in=path_ids).select_related("course")
    for link in links.order_by("path_id", "position", "id"):
        courses[link.path_id].append(link.course)
    return courses


def lesson_list(*, user: User, course: Course) -> QuerySet[Lesson]:
    """The course's lessons in order, each with whether and when the learner did it."""
    progress = LessonProgress.objects.filter(user=user, lesson=OuterRef("pk"))
    return course.lessons.annotate(
        done=Exists(progress), done_at=Subquery(progress.values("completed_at")[:1])
    ).order_by("position", "id")


def lesson_activity_weekly(*, user: User, today: date | None = None) -> list[tuple[date, int]]:
    """Lessons the learner finished in each of the last 12 weeks (Monday, count), oldest
    first, weeks without any as 0: one query, grouped by week in the database."""
    return weekly_counts(LessonProgress.objects.filter(user=user), at="completed_at", today=today)


def exam_access_list(*, user: User) -> QuerySet[Access]:
    """The learner's exam accesses, by exam title."""
    return (
        Access.objects.filter(user=user, exam__isnull=False)
        .select_related("exam")
        .order_by("exam__title", "exam_id")
    )


def interview_question_list(*, user: User) -> QuerySet[InterviewQuestion]:
    """The interview questions of the learner's courses, course by course."""
    return (
        InterviewQuestion.objects.filter(course__in=owned_course_list(user=user))
        .select_related("course")
        .order_by("course__title", "course_id", "position", "id")
    )


def favourite_list(*, user: User) -> QuerySet[Favourite]:
    """Favourites of courses the learner still owns, the newest first."""
    return (
        Favourite.objects.filter(user=user, course__in=owned_course_list(user=user))
        .select_related("course")
        .order_by("-created_at", "-id")
    )


def favourite_exists(*, user: User, course: Course) -> bool:
    """Whether the course is among the learner's favourites."""
    return Favourite.objects.filter(user=user, course=course).exists()


def note_list(*, user: User) -> QuerySet[Note]:
    """The learner's notes, the last changed first."""
    return Note.objects.filter(user=user).select_related("course").order_by("-updated_at", "-id")


def certificate_list(*, user: User) -> QuerySet[Certificate]:
    """The learner's certificates, the newest first."""
    return (
        Certificate.objects.filter(user=user).select_related("course").order_by("-issued_on", "-id")
    )


def certificate_get(*, user: User, course: Course) -> Certificate | None:
    """The learner's certificate of the course, or None before it is issued."""
    return Certificate.objects.filter(user=user, course=course).first()


def course_choice_list(*, user: User) -> list[tuple[int, str]]:
    """(id, title) of the learner's courses, for a course picker."""
    return list(owned_course_list(user=user).order_by("title", "id").values_list("id", "title"))


def product_owned_exists(*, user: User) -> Exists:
    """For a query of vouchers (rows with course_id, exam_id and path_id): whether the
    learner owns the row's product, a course also through a path, in the same statement."""
    return Exists(
        Access.objects.filter(
            Q(course_id=OuterRef("course_id"))
            | Q(path__links__course_id=OuterRef("course_id"))
            | Q(exam_id=OuterRef("exam_id"))
            | Q(path_id=OuterRef("path_id")),
            user=user,
        )
    )


def authored_course_list(*, author: User) -> QuerySet[Course]:
    """The author's courses with the number of learners owning each, directly or through
    a path (a learner owning it both ways counts once)."""
    owners = Access.objects.filter(
        Q(course=OuterRef("pk"))
        | Q(path__in=PathCourse.objects.filter(course=OuterRef(OuterRef("pk"))).values("path"))
    )
    # COUNT(DISTINCT user_id) over the whole subquery: a plain function, not an aggregate,
    # so Django adds no GROUP BY and the subquery returns exactly one row.
    distinct_users = Func(
        "user_id", function="COUNT", template="%(function)s(DISTINCT %(expressions)s)"
    )
    learners = owners.order_by().annotate(n=distinct_users).values("n")
    return (
        Course.objects.filter(author=author)
        .annotate(
            lesson_count=subquery_aggregate(
                queryset=Lesson.objects.filter(course=OuterRef("pk")), group_by="course"
            ),
            learner_count=Coalesce(Subquery(learners, output_field=IntegerField()), Value(0)),
        )
        .order_by("title", "id")
    )


def author_learner_count(*, author: User) -> int:
    """How many learners own any of the author's courses, each counted once."""
    return (
        Access.objects.filter(Q(course__author=author) | Q(path__links__course__author=author))
        .values("user_id")
        .distinct()
        .count()
    )
