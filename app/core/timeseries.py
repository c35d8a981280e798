"""Counts over time for the charts: the database groups rows by week or day (one query per
chart), and the days or weeks without a row are filled in here with zeros."""

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

from django.db.models import Count, QuerySet
from django.db.models.functions import TruncDate, TruncWeek
from django.utils import timezone

# The learner, team and pool charts look back this far.
ACTIVITY_WEEKS = 12
REDEMPTION_DAYS = 30


def as_date(value: date | datetime) -> date:
    """A truncated week or day as a calendar date: depending on the database and the
    truncation, rows hold a date or a (time-zone aware) datetime at midnight."""
    if isinstance(value, datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        return value.date()
    return value


def week_start(day: date) -> date:
    """The Monday of the day's week (the database's weeks are ISO weeks too)."""
    return day - timedelta(days=day.weekday())


def week_list(*, weeks: int = ACTIVITY_WEEKS, today: date | None = None) -> list[date]:
    """The Mondays of the last `weeks` weeks, the current one last."""
    this_week = week_start(today or timezone.localdate())
    return [this_week - timedelta(weeks=n) for n in range(weeks - 1, -1, -1)]


def day_list(*, days: int = REDEMPTION_DAYS, today: date | None = None) -> list[date]:
    """The last `days` days, today last."""
    last = today or timezone.localdate()
    return [last - timedelta(days=n) for n in range(days - 1, -1, -1)]


def day_begins(day: date) -> datetime:
    """The first moment of a calendar day in the platform's time zone."""
    return timezone.make_aware(datetime.combine(day, time.min))


def series_fill(
    *, keys: list[date], rows: Iterable[tuple[date | datetime, int]]
) -> list[tuple[date, int]]:
    """(day or week, count) for every key, in the keys' order: the counts of `rows`, and 0
    where no row fell (rows outside the keys are ignored)."""
    counts = dict.fromkeys(keys, 0)
    for when, count in rows:
        day = as_date(when)
        if day in counts:
            counts[day] += count
    return list(counts.items())


def _counts_over(
    rows: QuerySet, *, at: str, keys: list[date], trunc: type[TruncDate | TruncWeek]
) -> list[tuple[date, int]]:
    recent = rows.filter(**{f"{at}__gte": day_begins(keys[0])})
    counts = (
        recent.annotate(period=trunc(at))
        .order_by()
        .values("period")
        .annotate(n=Count("pk"))
        .values_list("period", "n")
    )
    return series_fill(keys=keys, rows=counts)


def weekly_counts(rows: QuerySet, *, at: str, today: date | None = None) -> list[tuple[date, int]]:
    """How many of `rows` fell in each of the last ACTIVITY_WEEKS weeks by their moment
    `at` (Monday, count), oldest first, weeks without any as 0: one query, grouped by week
    in the database."""
    return _counts_over(rows, at=at, keys=week_list(today=today), trunc=TruncWeek)


def daily_counts(rows: QuerySet, *, at: str, today: date | None = None) -> list[tuple[date, int]]:
    """How many of `rows` fell on each of the last REDEMPTION_DAYS days by their moment
    `at` (day, count), oldest first, days without any as 0: one query, grouped by day in
    the database."""
    return _counts_over(rows, at=at, keys=day_list(today=today), trunc=TruncDate)
