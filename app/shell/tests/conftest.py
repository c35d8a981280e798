import socket

import pytest

from app.accounts.tests.factories import make_user
from app.core.ssr_process import SsrProcess
from app.core.tests.helpers import log_in
from app.shell.models import Alert
from app.shell.tests.helpers import seed_demo


@pytest.fixture
def demo():
    """The demo accounts and catalogue of `manage.py seed_demo`."""
    seed_demo()


@pytest.fixture
def alert():
    """A published alert with a button, which visitors may close."""
    return Alert.objects.create(
        text_desktop="Przerwa techniczna w sobotę od 22:00 do 23:00.",
        text_mobile="Przerwa w sobotę 22–23.",
        button_label="Szczegóły",
        button_url="/p/regulamin",
        is_close_button=True,
        background_color="#7f1d1d",
        text_color="#ffffff",
    )


@pytest.fixture
def learner_page(live_server, page):
    """The browser of a logged-in learner, on the learner home."""
    log_in(page, live_server, make_user(email="ola@example.com"))
    page.goto(f"{live_server.url}/platforma")
    return page


@pytest.fixture(scope="module")
def ssr_process():
    """The SSR process (build/ssr/ssr.js) on a free port, for one test module."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = SsrProcess(port)
    process.start()
    assert process.wait_healthy(), "the SSR process did not start"
    yield process
    process.stop()
