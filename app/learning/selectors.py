"""Reads of the learner area. Every query is scoped to the learner, and lists are read in
a fixed number of queries whatever their length (subqueries, not a query per row)."""

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
from app.core.queries import aggregate_of
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


def owned_courses(*, user: User) -> QuerySet[Course]:
    """Courses the learner owns directly or through an owned learning path."""
    direct = Access.objects.filter(user=user, course__isnull=False).values("course_id")
    via_path = PathCourse.objects.filter(path__accesses__user=user).values("course_id")
    return Course.objects.filter(Q(id__in=direct) | Q(id__in=via_path))


def access_course_by_id(*, user: User, course_id: int) -> Course:
    """The learner's own course; raises Http404 for any course they do not own."""
    course = owned_courses(user=user).filter(pk=course_id).first()
    if course is None:
        raise Http404
    return course


def access_note_by_id(*, user: User, note_id: int) -> Note:
    """The learner's own note; raises Http404 for anybody else's."""
    note = Note.objects.filter(user=user, pk=note_id).select_related("course").first()
    if note is None:
        raise Http404
    return note


def with_progress(courses: QuerySet[Course], *, user: User) -> QuerySet[Course]:
    """Annotate lesson_count, done_count, is_favourite and (direct) access_source."""
    return courses.annotate(
        lesson_count=aggregate_of(Lesson.objects.filter(course=OuterRef("pk")), "course"),
        done_count=aggregate_of(
            LessonProgress.objects.filter(user=user, lesson__course=OuterRef("pk")),
            "lesson__course",
        ),
        is_favourite=Exists(Favourite.objects.filter(user=user, course=OuterRef("pk"))),
        # NULL when the course is owned only through a learning path.
        access_source=Subquery(
            Access.objects.filter(user=user, course=OuterRef("pk")).values("source")[:1]
        ),
    )


def my_courses(*, user: User) -> QuerySet[Course]:
    return with_progress(owned_courses(user=user), user=user).order_by("title", "id")


def my_paths(*, user: User) -> QuerySet[Access]:
    """The learner's path accesses with each path's lesson totals and finished lessons."""
    return (
        Access.objects.filter(user=user, path__isnull=False)
        .select_related("path")
        .annotate(
            lesson_count=aggregate_of(
                Lesson.objects.filter(course__path_links__path=OuterRef("path")),
                "course__path_links__path",
            ),
            done_count=aggregate_of(
                LessonProgress.objects.filter(
                    user=user, lesson__course__path_links__path=OuterRef("path")
                ),
                "lesson__course__path_links__path",
            ),
        )
        .order_by("path__title", "path_id")
    )


def path_courses(path_ids: list[int]) -> dict[int, list[Course]]:
    """The courses of each path, in the path's order: one query for all the paths."""
    courses: dict[int, list[Course]] = {path_id: [] for path_id in path_ids}
    links = PathCourse.objects.filter(path_id__in=path_ids).select_related("course")
    for link in links.order_by("path_id", "position", "id"):
        courses[link.path_id].append(link.course)
    return courses


def course_lessons(*, user: User, course: Course) -> QuerySet[Lesson]:
    return course.lessons.annotate(
        done=Exists(LessonProgress.objects.filter(user=user, lesson=OuterRef("pk")))
    ).order_by("position", "id")


def my_exams(*, user: User) -> QuerySet[Access]:
    return (
        Access.objects.filter(user=user, exam__isnull=False)
        .select_related("exam")
        .order_by("exam__title", "exam_id")
    )


def my_interview_questions(*, user: User) -> QuerySet[InterviewQuestion]:
    return (
        InterviewQuestion.objects.filter(course__in=owned_courses(user=user))
        .select_related("course")
        .order_by("course__title", "course_id", "position", "id")
    )


def my_favourites(*, user: User) -> QuerySet[Favourite]:
    """Favourites of courses the learner still owns."""
    return (
        Favourite.objects.filter(user=user, course__in=owned_courses(user=user))
        .select_related("course")
        .order_by("-created_at", "-id")
    )


def my_notes(*, user: User) -> QuerySet[Note]:
    return Note.objects.filter(user=user).select_related("course").order_by("-updated_at", "-id")


def my_certificates(*, user: User) -> QuerySet[Certificate]:
    return (
        Certificate.objects.filter(user=user).select_related("course").order_by("-issued_on", "-id")
    )


def certificate_for(*, user: User, course: Course) -> Certificate | None:
    return Certificate.objects.filter(user=user, course=course).first()


def course_choices(*, user: User) -> list[tuple[int, str]]:
    """(id, title) of the learner's courses, for a course picker."""
    return list(owned_courses(user=user).order_by("title", "id").values_list("id", "title"))


def owns(*, user: User, kind: str, product_id: int) -> bool:
    """Whether the learner owns the product; a course also counts through a path."""
    accesses = Access.objects.filter(user=user)
    if kind == "course":
        accesses = accesses.filter(Q(course_id=product_id) | Q(path__links__course_id=product_id))
    else:
        accesses = accesses.filter(**{f"{kind}_id": product_id})
    return accesses.exists()


def authored_courses(*, author: User) -> QuerySet[Course]:
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
            lesson_count=aggregate_of(Lesson.objects.filter(course=OuterRef("pk")), "course"),
            learner_count=Coalesce(Subquery(learners, output_field=IntegerField()), Value(0)),
        )
        .order_by("title", "id")
    )
