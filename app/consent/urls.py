from django.urls import path

from app.consent import views

app_name = "consent"
urlpatterns = [
    path("consent_management_log", views.log, name="log"),
    path("page/get_privacy_policy", views.privacy_policy, name="privacy_policy"),
    path("zgody", views.save, name="save"),
    path("zgody/historia", views.history, name="history"),
    path("zgody/newsletter", views.newsletter, name="newsletter"),
]
