"""The mobile app's sessions, as their owner ends them on the profile page."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from app.accounts import services
from app.core.errors import errors_return_to
from app.core.guards import login_required
from app.core.requests import AuthenticatedRequest

# The profile page lists the sessions (the learning app's page).
PROFILE = "learning:profile"


def _profile_page(request: HttpRequest, **kwargs: object) -> str:
    return reverse(PROFILE)


@require_POST
@login_required
@errors_return_to(_profile_page)
def app_session_end(request: AuthenticatedRequest, token_id: int) -> HttpResponse:
    """Log the app out on one device: only the owner's own sessions can be ended."""
    services.app_token_end(user=request.user, token_id=token_id)
    messages.success(request, _("Aplikacja na tym urządzeniu została wylogowana."))
    return redirect(PROFILE)
