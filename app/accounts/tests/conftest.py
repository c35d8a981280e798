import pytest

from app.accounts import login_throttle


@pytest.fixture
def waits(monkeypatch):
    """The delays the login throttle would have made an answer wait, recorded, not slept."""
    recorded: list[float] = []
    monkeypatch.setattr(login_throttle, "sleep", recorded.append)
    return recorded
