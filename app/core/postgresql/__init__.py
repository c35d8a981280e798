"""Django's PostgreSQL backend with a health check that costs no round trip on a healthy
connection (app/core/postgresql/base.py)."""
