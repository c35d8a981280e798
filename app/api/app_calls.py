"""The calls of /api/app/: the logged-in app, by its token only (docs/behaviour.md#api-calls).

Every call takes the app's optional preview=true; none of these answers has unpublished
content, so it changes nothing here (authors and admins included).
"""

from typing import cast

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import Router

from app.accounts import services as account_services
from app.accounts.models import User
from app.api.auth import TOKEN_HEADER, AppToken
from app.api.schemas import ErrorOut, MessageOut, UserDataOut, UserOut, VoucherOut
from app.api.shapes import user_data_out, user_out
from app.teams import services as team_services
from app.vouchers import services as voucher_services

router = Router(tags=["app"], auth=AppToken())

REFUSALS = {400: ErrorOut, 401: ErrorOut, 429: ErrorOut}


def _user(request: HttpRequest) -> User:
    return cast(User, request.auth)  # type: ignore[attr-defined]


@router.get("user", response={200: UserDataOut, 401: ErrorOut}, operation_id="user")
def user(request: HttpRequest) -> UserDataOut:
    """The logged-in account and its avatar."""
    return user_data_out(_user(request))


@router.get(
    "user/mark-to-remove/{hash}",
    response={200: MessageOut, **REFUSALS},
    operation_id="mark_to_remove",
)
def mark_to_remove(request: HttpRequest, hash: str) -> MessageOut:
    """Confirm the account's deletion with the e-mailed link's secret: the account is
    locked at once (every session ends, this token too) and purged after the grace."""
    account_services.account_deletion_confirm_limited(
        request=request, user=_user(request), token=hash
    )
    return MessageOut(message=_("Twoje konto zostanie usunięte w ciągu 24 godzin"))


@router.get(
    "voucher/{code}/consume",
    response={200: VoucherOut, 409: ErrorOut, **REFUSALS},
    operation_id="voucher_consume",
)
def voucher_consume(request: HttpRequest, code: str) -> VoucherOut:
    """Redeem a voucher code; the answer names what it granted."""
    grant = voucher_services.voucher_redeem_limited(request=request, user=_user(request), code=code)
    return VoucherOut(type=grant.type, object_id=grant.object_id)


@router.get(
    "student/accept/{hash}",
    response={200: UserOut, 404: ErrorOut, 409: ErrorOut, **REFUSALS},
    operation_id="student_accept",
)
def student_accept(request: HttpRequest, hash: str) -> UserOut:
    """Accept a team invitation; the answer is the account, now a student. An invitation
    sent to another address is refused with 404 (error.code 404)."""
    user = _user(request)
    team_services.invitation_accept_limited(request=request, user=user, token=hash)
    return user_out(user)


@router.post("logout", response={204: None, 401: ErrorOut}, operation_id="logout")
def logout(request: HttpRequest) -> HttpResponse:
    """End this app session: the token stops working."""
    account_services.app_token_revoke(token=request.headers.get(TOKEN_HEADER, ""))
    return HttpResponse(status=204)
