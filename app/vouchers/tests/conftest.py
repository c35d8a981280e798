import pytest

from app.accounts.tests.factories import logged_in
from app.vouchers import services


@pytest.fixture
def institution(client):
    """An institution's account logged in on the test client."""
    return logged_in(client, roles=["INSTITUTION"])


@pytest.fixture(params=["one statement", "in steps"])
def writes(request, monkeypatch):
    """A redemption test that uses it runs with the writes as PostgreSQL makes them (one
    statement) and as SQLite, the embedded default, makes them (the ORM, in steps). On
    SQLite both runs take the steps."""
    if request.param == "in steps":
        monkeypatch.setattr(services, "ONE_STATEMENT_VENDORS", frozenset())
    return request.param
