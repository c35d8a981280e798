"""One owned course: its lessons with a done toggle, and the favourite switch."""

from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from app.core.guards import login_required
from app.core.inertia import render_page
from app.core.requests import AuthenticatedRequest, data_flag, request_data
from app.learning import props, selectors, services
from app.learning.models import Favourite, Lesson


@require_GET
@login_required
def course(request: AuthenticatedRequest, course_id: int) -> HttpResponse:
    user = request.user
    owned = selectors.access_course_by_id(user=user, course_id=course_id)
    page = props.course_page_props(
        user=user,
        course=owned,
        lessons=list(selectors.course_lessons(user=user, course=owned)),
        is_favourite=Favourite.objects.filter(user=user, course=owned).exists(),
        certificate=selectors.certificate_for(user=user, course=owned),
    )
    return render_page(request, "Learning/Course", page)


@require_POST
@login_required
def lesson_done(request: AuthenticatedRequest, course_id: int, lesson_id: int) -> HttpResponse:
    owned = selectors.access_course_by_id(user=request.user, course_id=course_id)
    try:
        certificate = services.lesson_set_done(
            user=request.user,
            course=owned,
            lesson_id=lesson_id,
            done=data_flag(request_data(request), "done"),
        )
    except Lesson.DoesNotExist:
        raise Http404 from None
    if certificate is not None:
        messages.success(
            request,
            _("Gratulacje! Ukończyłeś kurs, a certyfikat czeka w zakładce Certyfikaty."),
        )
    return HttpResponseRedirect(props.course_url(owned.pk))


@require_POST
@login_required
def course_favourite(request: AuthenticatedRequest, course_id: int) -> HttpResponse:
    owned = selectors.access_course_by_id(user=request.user, course_id=course_id)
    favourite = data_flag(request_data(request), "favourite")
    services.favourite_set(user=request.user, course=owned, favourite=favourite)
    return HttpResponseRedirect(props.course_url(owned.pk))
