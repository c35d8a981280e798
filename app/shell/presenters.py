"""Turning shell records into whitelisted props."""

import re
from typing import Literal

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils.translation import get_language

from app.accounts.models import User
from app.core import roles
from app.shell import menus
from app.shell.models import Alert, Notification, SitePage
from app.shell.props import (
    AlertProps,
    MenuProps,
    NotificationProps,
    PageBlock,
    SitePageProps,
)

Viewer = Literal["anonymous", "learner", "admin"]
MobileOs = Literal["android", "ios"]
# Closed mobile-app banners are remembered by this cookie (frontend/lib/cookies.ts).
APP_BANNER_COOKIE = "download-app-banner"
_ANDROID = re.compile(r"android", re.IGNORECASE)
_IOS = re.compile(r"iphone|ipad|ipod", re.IGNORECASE)


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


def menu_props(user: User) -> MenuProps:
    return {
        "areas": menus.area_entries(user),
        "learner": menus.learner_entries(user),
        "divider": menus.shows_divider(user),
        "shop_url": settings.SHOP_URL if user.is_shop_user else None,
    }


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
