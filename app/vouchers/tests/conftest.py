import pytest

from app.accounts.tests.factories import logged_in


@pytest.fixture
def institution(client):
    """An institution's account logged in on the test client."""
    return logged_in(client, roles=["INSTITUTION"])
