"""Platforma's routes plus the bare view the benchmark compares pages with, and the
middleware that tells the benchmark how many SQL queries a page ran."""

from collections.abc import Callable

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.urls import path

from app.core.redis_cache import redis_round_trips
from app.urls import handler400, handler403, handler404, handler500
from app.urls import urlpatterns as app_urlpatterns

__all__ = [
    "QueryCountMiddleware",
    "handler400",
    "handler403",
    "handler404",
    "handler500",
    "urlpatterns",
]


class QueryCountMiddleware:
    """Outermost: answers with X-Bench-Queries, the number of SQL statements the request
    ran, and X-Bench-Redis, its round trips to Redis."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        count = 0

        def counted(execute, sql, params, many, context):
            nonlocal count
            count += 1
            return execute(sql, params, many, context)

        round_trips = redis_round_trips()
        with connection.execute_wrapper(counted):
            response = self.get_response(request)
        response["X-Bench-Queries"] = str(count)
        response["X-Bench-Redis"] = str(redis_round_trips() - round_trips)
        return response


def bare(request: HttpRequest) -> HttpResponse:
    """Does nothing but answer: what the middleware and the server cost on their own."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [path("__bench__/bare", bare), *app_urlpatterns]
