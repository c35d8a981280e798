from django.urls import path

from app.accounts import views

# The accounts' JSON calls (the username check, the mobile app's) are operations of the
# API (app/accounts/api.py); app/urls.py lists the pages' ones under this namespace.
app_name = "accounts"

urlpatterns = [
    path("login", views.login, name="login"),
    path("login/register", views.register, name="register"),
    path("logout", views.logout, name="logout"),
    path("session", views.session_logout, name="session_logout"),
    path("session/<str:hash>/<slug:path>", views.session_link, name="session_link"),
    path(
        "session/<str:hash>/<slug:path>/<int:course_id>",
        views.session_link,
        name="session_link_course",
    ),
    path("konto/usun/<str:hash>", views.account_deletion, name="account_deletion"),
    path("konto/potwierdz-email/<str:key>", views.email_confirm, name="email_confirm"),
    path("konto/przywroc/<str:hash>", views.account_restore, name="account_restore"),
    path("konto/dane/<str:hash>", views.data_export, name="data_export"),
    # Included before the learning app, whose catch-all would answer this path first.
    path(
        "platforma/profil/usun-konto",
        views.account_deletion_request,
        name="account_deletion_request",
    ),
    # Ends one session of the mobile app, from the profile page (before the learning
    # app's catch-all, like the deletion request).
    path(
        "platforma/profil/sesje-aplikacji/<int:token_id>/zakoncz",
        views.app_session_end,
        name="app_session_end",
    ),
    path(
        "platforma/profil/eksport-danych",
        views.data_export_request,
        name="data_export_request",
    ),
    path("p/haslo/przypomnij", views.password_reminder, name="password_reminder"),
    path("p/haslo/nowe/<str:key>", views.password_reset, name="password_reset"),
    path("thehero_piwnica", views.admin_login, name="admin_login"),
    path("thehero_piwnica/remind", views.admin_reminder, name="admin_reminder"),
]
