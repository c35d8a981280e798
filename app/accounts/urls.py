from django.urls import path

from app.accounts import views

# The accounts' JSON calls (the username check, the mobile app's) are operations of the
# API (app/accounts/api.py); app/urls.py lists the pages' ones under this namespace.
app_name = "accounts"

urlpatterns = [
    path("login", views.login, name="login"),
    path("login/register", views.register, name="register"),
    # The login's second step and the passkey login (docs/behaviour.md#second-factors).
    path("login/weryfikacja", views.mfa_authenticate, name="mfa_authenticate"),
    path("login/weryfikacja/anuluj", views.mfa_authenticate_cancel, name="mfa_authenticate_cancel"),
    path("login/klucz", views.passkey_login, name="passkey_login"),
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
    # The second factors of the account, behind a recent password (before the learning
    # app's catch-all, like the deletion request).
    path("platforma/profil/potwierdz-haslo", views.reauthenticate, name="reauthenticate"),
    path("platforma/profil/logowanie-dwuetapowe", views.mfa_factors, name="mfa_factors"),
    path("platforma/profil/logowanie-dwuetapowe/aplikacja", views.mfa_totp, name="mfa_totp"),
    path("platforma/profil/logowanie-dwuetapowe/klucz", views.mfa_passkey, name="mfa_passkey"),
    path(
        "platforma/profil/logowanie-dwuetapowe/kody",
        views.mfa_recovery_codes,
        name="mfa_recovery_codes",
    ),
    path(
        "platforma/profil/logowanie-dwuetapowe/<int:factor_id>/usun",
        views.mfa_factor_remove,
        name="mfa_factor_remove",
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
