"""Query pieces every area's selectors share."""

import threading
from collections.abc import Callable
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db import connections, router
from django.db.backends.utils import CursorWrapper
from django.db.models import Aggregate, Count, IntegerField, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce


def subquery_aggregate(
    *, queryset: QuerySet, group_by: str, aggregate: Aggregate | None = None
) -> Coalesce:
    """COUNT(*) (or `aggregate`) of a queryset filtered on an OuterRef, 0 where it has no rows."""
    # A correlated subquery: one query for a whole list, not one per row.
    counted = queryset.order_by().values(group_by).annotate(n=aggregate or Count("pk")).values("n")
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


def planned_cursor(alias: str) -> CursorWrapper:
    """A cursor for a statement every request runs: on PostgreSQL the database plans it
    once per connection (app/core/postgresql/base.py), elsewhere an ordinary cursor."""
    connection = connections[alias]
    planned = getattr(connection, "planned_cursor", None)
    return planned() if planned is not None else connection.cursor()


class CompiledQuery:
    """A query composed by the ORM once per database and run again with other values.

    Composing a query with joins, EXISTS subqueries and annotations costs Django's ORM
    0.5-2 ms of CPU every time, several times what the database takes to answer it; the
    hottest reads (a voucher's redemption, the team page's access check) pay it once per
    process. `build(**placeholders)` returns the queryset for placeholder values that
    occur nowhere else in its statement (ids no row has, marked strings); each run puts
    the real values where the placeholders were.

    Only Django's public query API is used: the compiler's `as_sql()`, its `select` and
    its converters (`get_converters`, `apply_converters`, as every queryset applies them)
    and `Model.from_db`. A placeholder that does not come out among the statement's
    parameters as it went in is refused at once, and app/core/tests/test_queries.py
    fails when Django's composing changes underneath.
    """

    def __init__(self, build: Callable[..., QuerySet[Any]], **placeholders: Any) -> None:
        self._build = build
        self._placeholders = placeholders
        self._statements: dict[str, _Statement] = {}
        self._lock = threading.Lock()
        self._model: Any = None

    def _statement(self, alias: str | None = None) -> "_Statement":
        if self._model is None:
            self._model = self._build(**self._placeholders).model
        alias = alias or router.db_for_read(self._model)
        found = self._statements.get(alias)
        if found is None:
            found = _Statement.compile(self._build(**self._placeholders), alias, self._placeholders)
            with self._lock:
                self._statements[alias] = found
        return found

    def rows(self, **values: Any) -> list[dict[str, Any]]:
        """The rows the queryset would give for `values`, converted as the ORM converts
        them: each a dict of its columns (a model field by its attname, an annotation by
        its name)."""
        if values.keys() != self._placeholders.keys():
            raise TypeError(f"values for {sorted(self._placeholders)} expected")
        return self._statement().run(values)

    def part(self, alias: str) -> tuple[str, list[str]]:
        """The statement for the database `alias` and the names of its columns, to be run
        as a part of another statement (a WITH's): its values from `part_params`."""
        statement = self._statement(alias)
        return statement.sql, statement.names

    def part_params(self, alias: str, **values: Any) -> list[Any]:
        """The parameters of `part(alias)` for `values` (the rows are not converted)."""
        if values.keys() != self._placeholders.keys():
            raise TypeError(f"values for {sorted(self._placeholders)} expected")
        return self._statement(alias).params_for(values)

    def instances(self, **values: Any) -> list[Any]:
        """The model instances the queryset would give for `values`, its annotations as
        attributes (no select_related: read a related object's columns as annotations)."""
        statement = self._statement()
        model, alias, fields = self._model, statement.alias, statement.model_fields
        found = []
        for row in self.rows(**values):
            instance = model.from_db(alias, fields, [row[name] for name in fields])
            for name in statement.annotations:
                setattr(instance, name, row[name])
            found.append(instance)
        return found


class _Statement:
    """One database's statement of a CompiledQuery."""

    def __init__(self, **parts: Any) -> None:
        self.alias: str = parts["alias"]
        self.sql: str = parts["sql"]
        self.params: list[Any] = parts["params"]
        self.slots: dict[int, str] = parts["slots"]
        self.names: list[str] = parts["names"]
        self.model_fields: list[str] = parts["model_fields"]
        self.annotations: list[str] = parts["annotations"]
        self.compiler: Any = parts["compiler"]
        self.converters: Any = parts["converters"]

    @classmethod
    def compile(cls, queryset: QuerySet[Any], alias: str, placeholders: dict[str, Any]):
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        slots = {
            index: name
            for index, param in enumerate(params)
            for name, placeholder in placeholders.items()
            if type(param) is type(placeholder) and param == placeholder
        }
        missing = set(placeholders) - set(slots.values())
        if missing:
            raise ImproperlyConfigured(f"placeholders {missing} are not in: {sql}")
        names, model_fields, annotations = [], [], []
        for expression, _sql, name in compiler.select[: compiler.col_count]:
            if name is None:
                name = expression.target.attname
                model_fields.append(name)
            else:
                annotations.append(name)
            names.append(name)
        expressions = [column[0] for column in compiler.select[: compiler.col_count]]
        return cls(
            alias=alias,
            sql=sql,
            params=list(params),
            slots=slots,
            names=names,
            model_fields=model_fields,
            annotations=annotations,
            compiler=compiler,
            converters=compiler.get_converters(expressions),
        )

    def params_for(self, values: dict[str, Any]) -> list[Any]:
        return [
            values[self.slots[index]] if index in self.slots else param
            for index, param in enumerate(self.params)
        ]

    def run(self, values: dict[str, Any]) -> list[dict[str, Any]]:
        with planned_cursor(self.alias) as cursor:
            cursor.execute(self.sql, self.params_for(values))
            rows = cursor.fetchall()
        if self.converters:
            rows = list(self.compiler.apply_converters(rows, self.converters))
        return [dict(zip(self.names, row, strict=True)) for row in rows]
