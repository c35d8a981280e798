"""Props of the learner area pages and the author area: whitelisted fields only."""

from collections.abc import Iterable
from datetime import date, datetime
from typing import TypedDict
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import timezone

from app.accounts.mfa_web import SecondFactor
from app.accounts.models import AppToken, User
from app.core.pagination import PaginationProps
from app.core.props import DateCount, FieldRule, date_counts, form_rules
from app.core.typegen import page_props, ts_export
from app.learning.forms import NoteForm, ProfileForm
from app.learning.models import Access, Certificate, Course, Favourite, InterviewQuestion, Note

# The notes page opens with this course chosen in the new-note form (?kurs=<id>).
NOTES_COURSE_PARAM = "kurs"


def course_url(course_id: int) -> str:
    return reverse("learning:course", kwargs={"course_id": course_id})


def iso_date(value: datetime | date) -> str:
    if isinstance(value, datetime):
        value = timezone.localtime(value).date()
    return value.isoformat()


@ts_export
class CourseLink(TypedDict):
    id: int
    title: str
    url: str


@ts_export
class CourseCard(TypedDict):
    id: int
    title: str
    description: str
    url: str
    lesson_count: int
    done_count: int
    is_favourite: bool
    # voucher | team | admin, or "path" when owned only through a learning path.
    source: str


@ts_export
class PathCard(TypedDict):
    id: int
    title: str
    description: str
    lesson_count: int
    done_count: int
    source: str
    granted_at: str
    courses: list[CourseLink]


@page_props("Learning/MyCourses")
class MyCoursesProps(TypedDict):
    paths: list[PathCard]
    courses: list[CourseCard]
    pagination: PaginationProps
    # Lessons finished per week over the last 12 weeks, oldest first.
    activity: list[DateCount]


def course_link(course: Course) -> CourseLink:
    return {"id": course.pk, "title": course.title, "url": course_url(course.pk)}


def course_card(course: Course) -> CourseCard:
    return {
        "id": course.pk,
        "title": course.title,
        "description": course.description,
        "url": course_url(course.pk),
        "lesson_count": course.lesson_count,  # type: ignore[attr-defined]
        "done_count": course.done_count,  # type: ignore[attr-defined]
        "is_favourite": course.is_favourite,  # type: ignore[attr-defined]
        "source": course.access_source or "path",  # type: ignore[attr-defined]
    }


def my_courses_props(
    *,
    courses: list[Course],
    pagination: PaginationProps,
    paths: list[tuple[Access, list[Course]]],
    activity: list[tuple[date, int]],
) -> MyCoursesProps:
    return {
        "paths": [path_card(access, path_courses) for access, path_courses in paths],
        "courses": [course_card(course) for course in courses],
        "pagination": pagination,
        "activity": date_counts(activity),
    }


def path_card(access: Access, courses: list[Course]) -> PathCard:
    path = access.path
    assert path is not None
    return {
        "id": path.pk,
        "title": path.title,
        "description": path.description,
        "lesson_count": access.lesson_count,  # type: ignore[attr-defined]
        "done_count": access.done_count,  # type: ignore[attr-defined]
        "source": access.source,
        "granted_at": iso_date(access.granted_at),
        "courses": [course_link(course) for course in courses],
    }


@ts_export
class LessonItem(TypedDict):
    id: int
    number: int
    title: str
    text: str
    video_url: str
    done: bool
    # The day the learner finished it (ISO), None while not done.
    done_on: str | None
    toggle_url: str


@ts_export
class CertificateItem(TypedDict):
    id: int
    number: str
    course: CourseLink
    participant_name: str
    issued_on: str


@page_props("Learning/Course")
class CoursePageProps(TypedDict):
    course: CourseLink
    description: str
    lessons: list[LessonItem]
    is_favourite: bool
    favourite_url: str
    notes_url: str
    certificate: CertificateItem | None


