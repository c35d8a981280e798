"""Props of the pages every area shares."""

from datetime import date
from typing import TypedDict

from app.core.typegen import page_props, ts_export


@page_props("Errors/Error")
class ErrorPageProps(TypedDict):
    status: int
    message: str


@ts_export
class DateCount(TypedDict):
    """One point of a chart over time: a day (or the Monday of a week) and its count."""

    date: str
    count: int


def date_counts(series: list[tuple[date, int]]) -> list[DateCount]:
    return [{"date": day.isoformat(), "count": count} for day, count in series]
