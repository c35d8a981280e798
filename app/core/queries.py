"""Query pieces every area's selectors share."""

from django.db.models import Aggregate, Count, IntegerField, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce


def aggregate_of(queryset: QuerySet, group_by: str, aggregate: Aggregate | None = None) -> Coalesce:
    """An aggregate of `queryset` (already filtered on an OuterRef), COUNT(*) unless told,
    as a correlated subquery: one query for a whole list, 0 where there are no rows."""
    counted = queryset.order_by().values(group_by).annotate(n=aggregate or Count("pk")).values("n")
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))
