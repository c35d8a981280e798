"""The menus (docs/behaviour.md#menus): every entry, its path and its role rule."""

import pytest

from app.accounts.tests.factories import make_user
from app.core.roles import Role
from app.shell.menus import menu_props
from app.shell.tests.helpers import menu_keys

pytestmark = pytest.mark.django_db

LEARNER = [
    ("courses", "/platforma/moje_kursy"),
    ("exams", "/platforma/egzamin"),
    ("interview_questions", "/platforma/pytania-rekrutacyjne"),
    ("favourites", "/platforma/ulubione"),
    ("notes", "/platforma/notatki"),
    ("certificates", "/platforma/certyfikaty"),
    ("profile", "/platforma/profil"),
]


@pytest.mark.parametrize(
    ("roles", "areas", "divider"),
    [
        ([], [], False),
        ([Role.ADMIN], [("admin_panel", "/admin")], True),
        ([Role.SUPER_ADMIN], [("admin_panel", "/admin")], False),
        ([Role.AUTHOR], [("author_panel", "/author")], False),
        ([Role.INSTITUTION], [("institution_panel", "/instytucja")], True),
        ([Role.MANAGER], [("manager_panel", "/manager")], False),
        ([Role.MANAGER_LEADER], [("manager_panel", "/manager")], False),
        ([Role.RESELLER], [("reseller_panel", "/reseller")], True),
        ([Role.CLOUD], [("cloud_panel", "/reseller")], True),
        (
            [Role.ADMIN, Role.AUTHOR, Role.INSTITUTION, Role.MANAGER, Role.RESELLER],
            [
                ("admin_panel", "/admin"),
                ("author_panel", "/author"),
                ("institution_panel", "/instytucja"),
                ("manager_panel", "/manager"),
                ("reseller_panel", "/reseller"),
            ],
            True,
        ),
    ],
)
def test_role_entries_and_the_divider(roles, areas, divider):
    menu = menu_props(make_user(roles=roles, is_profile_public=True))
    assert menu_keys(menu["areas"]) == areas
    assert menu["divider"] is divider
    assert menu_keys(menu["learner"]) == LEARNER


def test_shop_users_get_progress_and_the_way_back_to_the_shop(settings):
    menu = menu_props(make_user(is_shop_user=True, is_profile_public=True))
    assert menu_keys(menu["learner"]) == [
        *LEARNER[:6],
        ("progress", "/platforma/postepy"),
        LEARNER[6],
        ("back_to_shop", settings.SHOP_URL),
    ]
    assert menu["learner"][-1]["external"] is True
    assert menu["shop_url"] == settings.SHOP_URL
    assert menu_props(make_user())["shop_url"] is None


def test_team_entry_only_for_students_and_without_label_for_cloud():
    student = menu_props(make_user(is_student=True))["learner"]
    assert student[-1] == {"key": "team", "href": "/platforma/student", "hide_label": False}
    cloud = menu_props(make_user(is_student=True, roles=[Role.CLOUD]))["learner"]
    assert cloud[-1]["hide_label"] is True
    assert "team" not in [e["key"] for e in menu_props(make_user())["learner"]]


def test_profile_warns_when_the_profile_is_not_public():
    assert menu_props(make_user(is_profile_public=False))["learner"][6]["warning"] is True
    assert menu_props(make_user(is_profile_public=True))["learner"][6]["warning"] is False
