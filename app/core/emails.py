"""E-mails: rendering one in the recipient's language (sending: app.core.tasks.send_email).

Templates live in templates/emails/<language>/<name>.subject.txt, <name>.txt and
<name>.html (the HTML ones extend emails/base.html); every name exists in every language.
"""

from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import translation


def render_email(
    *, template: str, language: str, context: dict[str, Any]
) -> EmailMultiAlternatives:
    language = language if language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
    context = {"site_url": settings.SITE_URL, "support_email": settings.SUPPORT_EMAIL, **context}
    with translation.override(language):
        prefix = f"emails/{language}/{template}"
        subject = " ".join(render_to_string(f"{prefix}.subject.txt", context).split())
        text = render_to_string(f"{prefix}.txt", context)
        html = render_to_string(f"{prefix}.html", context)
    message = EmailMultiAlternatives(
        subject=subject, body=text, from_email=settings.DEFAULT_FROM_EMAIL
    )
    message.attach_alternative(html, "text/html")
    return message
