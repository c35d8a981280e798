"""Sessions in the database (SESSION_ENGINE = "app.core.sessions.db")."""

from django.contrib.sessions.backends import db

from app.core.sessions import PreparedLoad


class SessionStore(PreparedLoad, db.SessionStore):
    pass
