"""Shared props: what every page receives from the shell, and the shell's own pages and
calls, with the functions that whitelist the shell's records into them."""

import re
from typing import Literal, NotRequired, TypedDict

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils.translation import get_language

from app.accounts.models import User
from app.accounts.props import AuthProps
from app.core import roles
from app.core.typegen import page_props, ts_export
from app.shell.models import Alert, Notification, SitePage

Viewer = Literal["anonymous", "learner", "admin"]
MobileOs = Literal["android", "ios"]
# Closed mobile-app banners are remembered by this cookie (frontend/lib/cookies.ts).
APP_BANNER_COOKIE = "download-app-banner"
_ANDROID = re.compile(r"android", re.IGNORECASE)
_IOS = re.compile(r"iphone|ipad|ipod", re.IGNORECASE)


@ts_export
class MenuEntry(TypedDict):
    key: str
    href: str
    warning: NotRequired[bool]
    hide_label: NotRequired[bool]
    external: NotRequired[bool]


@ts_export
class MenuProps(TypedDict):
    areas: list[MenuEntry]
    learner: list[MenuEntry]
    divider: bool
    shop_url: str | None


@ts_export
class SocialLink(TypedDict):
    network: str
    url: str


@ts_export
class AppStoreLinks(TypedDict):
    android: str
    ios: str


@ts_export
class ShellProps(TypedDict):
    # Who the header is for: admins are not treated as learners (docs/behaviour.md#top-bar).
    viewer: Literal["anonymous", "learner", "admin"]
    header_type: str
    is_production: bool
    support_email: str
    social_links: list[SocialLink]
    app_links: AppStoreLinks
    languages: list[str]
    # Django's admin, which has no typed route of its own in frontend/routes.ts.
    admin_url: str
    # The mobile-app banner's store, from the User-Agent; none when it was closed.
    app_banner: Literal["android", "ios"] | None


@ts_export
class InfoBanner(TypedDict):
    key: str
    level: Literal["info", "warning"]
    message: str
    link_label: NotRequired[str]
    href: NotRequired[str]


@ts_export
class SharedProps(TypedDict):
    auth: AuthProps
    locale: str
    errors: dict[str, str]
    shell: ShellProps
    menu: MenuProps | None
    notifications_unread: int
    info_banners: list[InfoBanner]


@ts_export
class AlertProps(TypedDict):
    text_desktop: str
    text_mobile: str
    button_label: str
    button_url: str
    is_close_button: bool
    background_color: str
    text_color: str


@ts_export
class PageBlock(TypedDict):
    kind: Literal["heading", "paragraph"]
    text: str


@page_props("Shell/SitePage")
class SitePageProps(TypedDict):
    title: str
    blocks: list[PageBlock]
    updated_at: str


@ts_export
class NotificationProps(TypedDict):
    id: int
    message: str
    url: str
    created_at: str
    is_read: bool


@ts_export
class NotificationListProps(TypedDict):
    items: list[NotificationProps]
    unread: int


# --- Builders -----------------------------------------------------------------------------


def app_banner_of(request: HttpRequest) -> MobileOs | None:
    """The phone system the app banner offers a store for (docs/behaviour.md#app-banner), decided
    from the browser's User-Agent so the first HTML already has the banner; none once closed.
    (iPadOS reports itself as a Mac: the browser adds the banner there itself.)"""
    if APP_BANNER_COOKIE in request.COOKIES:
        return None
    agent = request.headers.get("User-Agent", "")
    if _ANDROID.search(agent):
        return "android"
    if _IOS.search(agent):
        return "ios"
    return None


def viewer_of(user: User | AnonymousUser) -> Viewer:
    if not user.is_authenticated:
        return "anonymous"
    return "admin" if user.has_any_role(roles.ADMIN_ROLES) else "learner"


def alert_props(alert: Alert, language: str) -> AlertProps:
    english = language == "en" and bool(alert.text_desktop_en)
    desktop = alert.text_desktop_en if english else alert.text_desktop
    mobile = (alert.text_mobile_en if english else alert.text_mobile) or desktop
    label = (alert.button_label_en if english else "") or alert.button_label
    return {
        "text_desktop": desktop,
        "text_mobile": mobile,
        "button_label": label if alert.button_url else "",
        "button_url": alert.button_url if label else "",
        "is_close_button": alert.is_close_button,
        "background_color": alert.background_color,
        "text_color": alert.text_color,
    }


def page_blocks(body: str) -> list[PageBlock]:
    """Plain text to blocks: a line starting with "## " is a heading, other lines join into
    paragraphs that blank lines separate."""
    blocks: list[PageBlock] = []
    paragraph: list[str] = []

    def end_paragraph() -> None:
        if paragraph:
            blocks.append({"kind": "paragraph", "text": " ".join(paragraph)})
            paragraph.clear()

    for line in body.splitlines():
        text = " ".join(line.split())
        if text.startswith("## "):
            end_paragraph()
            blocks.append({"kind": "heading", "text": text[3:].strip()})
        elif text:
            paragraph.append(text)
        else:
            end_paragraph()
    end_paragraph()
    return blocks


def site_page_props(page: SitePage) -> SitePageProps:
    english = get_language() == "en"
    return {
        "title": page.title_en if english else page.title_pl,
        "blocks": page_blocks(page.body_en if english else page.body_pl),
        "updated_at": page.updated_at.date().isoformat(),
    }


def notification_props(notification: Notification) -> NotificationProps:
    return {
        "id": notification.pk,
        "message": notification.message,
        "url": notification.url,
        "created_at": notification.created_at.isoformat(),
        "is_read": notification.read_at is not None,
    }
