"""One way to split a long list into pages: `?strona=<n>`, two queries whatever the size."""

from typing import Any, TypedDict

from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, QueryDict

from app.core.requests import parse_id
from app.core.typegen import ts_export

PAGE_PARAM = "strona"


@ts_export
class PaginationProps(TypedDict):
    page: int
    pages: int
    total: int
    previous_url: str | None
    next_url: str | None


def _url(request: HttpRequest, param: str, number: int) -> str:
    query: QueryDict = request.GET.copy()
    query[param] = str(number)
    return f"{request.path}?{query.urlencode()}"


def page_number_parse(*, request: HttpRequest, param: str = PAGE_PARAM) -> int:
    """The page number asked for; anything not a positive number reads as 1 (never raises)."""
    # A number past the end is left for the paginator to bring back to the last page.
    return parse_id(request.GET.get(param)) or 1


def queryset_paginate(
    *, request: HttpRequest, queryset: QuerySet, per_page: int, param: str = PAGE_PARAM
) -> tuple[list[Any], PaginationProps]:
    """The requested page of an ordered queryset, odd numbers read as the nearest real page."""
    # A missing, malformed or out-of-range number is never an error for the visitor.
    page = Paginator(queryset, per_page).get_page(page_number_parse(request=request, param=param))
    return list(page.object_list), {
        "page": page.number,
        "pages": page.paginator.num_pages,
        "total": page.paginator.count,
        "previous_url": _url(request, param, page.number - 1) if page.has_previous() else None,
        "next_url": _url(request, param, page.number + 1) if page.has_next() else None,
    }
