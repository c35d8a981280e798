"""The vouchers' JSON calls: the mobile app redeems a code (app.api mounts the router and
gives it the app's token auth)."""

from typing import Literal

from django.http import HttpRequest
from ninja import Router, Schema

from app.core.ratelimits import client_of
from app.core.requests import caller_account
from app.core.schemas import refusals
from app.vouchers import services

# The app's calls under /api/app/, with its token.
app_calls = Router(tags=["app"])


class VoucherOut(Schema):
    type: Literal["course", "exam", "path"]
    object_id: int


@app_calls.get(
    "voucher/{code}/consume",
    response={200: VoucherOut, **refusals(400, 401, 409, 429)},
    operation_id="voucher_consume",
)
def voucher_consume(request: HttpRequest, code: str) -> VoucherOut:
    """Redeem a voucher code; the answer names what it granted. A code used up, or
    redeemed by this account already, is refused with 409."""
    grant = services.voucher_redeem_limited(
        client=client_of(request), user=caller_account(request), code=code
    )
    return VoucherOut(type=grant.type, object_id=grant.object_id)
