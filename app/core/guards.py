"""Area gates (docs/behaviour.md#route-table): decided on the server, before any view runs."""

from collections.abc import Callable
from functools import wraps

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.shortcuts import redirect

from app.core import roles
from app.core.errors import error_response
from app.core.requests import wants_json
from app.core.return_url import login_url_for

View = Callable[..., HttpResponseBase]


def login_required(view: View) -> View:
    """Anonymous visitors go to /login?returnUrl=<this path and query>; JSON calls get 401."""

    @wraps(view)
    def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        if not request.user.is_authenticated:
            if wants_json(request):
                return error_response(request, status=401, code="unauthenticated")
            return HttpResponseRedirect(login_url_for(request.get_full_path()))
        return view(request, *args, **kwargs)

    return guarded


def capability_required(test: Callable[..., bool]) -> Callable[[View], View]:
    """Login first; then raises PermissionDenied unless `test(user)` holds (e.g. shop users)."""

    def decorator(view: View) -> View:
        @wraps(view)
        def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
            if not test(request.user):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        return login_required(guarded)

    return decorator


def role_required(allowed: frozenset[str]) -> Callable[[View], View]:
    """Login first; then raises PermissionDenied (the 403 page) unless the user holds
    one of the `allowed` roles."""
    return capability_required(lambda user: user.has_any_role(allowed))


admin_required = role_required(roles.ADMIN_ROLES)
institution_required = role_required(roles.INSTITUTION_ROLES)
manager_required = role_required(roles.MANAGER_ROLES)
reseller_required = role_required(roles.RESELLER_ROLES)
author_required = role_required(roles.AUTHOR_ROLES)


def anonymous_only(redirect_to: str) -> Callable[[View], View]:
    """A logged-in user who opens a guest-only page (login) goes to `redirect_to` (a URL
    name or a path)."""

    def decorator(view: View) -> View:
        @wraps(view)
        def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
            if request.user.is_authenticated:
                return redirect(redirect_to)
            return view(request, *args, **kwargs)

        return guarded

    return decorator
