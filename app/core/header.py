"""Which header variant a page uses (docs/behaviour.md#header-variant)."""

import re
from collections.abc import Callable

from django.http import HttpRequest

DEFAULT_HEADER = "default"
ADMIN_HEADER = "admin"
# Editing screens of courses, exams, products, cards and interview questions.
_ADMIN_HEADER_PATH = re.compile(r"^/(?:course|exam|product|card|interview-questions)/\d")


def header_type(kind: str) -> Callable:
    """Route data: mark a view with the header variant its page uses."""

    def decorator(view: Callable) -> Callable:
        view.header_type = kind  # type: ignore[attr-defined]
        return view

    return decorator


def header_type_for(request: HttpRequest) -> str:
    if _ADMIN_HEADER_PATH.match(request.path):
        return ADMIN_HEADER
    match = request.resolver_match
    return getattr(match.func, "header_type", DEFAULT_HEADER) if match else DEFAULT_HEADER
