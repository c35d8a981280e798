"""One-click session links (docs/behaviour.md#session-links)."""

from allauth.account.utils import perform_login
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_http_methods

from app.accounts import mfa_web, props, services
from app.core.errors import errors_return_to
from app.core.inertia import render_page
from app.core.ratelimits import client_of
from app.core.return_url import default_return_url, login_url


def _login_with_its_form(request: HttpRequest, *args: object, **kwargs: object) -> str:
    return login_url(form="login")


@require_http_methods(["GET", "HEAD", "POST"])
# A link that cannot be used shows the server's message on /login (an error message
# there), with the login form open, since whoever got the link has an account. The page
# the link posted from has no form to show it on (docs/behaviour.md#session-links).
@errors_return_to(_login_with_its_form, as_message=True)
def session_link(
    request: HttpRequest, hash: str, path: str, course_id: int | None = None
) -> HttpResponse:
    """Opening the link shows a page that completes the login with a POST, so a mail
    scanner that only fetches the URL does not use the link up."""
    if request.user.is_authenticated:
        return redirect(settings.DEFAULT_RETURN_URL)
    if request.method != "POST":
        page = props.session_link_page_props(token=hash, path=path, course_id=course_id)
        return render_page(request, "Accounts/SessionLink", page)
    user = services.session_link_redeem(
        client=client_of(request), token=hash, path=path, course_id=course_id
    ).user
    suffix = f"/{course_id}" if course_id is not None else ""
    # The link is the second factor: a learner with one gets in without the code step.
    mfa_web.mark_session_link_login(request)
    return perform_login(
        request,
        user,
        email_verification=settings.ACCOUNT_EMAIL_VERIFICATION,
        redirect_url=f"{default_return_url()}/{path}{suffix}",
    )
