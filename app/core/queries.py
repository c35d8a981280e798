"""Query pieces every area's selectors share."""

from django.db.models import Aggregate, Count, IntegerField, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce


def subquery_aggregate(
    *, queryset: QuerySet, group_by: str, aggregate: Aggregate | None = None
) -> Coalesce:
    """COUNT(*) (or `aggregate`) of a queryset filtered on an OuterRef, 0 where it has no rows."""
    # A correlated subquery: one query for a whole list, not one per row.
    counted = queryset.order_by().values(group_by).annotate(n=aggregate or Count("pk")).values("n")
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))
