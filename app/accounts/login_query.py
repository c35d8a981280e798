"""What the query string of /login asks for (docs/behaviour.md#login-page)."""

from dataclasses import dataclass
from urllib.parse import urlencode

from django.http import HttpRequest

from app.accounts import validators
from app.core.return_url import (
    RETURN_URL_PARAM,
    REVIEW_PARAMS,
    login_url,
    return_url_from,
    return_url_query,
    with_review_params,
)


@dataclass(frozen=True)
class LoginQuery:
    return_url: str
    # Where a successful login or registration goes: the return URL, with the review
    # parameters when both are present.
    target: str
    form: str
    invitation_email: str | None
    # The login page's own query, rebuilt from checked values only.
    query: str

    @property
    def page_url(self) -> str:
        """The login page with this query: where its forms' errors are shown."""
        page = login_url()
        return f"{page}?{self.query}" if self.query else page


def read_login_query(request: HttpRequest) -> LoginQuery:
    """What the login page's query asks for, from checked values only."""
    return_url = return_url_from(request)
    inner = return_url_query(return_url)
    form = "login" if "login" in (request.GET.get("form"), inner.get("form")) else "register"
    email = inner.get("email", "").strip().lower()
    params: dict[str, str] = {}
    if RETURN_URL_PARAM in request.GET:
        params[RETURN_URL_PARAM] = return_url
    if request.GET.get("form") == "login":
        params["form"] = "login"
    for name in REVIEW_PARAMS:
        value = request.GET.get(name, "").strip()
        if value:
            params[name] = value[:100]
    return LoginQuery(
        return_url=return_url,
        target=with_review_params(return_url, request.GET),
        form=form,
        invitation_email=email if validators.is_strict_email(email) else None,
        query=urlencode(params),
    )
