from django.urls import URLPattern

app_name = "consent"
urlpatterns: list[URLPattern] = []
