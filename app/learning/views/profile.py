"""The learner's profile: names, avatar and the public-profile switch."""

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from app.core.errors import errors_return_to
from app.core.guards import login_required
from app.core.inertia import form_errors, redirect_with_errors, render_page
from app.core.requests import AuthenticatedRequest, data_flag, request_data
from app.learning import props, services
from app.learning.forms import AVATAR_MAX_BYTES, AvatarForm, ProfileForm, avatar_upload_limit

PROFILE_URL = "/platforma/profil"
# Bodies far larger never get here (RequestBodyLimitMiddleware); this catches an avatar
# just over its limit with a message on the form.
_UPLOAD_BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024


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
        if not form.is_valid():
            return redirect_with_errors(request, PROFILE_URL, form_errors(form))
        services.profile_update(user=user, **form.cleaned_data)
        messages.success(request, _("Zapisano zmiany w profilu."))
        return HttpResponseRedirect(PROFILE_URL)
    return render_page(
        request, "Learning/Profile", props.profile_props(user, avatar_max_bytes=AVATAR_MAX_BYTES)
    )


@require_POST
@login_required
@errors_return_to(lambda request: PROFILE_URL)
def avatar(request: AuthenticatedRequest) -> HttpResponse:
    avatar_upload_limit(request)
    too_large = {"avatar": _("Plik jest za duży: awatar może mieć najwyżej 2 MB.")}
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > _UPLOAD_BODY_LIMIT:
        return redirect_with_errors(request, PROFILE_URL, too_large)
    form = AvatarForm(files=request.FILES)
    if not form.is_valid():
        return redirect_with_errors(request, PROFILE_URL, form_errors(form))
    services.avatar_replace(user=request.user, image=form.cleaned_data["avatar"])
    messages.success(request, _("Zapisano nowy awatar."))
    return HttpResponseRedirect(PROFILE_URL)


@require_POST
@login_required
def avatar_remove(request: AuthenticatedRequest) -> HttpResponse:
    services.avatar_remove(user=request.user)
    messages.success(request, _("Usunięto awatar."))
    return HttpResponseRedirect(PROFILE_URL)
