"""Error reporting to Sentry, switched on by SENTRY_DSN (settings).

Nothing that lets someone act as a user leaves the platform: passwords, tokens (the
mobile app's X-Platforma-Token among them), cookies and session ids are replaced, and the
e-mailed links' hashes are masked in every URL and message of an event (the same masking
as the logs, app.core.logging.masked_path). Sentry's own PII sending stays off.
"""

import re
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

FILTERED = "[Filtered]"
# Keys (headers, form fields, local variables, extras) whose values are never sent.
SENSITIVE_KEY = re.compile(
    r"pass|secret|token|auth|cookie|session|csrf|xsrf|signature|credential|api[-_]?key"
    r"|^hash$|^key$|^code$|^dsn$",
    re.IGNORECASE,
)
# A path inside any string: checked against the URL configuration for secret parts.
_PATH = re.compile(r"(?<![\w.])/[^\s'\"<>?#]+")
_URL_KEYS = frozenset({"url", "from", "to"})


def _mask_url(value: str) -> str:
    from app.core.logging import masked_path

    parts = urlsplit(value)
    query = urlencode(
        [
            (name, FILTERED if SENSITIVE_KEY.search(name) else item)
            for name, item in parse_qsl(parts.query, keep_blank_values=True)
        ]
    )
    return urlunsplit(parts._replace(path=masked_path(parts.path), query=query))


def _mask_text(value: str) -> str:
    from app.core.logging import masked_path

    return _PATH.sub(lambda match: masked_path(match.group(0)), value)


def scrub(value: Any, key: str = "") -> Any:
    if key and SENSITIVE_KEY.search(key):
        return FILTERED
    if isinstance(value, dict):
        return {name: scrub(item, str(name)) for name, item in value.items()}
    if isinstance(value, list | tuple):
        # Headers arrive as [name, value] pairs in some integrations.
        if len(value) == 2 and isinstance(value[0], str) and SENSITIVE_KEY.search(value[0]):
            return [value[0], FILTERED]
        return [scrub(item) for item in value]
    if isinstance(value, str):
        if key == "query_string":
            return _mask_url("?" + value).lstrip("?")
        if key in _URL_KEYS:
            return _mask_url(value)
        return _mask_text(value)
    return value


def scrub_event(event: dict[str, Any], hint: dict[str, Any] | None = None) -> dict[str, Any]:
    """Sentry's before_send: the event with every secret replaced or masked."""
    from app.core.logging import request_id_var

    request = event.get("request")
    if isinstance(request, dict):
        # Cookies carry the session and CSRF token: never worth sending.
        request.pop("cookies", None)
    scrubbed = scrub(event)
    request_id = request_id_var.get()
    if request_id:
        scrubbed.setdefault("tags", {})["request_id"] = request_id
    return scrubbed


def scrub_breadcrumb(crumb: dict[str, Any], hint: dict[str, Any] | None = None) -> dict[str, Any]:
    return scrub(crumb)


def sentry_init(*, dsn: str, environment: str, traces_sample_rate: float) -> None:
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        send_default_pii=False,
        traces_sample_rate=traces_sample_rate,
        before_send=scrub_event,  # type: ignore[arg-type]
        before_send_transaction=scrub_event,  # type: ignore[arg-type]
        before_breadcrumb=scrub_breadcrumb,  # type: ignore[arg-type]
    )
