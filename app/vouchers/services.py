"""Writes of vouchers: redeeming a code, and generating batches of codes."""

import secrets
from dataclasses import dataclass
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from app.accounts.models import User
from app.core.errors import ApplicationError
from app.core.ratelimits import GuessAttempt, guess_attempt
from app.learning import selectors as learning_selectors
from app.learning import services as learning_services
from app.learning.models import Access, Course, Exam, LearningPath, ProductKind
from app.vouchers import selectors
from app.vouchers.models import (
    CODE_SHAPE,
    Redemption,
    Voucher,
    VoucherAllowance,
    VoucherBatch,
    normalize_code,
)

BATCH_MAX_SIZE = 10_000
# Far longer than any code: such input is refused unread, as an unknown code.
RAW_CODE_LIMIT = 200
# 32 symbols without the look-alikes 0/O and 1/I: 12 symbols carry 60 random bits.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_GROUPS = 3
CODE_GROUP_LENGTH = 4

Product = Course | Exam | LearningPath


@dataclass(frozen=True)
class Grant:
    """What a redeemed voucher gave (SPEC §3 "Voucher consumption response")."""

    type: ProductKind
    object_id: int
    title: str


def _date(value: datetime) -> str:
    return formats.date_format(timezone.localtime(value), "DATETIME_FORMAT")


def _unknown_code() -> ApplicationError:
    return ApplicationError(
        _("Nie znaleźliśmy vouchera o tym kodzie. Sprawdź, czy kod jest wpisany poprawnie."),
        code="unknown",
    )


# Guesses at codes: every path that takes a code counts, the ones that redeem give it back.
GUESS_ACTION = "voucher_failed"


def voucher_guess(*, request: HttpRequest) -> GuessAttempt:
    """Count one guess at a voucher code before it is looked up, on the redeem form and on
    /odbierz_kurs/<code> alike (ACCOUNT_RATE_LIMITS "voucher_failed", per learner and
    per IP); `refund()` it once the code turns out to exist. Raises ApplicationError (429)."""
    return guess_attempt(
        request,
        action=GUESS_ACTION,
        message=_("Zbyt wiele prób z nieprawidłowym kodem. Spróbuj ponownie za kilka minut."),
    )


def voucher_redeem_limited(*, request: HttpRequest, user: User, code: str) -> Grant:
    """Redeem `code` for `user` (see voucher_redeem) as one guess at a code: counted
    before the code is looked up, so once the guesses are used up no code is even looked
    at, right or wrong; given back when the code exists (or none was typed). The redeem
    form and the app's API alike; raises ApplicationError (429, or voucher_redeem's)."""
    guess = voucher_guess(request=request)
    try:
        grant = voucher_redeem(user=user, code=code)
    except ApplicationError as error:
        if error.code != "unknown":
            guess.refund()
        raise
    guess.refund()
    return grant


def voucher_redeem(*, user: User, code: str) -> Grant:
    """Use one seat of `code` and grant its product, N seats N grants; raises
    ApplicationError (code: empty, unknown, not_started, expired, already_redeemed,
    nothing_assigned, used_up or already_owned)."""
    # Concurrent learners queue on the voucher's row lock.
    if len(code) > RAW_CODE_LIMIT:
        raise _unknown_code()
    normalized = normalize_code(code)
    if not normalized:
        raise ApplicationError(_("Proszę wprowadzić otrzymany kod."), code="empty")
    if not CODE_SHAPE.match(normalized):
        raise _unknown_code()
    now = timezone.now()
    try:
        with transaction.atomic():
            product, kind = _redeem_locked(user=user, code=normalized, now=now)
    except IntegrityError:
        # Only the same product granted to this learner a moment ago by another voucher or
        # team (past the ownership check) gets here; everything was rolled back.
        raise _already_owned(
            Voucher.objects.select_related("course", "exam", "path").get(code=normalized).product
        ) from None
    return Grant(type=kind, object_id=product.pk, title=product.title)


def _already_owned(product: Product | None) -> ApplicationError:
    return ApplicationError(
        _("Masz już dostęp do: %(title)s. Voucher nie został wykorzystany.")
        % {"title": product.title if product else ""},
        code="already_owned",
    )


