"""Notes per course: create, edit and delete, only ever the learner's own."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from app.core.errors import errors_return_to, valid_data
from app.core.guards import login_required
from app.core.inertia import render_page
from app.core.pagination import queryset_paginate
from app.core.requests import AuthenticatedRequest, parse_id, request_data
from app.learning import props, selectors, services
from app.learning.forms import NoteForm, NoteTextForm

NOTES_PER_PAGE = 20
# The edit form's error travels under its own key, apart from the new-note form's fields.
EDIT_ERROR_KEY = "edit_text"


def _notes_page(request: HttpRequest, **kwargs: object) -> str:
    return reverse("learning:notes")


def _selected_course(raw: str, choices: list[tuple[int, str]]) -> int | None:
    owned = {pk for pk, _title in choices}
    course_id = parse_id(raw)
    return course_id if course_id in owned else None


@require_http_methods(["GET", "POST"])
@login_required
def notes(request: AuthenticatedRequest) -> HttpResponse:
    user = request.user
    choices = selectors.course_choice_list(user=user)
    if request.method == "POST":
        data = valid_data(NoteForm(request_data(request), course_choices=choices))
        course = selectors.access_course_by_id(user=user, course_id=data["course"])
        services.note_create(user=user, course=course, text=data["text"])
        messages.success(request, _("Zapisano notatkę."))
        return redirect("learning:notes")
    items, pagination = queryset_paginate(
        request=request, queryset=selectors.note_list(user=user), per_page=NOTES_PER_PAGE
    )
    page = props.notes_props(
        user=user,
        notes=items,
        pagination=pagination,
        courses=choices,
        selected_course=_selected_course(request.GET.get(props.NOTES_COURSE_PARAM, ""), choices),
    )
    return render_page(request, "Learning/Notes", page)


@require_POST
@login_required
@errors_return_to(_notes_page)
def note_update(request: AuthenticatedRequest, note_id: int) -> HttpResponse:
    note = selectors.access_note_by_id(user=request.user, note_id=note_id)
    data = valid_data(NoteTextForm(request_data(request)), error_keys={"text": EDIT_ERROR_KEY})
    services.note_update(note=note, text=data["text"])
    messages.success(request, _("Zapisano zmiany w notatce."))
    return redirect("learning:notes")


@require_POST
@login_required
def note_delete(request: AuthenticatedRequest, note_id: int) -> HttpResponse:
    note = selectors.access_note_by_id(user=request.user, note_id=note_id)
    services.note_delete(note=note)
    messages.success(request, _("Usunięto notatkę."))
    return redirect("learning:notes")
