"""Platforma's routes plus the bare view the benchmark compares pages with."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from app.urls import handler400, handler403, handler404, handler500
from app.urls import urlpatterns as app_urlpatterns

__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]


def bare(request: HttpRequest) -> HttpResponse:
    """Does nothing but answer: what the middleware and the server cost on their own."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [path("__bench__/bare", bare), *app_urlpatterns]