def _redeem_locked(*, user: User, code: str, now: datetime) -> tuple[Product, ProductKind]:
    """The checks and writes of one redemption, inside the caller's transaction."""
    # Only the voucher's row is locked: its product rows sit on the nullable side of
    # outer joins, which PostgreSQL refuses to lock.
    voucher = (
        Voucher.objects.select_for_update(of=("self",))
        .select_related("course", "exam", "path")
        .filter(code=code)
        .first()
    )
    if voucher is None:
        raise _unknown_code()
    if voucher.valid_from > now:
        raise ApplicationError(
            _("Ten voucher będzie można wykorzystać od %(date)s.")
            % {"date": _date(voucher.valid_from)},
            code="not_started",
        )
    if voucher.valid_until is not None and voucher.valid_until <= now:
        raise ApplicationError(
            _("Ten voucher stracił ważność %(date)s.") % {"date": _date(voucher.valid_until)},
            code="expired",
        )
    if voucher.redemptions.filter(user=user).exists():
        raise ApplicationError(
            _("Ten voucher został już przez Ciebie wykorzystany."), code="already_redeemed"
        )
    product, kind = voucher.product, voucher.kind
    if product is None or kind is None:
        # Nothing is used up: once an admin assigns a product, the same code works.
        raise ApplicationError(
            _(
                "Wykorzystany voucher nie posiada przypisanego kursu, proszę skontaktuj się "
                "z administratorem."
            ),
            code="nothing_assigned",
        )
    if voucher.seats_used >= voucher.seats:
        raise ApplicationError(
            _("Ten voucher został już wykorzystany przez wszystkie osoby, dla których był."),
            code="used_up",
        )
    if learning_selectors.product_is_owned(user=user, kind=kind, product_id=product.pk):
        raise _already_owned(product)
    # No savepoints: the row lock keeps other redemptions of this voucher out, and any
    # IntegrityError ends the whole transaction (see voucher_redeem).
    access = learning_services.access_create(
        user=user, product=product, source=Access.Source.VOUCHER, source_detail=voucher.code
    )
    Redemption.objects.create(voucher=voucher, user=user, access=access)
    Voucher.objects.filter(pk=voucher.pk).update(seats_used=F("seats_used") + 1)
    return product, kind


def _new_code() -> str:
    groups = (
        "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_GROUP_LENGTH))
        for _ in range(CODE_GROUPS)
    )
    return "-".join(groups)


def _fresh_codes(count: int) -> list[str]:
    """`count` distinct codes that no voucher uses yet (collisions are astronomically rare,
    but a unique code is a promise, so they are checked)."""
    codes: set[str] = set()
    while len(codes) < count:
        candidates = {_new_code() for _ in range(count - len(codes))} - codes
        candidate_list = list(candidates)
        taken: set[str] = set()
        for start in range(0, len(candidate_list), 1000):
            chunk = candidate_list[start : start + 1000]
            taken |= set(Voucher.objects.filter(code__in=chunk).values_list("code", flat=True))
        codes |= candidates - taken
    return list(codes)


def batch_name_default(*, product: Product) -> str:
    """The name of a batch its issuer left unnamed: the product and today's date."""
    return _("%(title)s, %(date)s") % {
        "title": product.title[:60],
        "date": timezone.localdate().isoformat(),
    }


def batch_generate(
    *,
    issued_by: User,
    channel: str,
    product: Product,
    size: int,
    name: str,
    valid_until: datetime | None,
) -> VoucherBatch:
    """Generate 1-10,000 single-seat codes (an empty name gets the default), resellers
    within their allowance; raises ApplicationError (code: size, allowance)."""
    if not 1 <= size <= BATCH_MAX_SIZE:
        raise ApplicationError(
            _("Liczba kodów musi być liczbą całkowitą od 1 do 10 000."), code="size"
        )
    name = name or batch_name_default(product=product)
    field = learning_services.PRODUCT_FIELD[type(product)]
    with transaction.atomic():
        if channel == VoucherBatch.Channel.RESELLER:
            # The allowance row is locked so two batches at once cannot both fit the limit.
            VoucherAllowance.objects.select_for_update().filter(user=issued_by).first()
            left, total = selectors.allowance_get(user=issued_by)
            if size > left:
                raise ApplicationError(
                    _("Przekraczasz limit kodów: zostało %(left)s z %(total)s.")
                    % {"left": left, "total": total},
                    code="allowance",
                )
        batch = VoucherBatch.objects.create(
            name=name,
            channel=channel,
            issued_by=issued_by,
            size=size,
            valid_until=valid_until,
            **{field: product},
        )
        now = timezone.now()
        Voucher.objects.bulk_create(
            [
                Voucher(
                    code=code,
                    seats=1,
                    valid_from=now,
                    valid_until=valid_until,
                    issued_by=issued_by,
                    batch=batch,
                    created_at=now,
                    **{field: product},
                )
                for code in _fresh_codes(size)
            ],
            batch_size=1000,
        )
    return batch