def certificate_item(certificate: Certificate) -> CertificateItem:
    return {
        "id": certificate.pk,
        "number": certificate.number,
        "course": course_link(certificate.course),
        "participant_name": certificate.participant_name,
        "issued_on": iso_date(certificate.issued_on),
    }


def course_page_props(
    *,
    user: User,
    course: Course,
    lessons: list,
    is_favourite: bool,
    certificate: Certificate | None,
) -> CoursePageProps:
    return {
        "course": course_link(course),
        "description": course.description,
        "lessons": [
            {
                "id": lesson.pk,
                "number": number,
                "title": lesson.title,
                "text": lesson.text,
                "video_url": lesson.video_url,
                "done": lesson.done,
                "done_on": iso_date(lesson.done_at) if lesson.done_at else None,
                "toggle_url": reverse(
                    "learning:lesson_done", kwargs={"course_id": course.pk, "lesson_id": lesson.pk}
                ),
            }
            for number, lesson in enumerate(lessons, start=1)
        ],
        "is_favourite": is_favourite,
        "favourite_url": reverse("learning:favourite", kwargs={"course_id": course.pk}),
        "notes_url": f"{reverse('learning:notes')}?{urlencode({NOTES_COURSE_PARAM: course.pk})}",
        "certificate": certificate_item(certificate) if certificate else None,
    }


@ts_export
class ExamItem(TypedDict):
    id: int
    title: str
    description: str
    granted_at: str
    source: str


@page_props("Learning/Exams")
class ExamsProps(TypedDict):
    exams: list[ExamItem]
    pagination: PaginationProps


def exam_item(access: Access) -> ExamItem:
    exam = access.exam
    assert exam is not None
    return {
        "id": exam.pk,
        "title": exam.title,
        "description": exam.description,
        "granted_at": iso_date(access.granted_at),
        "source": access.source,
    }


@ts_export
class QuestionItem(TypedDict):
    id: int
    question: str
    answer: str
    course: CourseLink


@page_props("Learning/InterviewQuestions")
class InterviewQuestionsProps(TypedDict):
    questions: list[QuestionItem]
    pagination: PaginationProps


def question_item(question: InterviewQuestion) -> QuestionItem:
    return {
        "id": question.pk,
        "question": question.question,
        "answer": question.answer,
        "course": course_link(question.course),
    }


@ts_export
class FavouriteItem(TypedDict):
    course: CourseLink
    description: str
    added_at: str
    remove_url: str


@page_props("Learning/Favourites")
class FavouritesProps(TypedDict):
    favourites: list[FavouriteItem]
    pagination: PaginationProps


def favourite_item(favourite: Favourite) -> FavouriteItem:
    return {
        "course": course_link(favourite.course),
        "description": favourite.course.description,
        "added_at": iso_date(favourite.created_at),
        "remove_url": reverse(
            "learning:favourite_remove", kwargs={"course_id": favourite.course_id}
        ),
    }


@ts_export
class CourseOption(TypedDict):
    id: int
    title: str


@ts_export
class NoteItem(TypedDict):
    id: int
    course: CourseLink
    text: str
    updated_at: str
    update_url: str
    delete_url: str


@page_props("Learning/Notes")
class NotesProps(TypedDict):
    notes: list[NoteItem]
    pagination: PaginationProps
    courses: list[CourseOption]
    selected_course: int | None
    create_url: str
    # Of the new-note form's fields; an edited note's text follows the rule of "text".
    rules: dict[str, FieldRule]


def note_item(note: Note) -> NoteItem:
    return {
        "id": note.pk,
        "course": course_link(note.course),
        "text": note.text,
        "updated_at": timezone.localtime(note.updated_at).isoformat(),
        "update_url": reverse("learning:note_update", kwargs={"note_id": note.pk}),
        "delete_url": reverse("learning:note_delete", kwargs={"note_id": note.pk}),
    }


