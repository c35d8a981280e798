"""Platforma's routes plus one that fails, for the 500 handling tests."""

from django.urls import path

from app.urls import handler400, handler403, handler404, handler500, urlpatterns

__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]


def broken(request):
    raise RuntimeError("simulated failure")


urlpatterns = [path("__broken__", broken), *urlpatterns]  # type: ignore[list-item]
