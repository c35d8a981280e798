from django.urls import path

from app.core import health, views

app_name = "core"

urlpatterns = [
    path("", views.home, name="home"),
    # Answered by app.core.health.HealthProbeMiddleware before any other middleware.
    path("health/live", health.live, name="health_live"),
    path("health/ready", health.ready, name="health_ready"),
]
