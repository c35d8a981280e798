"""One way to answer an error, in the shape the caller understands (SPEC §8).

A browser navigation gets the translated error page with the real status. JSON calls and
Inertia visits get `{"message", "code"}` with the status, so the app's error handler shows
the server's message in a dialog; only a visit answered 404 still renders the not-found
page, since the catalogue has no dialog for it.
"""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from app.core.inertia import render_page
from app.core.props import ErrorPageProps
from app.core.requests import is_inertia, wants_json


def default_message(status: int) -> str:
    messages = {
        400: _("Nie udało się przetworzyć żądania."),
        401: _("Zostałeś wylogowany z platformy"),
        403: _("Nie masz dostępu do tej części platformy."),
        404: _("Nie znaleźliśmy strony, której szukasz."),
        429: _("Zbyt wiele prób. Spróbuj ponownie za chwilę."),
        500: _("Wystąpił błąd serwera. Spróbuj ponownie później."),
    }
    return messages.get(status, messages[500])


def error_response(
    request: HttpRequest, *, status: int, message: str | None = None, code: str | None = None
) -> HttpResponse:
    text = message or default_message(status)
    if wants_json(request) or (is_inertia(request) and status != 404):
        return JsonResponse({"message": text, "code": code or str(status)}, status=status)
    props: ErrorPageProps = {"status": status, "message": text}
    return render_page(request, "Errors/Error", props, status=status)
