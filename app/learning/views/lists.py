"""The learner's lists: courses and paths, exams, questions, favourites, certificates,
progress. Each page reads a fixed number of queries, however long the list."""

from collections.abc import Callable

from django.contrib import messages
from django.db.models import Model, QuerySet
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from app.core.guards import capability_required, login_required
from app.core.inertia import render_page
from app.core.page_json import EncodedProps, encoded_props
from app.core.pagination import PaginationProps, page_number_parse, queryset_paginate
from app.core.props import date_counts
from app.core.requests import AuthenticatedRequest
from app.core.timeseries import week_start
from app.core.views import area_not_found
from app.learning import props, selectors, services
from app.learning.cache import cached_for_learner

COURSES_PER_PAGE = 24
ITEMS_PER_PAGE = 30


def _items_page[Row: Model, Item](
    request: AuthenticatedRequest, queryset: QuerySet[Row], item: Callable[[Row], Item]
) -> tuple[list[Item], PaginationProps]:
    """The requested page of one of the learner's lists, each row as the page shows it."""
    rows, pagination = queryset_paginate(
        request=request, queryset=queryset, per_page=ITEMS_PER_PAGE
    )
    return [item(row) for row in rows], pagination


@require_GET
@login_required
def home(request: AuthenticatedRequest) -> HttpResponse:
    # The page lists the learner menu, which every page already receives as a shared prop.
    return render_page(request, "Learning/Home")


@require_GET
@login_required
def my_courses(request: AuthenticatedRequest) -> HttpResponse:
    user = request.user
    this_week = week_start(timezone.localdate())

    def build() -> EncodedProps:
        courses, pagination = queryset_paginate(
            request=request,
            queryset=selectors.course_progress_list(user=user),
            per_page=COURSES_PER_PAGE,
        )
        paths = selectors.path_access_list(user=user)
        activity = selectors.lesson_activity_weekly(user=user, today=this_week)
        # Kept encoded: the page's courses are written into the page as they are.
        return encoded_props(
            props.my_courses_props(
                courses=courses, pagination=pagination, paths=paths, activity=activity
            )
        )

    # The learner's courses are the platform's busiest list: served from the cache until
    # the learner's access, progress or favourites, or the catalogue, change.
    page = cached_for_learner(
        name="my_courses_frozen",
        user=user,
        # Keyed by the page number alone (clamped), so odd query strings cannot fill the
        # cache with copies of the same list, and by the week: the weekly chart moves on
        # with the calendar, which no version watches.
        variant=f"page:{min(page_number_parse(request=request), 10_000)}:week:{this_week}",
        build=build,
    )
    return render_page(request, "Learning/MyCourses", page)


@require_GET
@login_required
def exams(request: AuthenticatedRequest) -> HttpResponse:
    exams, pagination = _items_page(
        request, selectors.exam_access_list(user=request.user), props.exam_item
    )
    page: props.ExamsProps = {
        "exams": exams,
        "pagination": pagination,
    }
    return render_page(request, "Learning/Exams", page)


@require_GET
@login_required
def interview_questions(request: AuthenticatedRequest) -> HttpResponse:
    questions, pagination = _items_page(
        request, selectors.interview_question_list(user=request.user), props.question_item
    )
    page: props.InterviewQuestionsProps = {
        "questions": questions,
        "pagination": pagination,
    }
    return render_page(request, "Learning/InterviewQuestions", page)


@require_GET
@login_required
def favourites(request: AuthenticatedRequest) -> HttpResponse:
    favourites, pagination = _items_page(
        request, selectors.favourite_list(user=request.user), props.favourite_item
    )
    page: props.FavouritesProps = {
        "favourites": favourites,
        "pagination": pagination,
    }
    return render_page(request, "Learning/Favourites", page)


@require_POST
@login_required
def favourite_remove(request: AuthenticatedRequest, course_id: int) -> HttpResponse:
    course = selectors.access_course_by_id(user=request.user, course_id=course_id)
    services.favourite_set(user=request.user, course=course, favourite=False)
    messages.success(request, _("Usunięto z ulubionych: %(title)s") % {"title": course.title})
    return redirect("learning:favourites")


@require_GET
@login_required
def certificates(request: AuthenticatedRequest) -> HttpResponse:
    certificates, pagination = _items_page(
        request, selectors.certificate_list(user=request.user), props.certificate_item
    )
    page: props.CertificatesProps = {
        "certificates": certificates,
        "pagination": pagination,
    }
    return render_page(request, "Learning/Certificates", page)


@require_GET
@capability_required(lambda user: user.is_shop_user)
def progress(request: AuthenticatedRequest) -> HttpResponse:
    courses, pagination = _items_page(
        request, selectors.progress_list(user=request.user), props.progress_item
    )
    page: props.ProgressProps = {
        "courses": courses,
        "pagination": pagination,
        "activity": date_counts(selectors.lesson_activity_weekly(user=request.user)),
    }
    return render_page(request, "Learning/Progress", page)


platforma_not_found = area_not_found(login_required)
