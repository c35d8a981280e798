from pathlib import Path

import pytest
from django.conf import settings
from django.core import mail

from app.core.models import EmailOutbox
from app.core.tasks import send_email, send_templated_email

TEST_TEMPLATES = Path(__file__).parent / "templates"


@pytest.fixture
def sample_templates(settings):
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [TEST_TEMPLATES, *settings.TEMPLATES[0]["DIRS"]]}
    ]


@pytest.mark.django_db(transaction=True)
def test_email_goes_out_after_commit_in_the_recipients_language(sample_templates):
    send_email(
        template="sample", to="ola@example.com", language="en", context={"name": "Ola"}, key="k1"
    )

    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ola@example.com"]
    assert message.subject == "Hello, Ola"
    assert message.body.strip() == "Hi Ola, this is a test message."
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html"
    assert "Hi Ola, this is a test message." in html
    assert settings.SUPPORT_EMAIL in html


@pytest.mark.django_db
def test_the_same_email_is_sent_once_even_when_the_task_runs_twice(sample_templates):
    arguments = {
        "template": "sample",
        "to": "a@example.com",
        "language": "pl",
        "context": {"name": "Jan"},
    }
    assert send_templated_email(**arguments, key="once") == "sent"
    assert send_templated_email(**arguments, key="once") == "already sent"

    assert [m.subject for m in mail.outbox] == ["Witaj, Jan"]
    row = EmailOutbox.objects.get(key="once")
    assert row.sent_at is not None
    assert row.context == {}


@pytest.mark.django_db
def test_unknown_language_falls_back_to_polish(sample_templates):
    send_templated_email(
        template="sample", to="a@example.com", language="xx", context={"name": "Jan"}, key="x"
    )
    assert mail.outbox[0].subject == "Witaj, Jan"


def test_every_email_template_exists_in_every_language_with_all_parts():
    root = Path(settings.BASE_DIR) / "templates" / "emails"
    languages = [code for code, _name in settings.LANGUAGES]
    names = {
        path.name.split(".")[0]
        for language in languages
        for path in (root / language).glob("*.*")
        if not path.name.startswith(".")
    }
    for name in names:
        for language in languages:
            for part in ("subject.txt", "txt", "html"):
                assert (root / language / f"{name}.{part}").exists(), f"{language}/{name}.{part}"
