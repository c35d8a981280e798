"""Shared props: what every page receives from the shell, and the shell's own pages."""

from typing import Literal, NotRequired, TypedDict

from app.accounts.props import AuthProps
from app.core.typegen import page_props, ts_export


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
