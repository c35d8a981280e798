from django.urls import path

from app.teams import views

app_name = "teams"

urlpatterns = [
    # The learner's team page, under the learner area's address (included before the
    # learning app, whose catch-all would answer it first: app/urls.py).
    path("platforma/student", views.student, name="student"),
    path("twoj_zespol", views.invitation, name="invitation"),
    path("twoj_zespol/wyloguj", views.invitation_logout, name="invitation_logout"),
    path("manager", views.manager, name="manager"),
    path("manager/zespol/<int:team_id>", views.manager_team, name="team"),
    path("manager/zespol/<int:team_id>/zaproszenia", views.invite, name="invite"),
    path(
        "manager/zespol/<int:team_id>/postepy.csv",
        views.team_progress_csv,
        name="team_progress_csv",
    ),
    path(
        "manager/zespol/<int:team_id>/zaproszenia/<int:invitation_id>/wyslij-ponownie",
        views.invitation_resend,
        name="invitation_resend",
    ),
    path(
        "manager/zespol/<int:team_id>/zaproszenia/<int:invitation_id>/wycofaj",
        views.invitation_revoke,
        name="invitation_revoke",
    ),
    path("manager/<path:rest>", views.manager_not_found),
]
