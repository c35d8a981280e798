"""Notes per course: create, edit and delete, only ever the learner's own."""

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from app.core.guards import login_required
from app.core.inertia import form_errors, redirect_with_errors, render_page
from app.core.pagination import paginate
from app.core.requests import AuthenticatedRequest, parse_id, request_data
from app.learning import props, selectors, services
from app.learning.forms import NoteForm, NoteTextForm

NOTES_URL = "/platforma/notatki"
NOTES_PER_PAGE = 20
# The edit form's error travels under its own key, apart from the new-note form's fields.
EDIT_ERROR_KEY = "edit_text"


def _selected_course(raw: str, choices: list[tuple[int, str]]) -> int | None:
    owned = {pk for pk, _title in choices}
    course_id = parse_id(raw)
    return course_id if course_id in owned else None


@require_http_methods(["GET", "POST"])
@login_required
def notes(request: AuthenticatedRequest) -> HttpResponse:
    user = request.user
    choices = selectors.course_choices(user=user)
    if request.method == "POST":
        form = NoteForm(request_data(request), course_choices=choices)
        if not form.is_valid():
            return redirect_with_errors(request, NOTES_URL, form_errors(form))
        course = selectors.access_course_by_id(user=user, course_id=form.cleaned_data["course"])
        services.note_create(user=user, course=course, text=form.cleaned_data["text"])
        messages.success(request, _("Zapisano notatkę."))
        return HttpResponseRedirect(NOTES_URL)
    items, pagination = paginate(request, selectors.my_notes(user=user), per_page=NOTES_PER_PAGE)
    page = props.notes_props(
        user=user,
        notes=items,
        pagination=pagination,
        courses=choices,
        selected_course=_selected_course(request.GET.get("kurs", ""), choices),
    )
    return render_page(request, "Learning/Notes", page)


@require_POST
@login_required
def note_update(request: AuthenticatedRequest, note_id: int) -> HttpResponse:
    note = selectors.access_note_by_id(user=request.user, note_id=note_id)
    form = NoteTextForm(request_data(request))
    if not form.is_valid():
        return redirect_with_errors(request, NOTES_URL, {EDIT_ERROR_KEY: form_errors(form)["text"]})
    services.note_update(note=note, text=form.cleaned_data["text"])
    messages.success(request, _("Zapisano zmiany w notatce."))
    return HttpResponseRedirect(NOTES_URL)


@require_POST
@login_required
def note_delete(request: AuthenticatedRequest, note_id: int) -> HttpResponse:
    note = selectors.access_note_by_id(user=request.user, note_id=note_id)
    services.note_delete(note=note)
    messages.success(request, _("Usunięto notatkę."))
    return HttpResponseRedirect(NOTES_URL)
