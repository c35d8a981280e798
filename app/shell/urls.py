from django.urls import path

from app.shell import views

app_name = "shell"

urlpatterns = [
    path("api/alerts", views.alerts, name="alerts"),
    path("api/version", views.version, name="version"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("api/notifications", views.notifications, name="notifications"),
    path("api/notifications/read", views.notifications_read, name="notifications_read"),
    path("jezyk", views.set_language, name="set_language"),
    path("p/regulamin", views.site_page, {"slug": "regulamin"}, name="terms"),
    path(
        "p/polityka-prywatnosci", views.site_page, {"slug": "polityka-prywatnosci"}, name="privacy"
    ),
    path("p/<slug:slug>", views.site_page, name="page"),
]