def notes_props(
    *,
    user: User,
    notes: list[Note],
    pagination: PaginationProps,
    courses: list[tuple[int, str]],
    selected_course: int | None,
) -> NotesProps:
    return {
        "notes": [note_item(note) for note in notes],
        "pagination": pagination,
        "courses": [{"id": pk, "title": title} for pk, title in courses],
        "selected_course": selected_course,
        "create_url": reverse("learning:notes"),
        "rules": form_rules(NoteForm, ["course", "text"]),
    }


@page_props("Learning/Certificates")
class CertificatesProps(TypedDict):
    certificates: list[CertificateItem]
    pagination: PaginationProps


@ts_export
class ProgressItem(TypedDict):
    course: CourseLink
    lesson_count: int
    done_count: int
    has_certificate: bool


@page_props("Learning/Progress")
class ProgressProps(TypedDict):
    courses: list[ProgressItem]
    pagination: PaginationProps
    # Lessons finished per week over the last 12 weeks, oldest first.
    activity: list[DateCount]


def progress_item(course: Course) -> ProgressItem:
    return {
        "course": course_link(course),
        "lesson_count": course.lesson_count,  # type: ignore[attr-defined]
        "done_count": course.done_count,  # type: ignore[attr-defined]
        "has_certificate": course.has_certificate,  # type: ignore[attr-defined]
    }


@ts_export
class ProfileData(TypedDict):
    email: str
    first_name: str
    last_name: str
    is_profile_public: bool
    avatar_url: str | None


@ts_export
class ProfileUrls(TypedDict):
    update: str
    avatar: str
    avatar_remove: str
    delete_account: str
    second_factors: str


@ts_export
class AppSession(TypedDict):
    """A session of the mobile app on the profile page; the owner may end it."""

    device: str
    created_at: str
    last_used_at: str
    end_url: str


@page_props("Learning/Profile")
class ProfileProps(TypedDict):
    profile: ProfileData
    rules: dict[str, FieldRule]
    avatar_max_bytes: int
    urls: ProfileUrls
    app_sessions: list[AppSession]
    # The account's second factors, with the dates each was added and last used.
    second_factors: list[SecondFactor]


def app_session_props(app_token: AppToken) -> AppSession:
    return {
        "device": app_token.device,
        "created_at": app_token.created_at.isoformat(),
        "last_used_at": app_token.last_used_at.isoformat(),
        "end_url": reverse("accounts:app_session_end", kwargs={"token_id": app_token.pk}),
    }


def profile_props(
    user: User,
    *,
    avatar_max_bytes: int,
    app_sessions: Iterable[AppToken] = (),
    second_factors: list[SecondFactor] | None = None,
) -> ProfileProps:
    return {
        "app_sessions": [app_session_props(app_token) for app_token in app_sessions],
        "second_factors": second_factors or [],
        "profile": {
            "email": user.email,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "is_profile_public": user.is_profile_public,
            "avatar_url": user.avatar.url if user.avatar else None,
        },
        "rules": form_rules(ProfileForm, ["first_name", "last_name"]),
        "avatar_max_bytes": avatar_max_bytes,
        "urls": {
            "update": reverse("learning:profile"),
            "avatar": reverse("learning:avatar"),
            "avatar_remove": reverse("learning:avatar_remove"),
            # The account-deletion request is its own page (built with account deletion).
            "delete_account": reverse("accounts:account_deletion_request"),
            "second_factors": reverse("accounts:mfa_factors"),
        },
    }


@ts_export
class AuthoredCourse(TypedDict):
    course: CourseOption
    lesson_count: int
    learner_count: int


@page_props("Learning/Author")
class AuthorProps(TypedDict):
    courses: list[AuthoredCourse]
    pagination: PaginationProps
    total_learners: int


def authored_course(course: Course) -> AuthoredCourse:
    return {
        "course": {"id": course.pk, "title": course.title},
        "lesson_count": course.lesson_count,  # type: ignore[attr-defined]
        "learner_count": course.learner_count,  # type: ignore[attr-defined]
    }


@page_props("Learning/Home")
class HomePageProps(TypedDict):
    """The learner home needs nothing beyond the shared props."""
