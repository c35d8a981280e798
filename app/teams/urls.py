import re

from django.urls import path

from app.teams import views

app_name = "teams"

# The pages of one team for its managers; the first checks access with what the session's
# query read (app/teams/apps.py).
TEAM_PAGES = "manager/zespol/"

urlpatterns = [
    # The learner's team page, under the learner area's address (included before the
    # learning app, whose catch-all would answer it first: app/urls.py).
    path("platforma/student", views.student, name="student"),
    path("twoj_zespol", views.invitation, name="invitation"),
    path("twoj_zespol/wyloguj", views.invitation_logout, name="invitation_logout"),
    path("manager", views.manager, name="manager"),
    path(f"{TEAM_PAGES}<int:team_id>", views.manager_team, name="team"),
    path(f"{TEAM_PAGES}<int:team_id>/zaproszenia", views.invite, name="invite"),
    path(
        f"{TEAM_PAGES}<int:team_id>/postepy.csv",
        views.team_progress_csv,
        name="team_progress_csv",
    ),
    path(
        f"{TEAM_PAGES}<int:team_id>/zaproszenia/<int:invitation_id>/wyslij-ponownie",
        views.invitation_resend,
        name="invitation_resend",
    ),
    path(
        f"{TEAM_PAGES}<int:team_id>/zaproszenia/<int:invitation_id>/wycofaj",
        views.invitation_revoke,
        name="invitation_revoke",
    ),
    path("manager/<path:rest>", views.manager_not_found),
]

_TEAM_PAGE = re.compile(rf"/{TEAM_PAGES}\d+")


def team_manager_path(path: str) -> bool:
    """Whether a request's `path` is a team's page for its managers, the one page that
    checks access with what the session read (the app's pages are served from the root;
    mounted elsewhere, it asks with a query of its own)."""
    return _TEAM_PAGE.fullmatch(path) is not None
