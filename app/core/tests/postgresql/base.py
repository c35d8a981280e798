"""The test run's PostgreSQL backend (ENGINE "app.core.tests.postgresql", app/settings_test.py):
Platforma's own (app/core/postgresql), whose flush empties the tables with DELETE.

Django empties the database after every test that commits (the browser tests and the
other transactional ones) with one TRUNCATE of every table. TRUNCATE gives each table and
index a new file and waits for the commit to reach the disk: 0.6-0.75 s of a test here,
for tables that hold a few dozen rows. DELETE of the same rows took 0.08 s. Foreign keys
are deferred until the commit, as Django creates them, so the order of the tables does
not matter. As TRUNCATE did, the flush first waits for every transaction still writing
to a table and keeps new writers out until it commits (SHARE ROW EXCLUSIVE), so no row a
server was inserting meanwhile survives into the next test. A flush that must also reset
the sequences, or cascade to tables it does not list, is left to Django's TRUNCATE.
"""

from django.db.backends.postgresql.operations import DatabaseOperations as PostgresOperations

from app.core.postgresql.base import DatabaseWrapper as PlatformaDatabaseWrapper


class DatabaseOperations(PostgresOperations):
    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if not tables or reset_sequences or allow_cascade:
            return super().sql_flush(
                style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        listed = ", ".join(style.SQL_FIELD(self.quote_name(table)) for table in tables)
        return [
            f"{style.SQL_KEYWORD('SET CONSTRAINTS ALL DEFERRED')};",
            f"{style.SQL_KEYWORD('LOCK TABLE')} {listed} "
            f"{style.SQL_KEYWORD('IN SHARE ROW EXCLUSIVE MODE')};",
            *(
                f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))};"
                for table in tables
            ),
        ]


class DatabaseWrapper(PlatformaDatabaseWrapper):
    ops_class = DatabaseOperations
