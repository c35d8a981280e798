"""The one reader of `returnUrl`: only same-site relative paths survive."""

import re
from urllib.parse import unquote, urlencode, urlsplit

from django.conf import settings
from django.http import HttpRequest, QueryDict
from django.shortcuts import resolve_url
from django.utils.http import url_has_allowed_host_and_scheme

RETURN_URL_PARAM = "returnUrl"
REVIEW_PARAMS = ("add_review_course", "add_review_product")
_MAX_LENGTH = 2000
# Browsers drop tabs and newlines and read backslashes as slashes, which can turn
# "/\tevil" or "/\\evil" into "//evil": control characters and backslashes are refused.
_UNSAFE_CHARS = re.compile(r"[\x00-\x1f\x7f-\x9f\\]")


def default_return_url() -> str:
    """The learner area (settings.DEFAULT_RETURN_URL names it)."""
    return resolve_url(settings.DEFAULT_RETURN_URL)


def _is_safe_path(candidate: str) -> bool:
    if not candidate.startswith("/") or candidate.startswith("//"):
        return False
    if _UNSAFE_CHARS.search(candidate):
        return False
    return url_has_allowed_host_and_scheme(candidate, allowed_hosts=set())


def safe_return_url(raw: object, default: str | None = None) -> str:
    """Return `raw` when it is a same-site relative path (also after one more
    percent-decoding), otherwise the default return URL (also for anything not a string)."""
    fallback = default or default_return_url()
    if not isinstance(raw, str) or not raw or len(raw) > _MAX_LENGTH:
        return fallback
    if _is_safe_path(raw) and _is_safe_path(unquote(raw)):
        return raw
    return fallback


def return_url_from(request: HttpRequest) -> str:
    """The checked `returnUrl` of this request's query string."""
    return safe_return_url(request.GET.get(RETURN_URL_PARAM))


def return_url_query(return_url: str) -> QueryDict:
    """The query parameters carried inside an (already checked) return URL."""
    return QueryDict(urlsplit(return_url).query)


def with_review_params(return_url: str, query: QueryDict) -> str:
    """Append add_review_course and add_review_product, but only when both are present."""
    values = [query.get(name, "").strip() for name in REVIEW_PARAMS]
    if not all(values):
        return return_url
    extra = urlencode(dict(zip(REVIEW_PARAMS, values, strict=True)))
    separator = "&" if "?" in return_url else "?"
    return safe_return_url(f"{return_url}{separator}{extra}")


def login_url(**query: str) -> str:
    """The login page, with `query` (e.g. form="login" to open the login form)."""
    url = resolve_url(settings.LOGIN_URL)
    return f"{url}?{urlencode(query)}" if query else url


def login_url_for(path_with_query: str) -> str:
    """The login page that brings the visitor back to `path_with_query` afterwards."""
    return login_url(**{RETURN_URL_PARAM: path_with_query})
