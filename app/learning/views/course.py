"""One owned course: its lessons with a done toggle, and the favourite switch."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from app.core.guards import login_required
from app.core.inertia import render_page
from app.core.requests import AuthenticatedRequest, data_flag, request_data
from app.learning import props, selectors, services


@require_GET
@login_required
def course(request: AuthenticatedRequest, course_id: int) -> HttpResponse:
    user = request.user
    owned = selectors.access_course_by_id(user=user, course_id=course_id)
    page = props.course_page_props(
        user=user,
        course=owned,
        lessons=list(selectors.lesson_list(user=user, course=owned)),
        is_favourite=selectors.favourite_exists(user=user, course=owned),
        certificate=selectors.certificate_get(user=user, course=owned),
    )
    return render_page(request, "Learning/Course", page)


@require_POST
@login_required
def lesson_done(request: AuthenticatedRequest, course_id: int, lesson_id: int) -> HttpResponse:
    owned = selectors.access_course_by_id(user=request.user, course_id=course_id)
    lesson = selectors.access_lesson_by_id(course=owned, lesson_id=lesson_id)
    done = data_flag(request_data(request), "done")
    certificate = services.lesson_set_done(user=request.user, lesson=lesson, done=done)
    if certificate is not None:
        messages.success(
            request,
            _("Gratulacje! Ukończyłeś kurs, a certyfikat czeka w zakładce Certyfikaty."),
        )
    return redirect("learning:course", course_id=owned.pk)


@require_POST
@login_required
def course_favourite(request: AuthenticatedRequest, course_id: int) -> HttpResponse:
    owned = selectors.access_course_by_id(user=request.user, course_id=course_id)
    favourite = data_flag(request_data(request), "favourite")
    services.favourite_set(user=request.user, course=owned, favourite=favourite)
    return redirect("learning:course", course_id=owned.pk)
