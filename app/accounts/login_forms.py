"""allauth's login form at the edge (the pages and the app's API alike): it needs the
request (allauth authenticates, rotates the session and records the login with it), so it
lives beside the views, not among the services."""

from django.http import HttpRequest

from app.accounts.forms import LoginForm
from app.core.errors import valid_data


def login_form_checked(
    request: HttpRequest,
    *,
    data: dict,
    form_class: type[LoginForm] = LoginForm,
    error_keys: dict[str, str] | None = None,
) -> LoginForm:
    """The valid login form of `data`: allauth's checks (the password, an inactive or
    deleted account) and the failed-login limits (AccountAdapter.authenticate); raises
    ApplicationError (429 from the limits, 403 "not_admin" from AdminLoginForm for the
    right password of an account without the admin role, or the form's refusal, each
    field's message under `error_keys[field]`)."""
    form = form_class(data=data, request=request)
    valid_data(form, error_keys=error_keys)
    return form
