"""The consent part of a learner's data export (app.core.data_export): every consent
event recorded with their account, and the newsletter consent in force."""

from typing import Any

from app.consent.models import ConsentEvent


def consent_export(user: Any) -> dict[str, Any]:
    events = ConsentEvent.objects.filter(user=user).order_by("created_at", "pk")
    return {
        "newsletter": user.newsletter,
        "newsletter_consented_at": user.newsletter_consented_at,
        "history": [
            {
                "action": event.action,
                "services": event.services,
                "version": event.version,
                "at": event.created_at,
            }
            for event in events
        ],
    }
