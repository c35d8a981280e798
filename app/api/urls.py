"""The API's operations as URL patterns, each under the namespace of the app it belongs to
(app/urls.py adds the pages' calls to their app's namespace), and the app's calls with
the OpenAPI document and docs under `api`.

Every operation's view is marked as a JSON call (app.core.requests.is_json_call), so
whatever refuses it before or after the API runs (the body limits, the trailing-slash
404, an outage while the session is read) answers in the error body. Ninja's plain-text
405 for another method is given the error body here too.
"""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.urls import URLPattern, URLResolver, include, path

from app.api.api import API_NAMESPACE, api
from app.core.errors import json_error
from app.core.requests import mark_json_call

_patterns, _app_name, _namespace = api.urls


def _operation_view(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    @wraps(view)
    def operation(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = view(request, *args, **kwargs)
        if response.status_code == 405:
            refused = json_error(status=405)
            refused["Allow"] = response["Allow"]
            return refused
        return response

    return mark_json_call(operation)


def operations(namespace: str) -> list[URLPattern]:
    """The URL patterns of the operations named in `namespace`, under their own names."""
    found = []
    for entry in _patterns:
        owner, _colon, name = (getattr(entry, "name", None) or "").partition(":")
        if isinstance(entry, URLPattern) and owner == namespace and name:
            found.append(path(str(entry.pattern), _operation_view(entry.callback), name=name))
    return found


def _documents() -> list[URLPattern]:
    # The OpenAPI document and the docs; ninja's redirect of its root to the docs is left
    # out (the root of this API is the site's).
    return [
        entry
        for entry in _patterns
        if isinstance(entry, URLPattern) and entry.name in ("openapi-json", "openapi-view")
    ]


def _unknown_call(request: HttpRequest, rest: str) -> HttpResponseBase:
    raise Http404


# Included last in app/urls.py: any other address under /api/ is an unknown call, answered
# 404 in the error body.
urlpatterns: list[URLResolver] = [
    path(
        "",
        include(
            (
                [
                    *_documents(),
                    *operations(API_NAMESPACE),
                    path("api/<path:rest>", mark_json_call(_unknown_call), name="unknown"),
                ],
                _app_name,
            ),
            namespace=_namespace,
        ),
    )
]
