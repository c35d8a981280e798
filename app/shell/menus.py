"""The menus of the shell (docs/behaviour.md#menus), decided by role.

Entries carry a catalogue key, not a label: the page shows the text of its language.
"""

from django.conf import settings
from django.urls import reverse

from app.accounts.models import User
from app.core import roles
from app.core.admin_site import ADMIN_HOME
from app.shell.props import MenuEntry, MenuProps


def _entry(key: str, href: str, **flags: bool) -> MenuEntry:
    entry: MenuEntry = {"key": key, "href": href}
    entry.update(flags)  # type: ignore[typeddict-item]
    return entry


def area_entries(user: User) -> list[MenuEntry]:
    """The role areas this user may open, in menu order."""
    entries = []
    if user.has_any_role(roles.ADMIN_ROLES):
        # The menus' address of the panel, /admin: Django's admin adds its slash itself.
        entries.append(_entry("admin_panel", str(ADMIN_HOME).rstrip("/")))
    if user.has_any_role(roles.AUTHOR_ROLES):
        entries.append(_entry("author_panel", reverse("learning:author")))
    if user.has_any_role(roles.INSTITUTION_ROLES):
        entries.append(_entry("institution_panel", reverse("vouchers:institution")))
    if user.has_any_role(roles.MANAGER_ROLES):
        entries.append(_entry("manager_panel", reverse("teams:manager")))
    if user.has_any_role(roles.RESELLER_ROLES):
        key = "cloud_panel" if roles.is_cloud_panel(user.role_codes) else "reseller_panel"
        entries.append(_entry(key, reverse("vouchers:reseller")))
    return entries


def learner_entries(user: User) -> list[MenuEntry]:
    """The learner area's pages, for every logged-in user, some by flag."""
    entries = [
        _entry("courses", reverse("learning:my_courses")),
        _entry("exams", reverse("learning:exams")),
        _entry("interview_questions", reverse("learning:interview_questions")),
        _entry("favourites", reverse("learning:favourites")),
        _entry("notes", reverse("learning:notes")),
        _entry("certificates", reverse("learning:certificates")),
    ]
    if user.is_shop_user:
        entries.append(_entry("progress", reverse("learning:progress")))
    entries.append(
        _entry("profile", reverse("learning:profile"), warning=not user.is_profile_public)
    )
    if user.is_student:
        # Cloud customers' learners see the entry without its team label.
        entries.append(
            _entry("team", reverse("teams:student"), hide_label=roles.Role.CLOUD in user.role_codes)
        )
    if user.is_shop_user:
        entries.append(_entry("back_to_shop", settings.SHOP_URL, external=True))
    return entries


def shows_divider(user: User) -> bool:
    return user.has_any_role(
        {roles.Role.INSTITUTION, roles.Role.ADMIN, roles.Role.RESELLER, roles.Role.CLOUD}
    )


def menu_props(user: User) -> MenuProps:
    return {
        "areas": area_entries(user),
        "learner": learner_entries(user),
        "divider": shows_divider(user),
        "shop_url": settings.SHOP_URL if user.is_shop_user else None,
    }
