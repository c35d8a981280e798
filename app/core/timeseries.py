"""Counts over time for the charts: the database groups rows by week or day (one query per
chart), and the days or weeks without a row are filled in here with zeros."""

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

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
