"""Django's admin as the admin panel, ADMIN and SUPER_ADMIN only (docs/behaviour.md#admin-panel).

Its own login and logout pages are replaced: visitors log in at /thehero_piwnica (the
admin login, rate limited; Django's admin login has no limits of its own).
"""

from functools import wraps
from urllib.parse import urlencode

from django.contrib import admin
from django.contrib.auth import logout
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST
from inertia.http import clear_history

from app.core import roles
from app.core.return_url import RETURN_URL_PARAM, safe_return_url

ADMIN_LOGIN = "accounts:admin_login"
ADMIN_HOME = reverse_lazy("admin:index")


def admin_login_url_for(path_with_query: str) -> str:
    """The admin login page that brings the admin back to `path_with_query` afterwards."""
    return f"{reverse(ADMIN_LOGIN)}?{urlencode({RETURN_URL_PARAM: path_with_query})}"


class PlatformaAdminSite(admin.AdminSite):
    site_header = _("Platforma: panel administratora")
    site_title = _("Panel administratora")
    index_title = _("Zarządzanie platformą")

    def has_permission(self, request: HttpRequest) -> bool:
        user = request.user
        return user.is_active and user.is_authenticated and user.has_any_role(roles.ADMIN_ROLES)

    def admin_view(self, view, cacheable=False):
        inner = super().admin_view(view, cacheable)

        @wraps(view)
        def gate(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            # Visitors log in on the admin login page; a logged-in learner gets the 403
            # page, not the admin's own login form.
            if not request.user.is_authenticated:
                return HttpResponseRedirect(admin_login_url_for(request.get_full_path()))
            if not self.has_permission(request):
                raise PermissionDenied
            return inner(request, *args, **kwargs)

        return gate

    def login(self, request: HttpRequest, extra_context=None) -> HttpResponse:
        target = safe_return_url(request.GET.get("next"), default=str(ADMIN_HOME))
        if self.has_permission(request):
            return HttpResponseRedirect(target)
        if request.user.is_authenticated:
            raise PermissionDenied
        return HttpResponseRedirect(admin_login_url_for(target))

    def logout(self, request: HttpRequest, extra_context=None) -> HttpResponse:  # type: ignore[override]
        # Django's admin logs out with a POST from its header; the admin then lands on
        # the admin login page rather than Django's "logged out" page.
        return _logout(request)


@require_POST
def _logout(request: HttpRequest) -> HttpResponse:
    logout(request)
    # The admin login page that follows drops Inertia's encrypted history, as any logout.
    clear_history(request)
    return redirect(ADMIN_LOGIN)
