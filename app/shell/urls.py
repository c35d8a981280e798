from django.urls import path

from app.shell import views

# The shell's JSON calls (alerts, version, notifications) are operations of the API
# (app/shell/api.py), listed under this namespace by app/urls.py.

app_name = "shell"

urlpatterns = [
    path("sw.js", views.service_worker, name="service_worker"),
    path("jezyk", views.set_language, name="set_language"),
    path("p/regulamin", views.site_page, {"slug": "regulamin"}, name="terms"),
    path(
        "p/polityka-prywatnosci", views.site_page, {"slug": "polityka-prywatnosci"}, name="privacy"
    ),
    path("p/<slug:slug>", views.site_page, name="page"),
]
