"""What the accounts' e-mails share: absolute links, and the e-mail of a one-time link."""

from datetime import timedelta

from django.conf import settings

from app.accounts.models import User
from app.core.tasks import send_email


def absolute_url(path: str) -> str:
    """`path` on the configured public address: e-mailed links never use the request's
    Host header."""
    return f"{settings.SITE_URL}{path}"


def link_email_send(*, user: User, template: str, url: str, lifetime: timedelta, key: str) -> None:
    """E-mail `user` a one-time link `url`, saying how many hours it works."""
    send_email(
        template=template,
        to=user.email,
        language=user.language,
        context={
            "first_name": user.shown_first_name,
            "url": url,
            "hours": int(lifetime.total_seconds() // 3600),
        },
        key=key,
    )
