"""The teams' JSON calls: the mobile app accepts an invitation (app.api mounts the router
and gives it the app's token auth)."""

from django.http import HttpRequest
from ninja import Router

from app.accounts.props import AppUserProps, app_user_props
from app.core.ratelimits import client_of
from app.core.requests import caller_account
from app.core.schemas import refusals
from app.teams import services

# The app's calls under /api/app/, with its token.
app_calls = Router(tags=["app"])


@app_calls.get(
    "student/accept/{secret:hash}",
    response={200: AppUserProps, **refusals(400, 401, 404, 409, 429)},
    operation_id="student_accept",
)
def student_accept(request: HttpRequest, hash: str) -> AppUserProps:
    """Accept a team invitation; the answer is the account, now a student. An invitation
    sent to another address is refused with 404 (error.code 404); one accepted already,
    by this account or another, with 409."""
    user = caller_account(request)
    services.invitation_accept_limited(client=client_of(request), user=user, token=hash)
    return app_user_props(user)
