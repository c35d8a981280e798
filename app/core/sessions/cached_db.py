"""Sessions in the cache in front of the database (SESSION_ENGINE =
"app.core.sessions.cached_db")."""

from django.contrib.sessions.backends import cached_db

from app.core.sessions import PreparedLoad


class SessionStore(PreparedLoad, cached_db.SessionStore):
    pass
