"""What the accounts' e-mails share: absolute links, and the e-mail of a one-time link."""

from datetime import timedelta
from typing import Any

from django.conf import settings

from app.accounts.models import User
from app.core.tasks import send_email


def absolute_url(path: str) -> str:
    """`path` on the configured public address: e-mailed links never use the request's
    Host header."""
    return f"{settings.SITE_URL}{path}"


def account_email_send(
    *, user: User, template: str, context: dict[str, Any], key: str, to: str | None = None
) -> None:
    """E-mail the owner of `user` (at `to`, else the account's address) in the account's
    language, greeting them by the name they go by; `key` as send_email's."""
    send_email(
        template=template,
        to=to or user.email,
        language=user.language,
        context={"first_name": user.shown_first_name, **context},
        key=key,
    )


def link_email_send(*, user: User, template: str, url: str, lifetime: timedelta, key: str) -> None:
    """E-mail `user` a one-time link `url`, saying how many hours it works."""
    account_email_send(
        user=user,
        template=template,
        context={"url": url, "hours": int(lifetime.total_seconds() // 3600)},
        key=key,
    )
