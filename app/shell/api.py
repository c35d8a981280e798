"""The shell's JSON calls: the alert banner's alert, the frontend build's version and the
bell's notifications (app.api mounts the routers and gives them their callers' auth)."""

from typing import Annotated

from annotated_types import Len
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import get_language
from ninja import Query, Router, Schema

from app.core import roles
from app.core.requests import caller, caller_account
from app.core.schemas import refusals
from app.shell import selectors, services
from app.shell.props import AlertProps, NotificationListProps, alert_props, notification_props

# The pages' calls, any visitor (the session's account, if any).
web = Router(tags=["web"])
# The pages' calls of a logged-in account.
web_account = Router(tags=["web"])
# The app's calls under /api/public/ (the token's account, when one is sent).
public = Router(tags=["public"])

# Roles that see unpublished content when they ask for a preview.
PREVIEW_ROLES = roles.ADMIN_ROLES | roles.AUTHOR_ROLES
NoAlert = Annotated[list[AlertProps], Len(max_length=0)]


class AlertQuery(Schema):
    preview: bool = False


@public.get("alerts", response={200: AlertProps | NoAlert, **refusals(400)}, operation_id="alerts")
@web.get(
    "api/alerts", response={200: AlertProps | NoAlert, **refusals(400)}, operation_id="web_alerts"
)
def alerts(request: HttpRequest, query: Query[AlertQuery]) -> AlertProps | list[AlertProps]:
    """The alert banner's alert, or [] when there is none (docs/behaviour.md#alert-banner). With
    preview=true, an author's or admin's account sees the alert about to be shown
    (unpublished or not started yet); anyone else the one shown now."""
    account = caller(request)
    if query.preview and account is not None and account.has_any_role(PREVIEW_ROLES):
        alert = selectors.alert_preview_get()
    else:
        alert = selectors.active_alert_get()
    return alert_props(alert, get_language()) if alert is not None else []


class VersionOut(Schema):
    version: str


@web.get("api/version", response={200: VersionOut}, operation_id="web_version")
def version(request: HttpRequest, response: HttpResponse) -> VersionOut:
    """The version of the frontend build the server runs; the page compares its own."""
    add_never_cache_headers(response)
    return VersionOut(version=settings.INERTIA_VERSION)


@web_account.get(
    "api/notifications",
    response={200: NotificationListProps, **refusals(401)},
    operation_id="web_notifications",
)
def notifications(request: HttpRequest) -> NotificationListProps:
    """The bell's latest notifications and how many are unread."""
    user = caller_account(request)
    return {
        "items": [
            notification_props(item) for item in selectors.notification_list_recent(user=user)
        ],
        "unread": selectors.notification_count_unread(user=user),
    }


class UnreadOut(Schema):
    unread: int


@web_account.post(
    "api/notifications/read",
    response={200: UnreadOut, **refusals(401)},
    operation_id="web_notifications_read",
)
def notifications_read(request: HttpRequest) -> UnreadOut:
    """Mark every notification of the account read."""
    services.notification_mark_all_read(user=caller_account(request))
    return UnreadOut(unread=0)
