"""Helpers of the voucher tests: redeeming as a page or a browser does, reading the
answer, and the states a voucher may be in when a learner tries it."""

import re
import secrets
from datetime import timedelta

from django.test import TestCase
from django.utils import timezone

from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.core.errors import ApplicationError
from app.core.tests.helpers import page_of, post_json, visit
from app.learning.models import Access, Course
from app.learning.tests.factories import grant
from app.vouchers import services
from app.vouchers.tests.factories import make_voucher

REDEEM_URL = "/odbierz_kurs"


def order_batch(client, url: str, data: dict, *, key: str | None = None):
    """Send the batch form of `url` as the page does (with its form key); the codes are
    made once the request commits, by the task run eagerly."""
    key = key or secrets.token_urlsafe(24)
    with TestCase.captureOnCommitCallbacks(execute=True):
        return post_json(client, url, {**data, "idempotency_key": key})


def post_code(client, code, url: str = REDEEM_URL):
    """Submit the voucher form of `url` with `code`."""
    return post_json(client, url, {"code": code})


def errors_of(client, url: str) -> dict[str, str]:
    """The `errors` a form page receives after a failed submission."""
    return page_of(visit(client, url))["props"]["errors"]


def form_error(client, url: str = REDEEM_URL) -> str | None:
    """The message of the whole form the voucher page receives after a failed submission."""
    return errors_of(client, url).get("form")


def redeem_in_browser(page, live_server, code: str) -> None:
    """Type `code` on the voucher page and press its button."""
    page.goto(f"{live_server.url}{REDEEM_URL}")
    page.get_by_label("Kod vouchera").fill(code)
    page.get_by_role("button", name=re.compile("^Wykorzystaj jako")).click()


def redemption_outcome(*, user: User, code: str) -> str:
    """ "granted", the code of the ApplicationError that refused the redemption, or what
    any other error was (a test tells it apart from the expected outcomes)."""
    try:
        services.voucher_redeem(user=user, code=code)
    except ApplicationError as error:
        return error.code
    except Exception as error:
        return repr(error)
    return "granted"


# The states of the code "KOD" before `learner` tries it; `course` is what it grants.


def voucher_with_nothing_assigned(*, learner: User, course: Course) -> None:
    make_voucher(code="KOD", seats=5)


def no_voucher(*, learner: User, course: Course) -> None:
    """No voucher has the code at all."""


def voucher_used_up(*, learner: User, course: Course) -> None:
    make_voucher(code="KOD", product=course, seats=1)
    services.voucher_redeem(user=make_user(), code="KOD")


def voucher_expired(*, learner: User, course: Course) -> None:
    make_voucher(code="KOD", product=course, valid_until=timezone.now() - timedelta(minutes=1))


def voucher_not_started(*, learner: User, course: Course) -> None:
    make_voucher(code="KOD", product=course, valid_from=timezone.now() + timedelta(days=1))


def voucher_already_redeemed(*, learner: User, course: Course) -> None:
    make_voucher(code="KOD", product=course, seats=5)
    services.voucher_redeem(user=learner, code="KOD")
    Access.objects.filter(user=learner).delete()


def product_already_owned(*, learner: User, course: Course) -> None:
    make_voucher(code="KOD", product=course, seats=5)
    grant(learner, course)


def voucher_admin_form(*, code: str, course, seats: int) -> dict:
    """The admin's voucher form as the admin fills it in."""
    return {
        "code": code,
        "course": course.pk,
        "seats": seats,
        "valid_from_0": "2026-01-01",
        "valid_from_1": "00:00:00",
    }
