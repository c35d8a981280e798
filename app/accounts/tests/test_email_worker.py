"""An account e-mail goes through Redis to a real Celery worker process, which renders it
in the user's language, sends it, and records it once."""

import time

import pytest
from django.conf import settings

from app.accounts import services
from app.accounts.tests.factories import make_user
from app.core.models import EmailOutbox

# The worker set-up of the foundation's worker test, reused as it is.
from app.core.tests.test_celery_worker import worker  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def worker_env(monkeypatch, tmp_path):
    """Point the worker (started after this fixture) at this test's database and at a
    mail folder of its own; its settings write e-mails there as files."""
    database = settings.DATABASES["default"]
    url = (
        f"postgres://{database['USER']}:{database['PASSWORD']}@{database['HOST']}:"
        f"{database['PORT']}/{database['NAME']}"
    )
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("MAIL_DIR", str(tmp_path))
    return tmp_path


def test_a_session_link_email_is_sent_by_a_real_worker(worker_env, worker, not_eager):  # noqa: F811
    user = make_user(email="ola@example.com", first_name="ola", language="en")

    link = services.session_link_send(user=user, path="moje_kursy")

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        sent = EmailOutbox.objects.filter(key=f"session-link:{link.pk}").first()
        if sent is not None and sent.sent_at is not None:
            break
        time.sleep(0.2)
    else:
        output = worker.stdout.read1().decode() if worker.poll() is not None else ""
        pytest.fail(f"the worker sent no e-mail within 60 s {output}")

    assert (sent.template, sent.to, sent.language) == ("session_link", "ola@example.com", "en")
    [mail_file] = list(worker_env.iterdir())
    content = mail_file.read_text()
    assert "Subject: Your Platforma login link" in content
    assert "To: ola@example.com" in content
    assert f"{settings.SITE_URL}/session/" in content
