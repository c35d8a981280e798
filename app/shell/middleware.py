"""The one middleware that shares props with every Inertia page, each lazily."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language
from inertia import share

from app.accounts.models import User
from app.accounts.props import auth_props
from app.core.admin_site import ADMIN_HOME
from app.core.header import header_type_for
from app.core.inertia import pop_errors
from app.shell.banners import info_banners
from app.shell.presenters import app_banner_of, menu_props, viewer_of
from app.shell.props import InfoBanner, MenuProps, ShellProps
from app.shell.selectors import notification_count_unread


def shell_props(request: HttpRequest) -> ShellProps:
    return {
        "viewer": viewer_of(request.user),
        "header_type": header_type_for(request),
        "is_production": settings.IS_PRODUCTION,
        "support_email": settings.SUPPORT_EMAIL,
        "social_links": [
            {"network": link["network"], "url": link["url"]} for link in settings.SOCIAL_LINKS
        ],
        "app_links": {
            "android": settings.APP_STORE_LINKS["android"],
            "ios": settings.APP_STORE_LINKS["ios"],
        },
        "languages": [code for code, _name in settings.LANGUAGES],
        "admin_url": str(ADMIN_HOME),
        "app_banner": app_banner_of(request),
    }


def _learner(request: HttpRequest) -> User | None:
    """The logged-in learner (admins are not learners in the shell), or None."""
    user = request.user
    return user if isinstance(user, User) and viewer_of(user) == "learner" else None


def learner_menu(request: HttpRequest) -> MenuProps | None:
    return menu_props(request.user) if isinstance(request.user, User) else None


def learner_banners(request: HttpRequest) -> list[InfoBanner]:
    learner = _learner(request)
    return info_banners(learner) if learner else []


def learner_unread(request: HttpRequest) -> int:
    learner = _learner(request)
    return notification_count_unread(user=learner) if learner else 0


class SharedPropsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # Callables run only when a page is rendered, so redirects and JSON calls pay nothing.
        share(  # noqa: S604 ("shell" is a prop name, not a subprocess flag)
            request,
            auth=lambda: auth_props(request.user),
            locale=get_language,
            errors=lambda: pop_errors(request),
            shell=lambda: shell_props(request),
            menu=lambda: learner_menu(request),
            notifications_unread=lambda: learner_unread(request),
            info_banners=lambda: learner_banners(request),
        )
        return self.get_response(request)
