"""The learner's profile: names, avatar and the public-profile switch."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from app.accounts import mfa_web
from app.accounts import selectors as account_selectors
from app.core.errors import ApplicationError, errors_return_to, valid_data
from app.core.guards import login_required
from app.core.inertia import render_page
from app.core.ratelimits import rate_limited
from app.core.requests import AuthenticatedRequest, data_flag, request_data
from app.learning import props, services
from app.learning.forms import (
    AVATAR_MAX_BYTES,
    AVATAR_TOO_LARGE,
    AvatarForm,
    ProfileForm,
)

# Bodies far larger never get here (RequestBodyLimitMiddleware); this catches an avatar
# just over its limit with a message on the form.
_UPLOAD_BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024


def _profile_page(request: HttpRequest, **kwargs: object) -> str:
    return reverse("learning:profile")


def _declared_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


@require_http_methods(["GET", "POST"])
@login_required
def profile(request: AuthenticatedRequest) -> HttpResponse:
    user = request.user
    if request.method == "POST":
        data = request_data(request)
        form = ProfileForm(
            {
                "first_name": data.get("first_name", ""),
                "last_name": data.get("last_name", ""),
                "is_profile_public": data_flag(data, "is_profile_public"),
            }
        )
        services.profile_update(user=user, **valid_data(form))
        messages.success(request, _("Zapisano zmiany w profilu."))
        return redirect("learning:profile")
    page = props.profile_props(
        user,
        avatar_max_bytes=AVATAR_MAX_BYTES,
        app_sessions=account_selectors.app_token_list(user=user),
        second_factors=mfa_web.factor_list(user=user),
    )
    return render_page(request, "Learning/Profile", page)


@require_POST
@login_required
@errors_return_to(_profile_page)
# Every upload is decoded: nobody may keep a worker busy with them.
@rate_limited(
    "avatar_upload",
    field="avatar",
    message=gettext_lazy("Zbyt wiele przesłanych zdjęć. Spróbuj ponownie za kilka minut."),
)
def avatar(request: AuthenticatedRequest) -> HttpResponse:
    # Checked before the body is read, so an upload just over the limit is never parsed.
    if _declared_length(request) > _UPLOAD_BODY_LIMIT:
        too_large = str(AVATAR_TOO_LARGE)
        raise ApplicationError(too_large, fields={"avatar": too_large})
    image = valid_data(AvatarForm(files=request.FILES))["avatar"]
    services.avatar_replace(user=request.user, image=image)
    messages.success(request, _("Zapisano nowy awatar."))
    return redirect("learning:profile")


@require_POST
@login_required
def avatar_remove(request: AuthenticatedRequest) -> HttpResponse:
    services.avatar_remove(user=request.user)
    messages.success(request, _("Usunięto awatar."))
    return redirect("learning:profile")
