"""Writes of vouchers: redeeming a code, and generating batches of codes."""

import secrets
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache, wraps

from django.db import DataError, IntegrityError, connections, router, transaction
from django.db.models import Exists, F, Model, OuterRef, Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from app.accounts.cache import account_copies_moved
from app.accounts.models import User
from app.core.errors import ApplicationError
from app.core.models import new_generation
from app.core.queries import CompiledQuery, planned_cursor
from app.core.ratelimits import Client, Counted, limit_count
from app.core.tasks import task_enqueue_on_commit
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
# The batch form's message for a key it cannot take (none, malformed, or already used for
# another order): a form shown afresh carries a new one.
BATCH_FORM_KEY_REFUSED = gettext_lazy("Odśwież stronę i spróbuj ponownie.")
# The task that makes a batch's codes (app.vouchers.tasks), enqueued by name: the tasks
# module imports this one.
BATCH_CODES_TASK = "vouchers.batch_codes_generate"
# Far longer than any code: such input is refused unread, as an unknown code.
RAW_CODE_LIMIT = 200
# 32 symbols without the look-alikes 0/O and 1/I: 12 symbols carry 60 random bits.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_GROUPS = 3
CODE_GROUP_LENGTH = 4

Product = Course | Exam | LearningPath


@dataclass(frozen=True)
class Grant:
    """What a redeemed voucher gave (docs/behaviour.md#vouchers)."""

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


# Guesses at codes: every path that takes a code counts, the ones that found it give it back.
GUESS_ACTION = "voucher_failed"
TOO_MANY_GUESSES = gettext_lazy(
    "Zbyt wiele prób z nieprawidłowym kodem. Spróbuj ponownie za kilka minut."
)


def voucher_guess(*, client: Client) -> Counted:
    """Count one guess at a voucher code before it is looked up, on the redeem form, on
    /odbierz_kurs/<code> and in the app alike (RATE_LIMITS "voucher_failed", per learner
    and per address); `refund()` it once the code turns out to exist. Raises
    RateLimited (429)."""
    return limit_count(action=GUESS_ACTION, client=client, message=str(TOO_MANY_GUESSES))


def voucher_redeem_limited(*, client: Client, user: User, code: str) -> Grant:
    """Redeem `code` for `user` (see voucher_redeem) as one guess at a code: counted
    before the code is looked up, so once the guesses are used up no code is even looked
    at, right or wrong; given back when the code exists (or none was typed), so a class
    redeeming its codes uses nothing up. Raises ApplicationError (429, or
    voucher_redeem's)."""
    guess = voucher_guess(client=client)
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
    if len(code) > RAW_CODE_LIMIT:
        raise _unknown_code()
    normalized = normalize_code(code)
    if not normalized:
        raise ApplicationError(_("Proszę wprowadzić otrzymany kod."), code="empty")
    if not CODE_SHAPE.match(normalized):
        raise _unknown_code()
    now = timezone.now()
    at_once = connections[router.db_for_write(Redemption)].vendor in ONE_STATEMENT_VENDORS
    for _attempt in range(2):
        if at_once:
            grant = _granted_at_once(code=normalized, user=user, now=now)
            if grant is not None:
                return grant
        # Refused at once: the checks, on the voucher as it is now, raise the reason. Where
        # the writes take steps, the checks come first.
        voucher, product, kind = _redeem_checks(
            voucher=_voucher_of(code=normalized, user=user), now=now
        )
        if not at_once and _seat_taken(
            voucher=voucher, user=user, product=product, kind=kind, now=now
        ):
            return Grant(type=kind, object_id=product.pk, title=product.title)
        # Every check passes now, yet nothing was written: the voucher changed between
        # the statement's reading of it and the checks' (a seat added, the dates or the
        # product changed by an admin). Written once more, as it is now.
    raise _used_up()


def _seat_taken(
    *, voucher: Voucher, user: User, product: Product, kind: ProductKind, now: datetime
) -> bool:
    """_written_in_steps, with the learner told why when they got the product meanwhile."""
    try:
        return _written_in_steps(voucher=voucher, user=user, product=product, now=now)
    except IntegrityError:
        raise _conflict_refusal(code=voucher.code, user=user) from None


# PostgreSQL's unique_violation: the learner got the product, or used the voucher, meanwhile.
UNIQUE_VIOLATION_SQLSTATE = "23505"


def _conflict_refusal(*, code: str, user: User) -> ApplicationError:
    """Why the writes met a unique constraint, having written nothing: this learner got the
    product a moment ago (by another voucher, a team, or this voucher in a parallel
    request); an unknown code when the voucher is gone meanwhile."""
    voucher = _voucher_of(code=code, user=user)
    if voucher is None:
        return _unknown_code()
    if voucher.redeemed_by_user:  # type: ignore[attr-defined]
        return _already_redeemed()
    return _already_owned(voucher.product)


def _redeemable(*, code: str, user_id: int, now: datetime) -> QuerySet[Voucher]:
    """The voucher of `code`, with its product's columns and title, only if the learner
    may redeem it at `now`: every refusal of _redeem_checks is a condition here."""
    return (
        _voucher_for_learner(code=code, user_id=user_id)
        .filter(
            Q(valid_until__isnull=True) | Q(valid_until__gt=now),
            Q(redeemed_by_user=False),
            Q(owned_by_user=False),
            valid_from__lte=now,
            seats_used__lt=F("seats"),
        )
        .exclude(course=None, exam=None, path=None)
        .values(*(f"{field}_id" for field, _model in _PRODUCT_MODELS), "id")
        .annotate(title=Coalesce("course_title", "exam_title", "path_title"))
    )


# Values no voucher or learner has, for composing the queries below once (CompiledQuery).
_CODE_PLACEHOLDER = "\x00voucher-code\x00"
_USER_PLACEHOLDER = -2_000_000_017

# A part of every redemption's statement: composed once.
_REDEEMABLE = CompiledQuery(
    _redeemable,
    code=_CODE_PLACEHOLDER,
    user_id=_USER_PLACEHOLDER,
    now=datetime(1901, 2, 3, 4, 5, 6, 789_012, tzinfo=UTC),
)


@cache
def _redemption_statement(alias: str) -> str:
    """A redemption as one statement: the voucher read as _redeemable reads it (so nothing
    is written when a check would refuse), then its writes in the order the ORM makes them:
    the learner's access, the learner's generation (what the access's `post_save` signal
    moves, app/learning/cache.py), the redemption, and the seat last, taken only if one is
    left and the voucher is valid. PostgreSQL checks that on the newest row when the row as
    the statement began with it passed. It returns the product's column values and title;
    no row when the voucher cannot be redeemed as the statement began (voucher_redeem
    checks again, for the reason). When no seat was taken it fails, dividing by zero
    (NO_SEAT_SQLSTATE), so that nothing it wrote stays, with no transaction around it.

    In that order the voucher's row is locked last: a learner whose own rows another
    transaction holds (an export of their data, a second tab) waits before taking it,
    never while holding it, and other learners redeeming the code do not wait for them.
    Every redemption runs it: one round trip where the ORM made six. Written once from the
    models' names."""
    quote = connections[alias].ops.quote_name

    def columns(model: type[Model]) -> dict[str, str]:
        return {f.name: quote(str(f.column)) for f in model._meta.concrete_fields}

    voucher, access, redemption = columns(Voucher), columns(Access), columns(Redemption)
    user = columns(User)
    table = {m: quote(m._meta.db_table) for m in (Voucher, Access, Redemption, User)}
    products = [field for field, _model in _PRODUCT_MODELS]
    redeemable, names = _REDEEMABLE.part(alias)
    found = {name: f"v.{quote(name)}" for name in names}
    # Each part reads the one before it, which makes PostgreSQL run them in this order.
    return (
        f"WITH v ({', '.join(quote(name) for name in names)}) AS ({redeemable}),"  # noqa: S608 - the models' own names
        f" access AS (INSERT INTO {table[Access]}"
        f" ({access['user']}, {', '.join(access[name] for name in products)},"
        f" {access['source']}, {access['source_detail']}, {access['granted_at']})"
        f" SELECT %s, {', '.join(found[f'{name}_id'] for name in products)}, %s, %s, %s"
        f" FROM v RETURNING {access['id']}),"
        f" moved AS (UPDATE {table[User]} SET {user['cache_generation']} = %s"
        f" WHERE {user['id']} = %s AND EXISTS (SELECT 1 FROM access)"
        f" RETURNING {user['id']}),"
        f" redemption AS (INSERT INTO {table[Redemption]}"
        f" ({redemption['voucher']}, {redemption['user']}, {redemption['access']},"
        f" {redemption['redeemed_at']})"
        f" SELECT {found['id']}, moved.{user['id']}, access.{access['id']}, %s"
        f" FROM v, access, moved RETURNING 1),"
        f" seat AS (UPDATE {table[Voucher]}"
        f" SET {voucher['seats_used']} = {voucher['seats_used']} + 1"
        f" WHERE {voucher['id']} = (SELECT {found['id']} FROM v)"
        f" AND {voucher['seats_used']} < {voucher['seats']}"
        f" AND {voucher['valid_from']} <= %s"
        f" AND ({voucher['valid_until']} IS NULL OR {voucher['valid_until']} > %s)"
        " AND EXISTS (SELECT 1 FROM redemption) RETURNING 1)"
        f" SELECT {', '.join(found[f'{name}_id'] for name in products)}, {found['title']},"
        # No seat taken divides by zero: the statement fails as a whole, nothing written.
        " 1 / (SELECT count(*) FROM seat) FROM v"
    )


# PostgreSQL's division_by_zero: how the redemption's statement says no seat was taken.
# Nothing else in it divides (test_the_redemption_statement_divides_only_to_refuse).
NO_SEAT_SQLSTATE = "22012"


# Databases whose statements can write in a WITH (SQLite, the embedded default, cannot).
ONE_STATEMENT_VENDORS = frozenset({"postgresql"})


def _granted_at_once(*, code: str, user: User, now: datetime) -> Grant | None:
    """Redeem `code` for `user` in one statement (_redemption_statement) when every check
    passes and a seat is left at `now`; None, nothing written, when not. Parallel
    redemptions never overfill a voucher: the condition and the seat's increment are one
    statement. Raises ApplicationError (already_redeemed, already_owned) when the learner
    got the product or used the voucher meanwhile."""
    alias = router.db_for_write(Redemption)
    connection = connections[alias]
    moment = connection.ops.adapt_datetimefield_value(now)
    params = _REDEEMABLE.part_params(alias, code=code, user_id=user.pk, now=moment)
    params += [user.pk, Access.Source.VOUCHER.value, code[:200], moment]
    params += [new_generation(), user.pk, moment, moment, moment]
    # Alone, the statement is a transaction of its own: PostgreSQL commits it as it ends,
    # and the voucher's row is held for the commit's flush only. In a transaction of
    # Django's it held the row until Python sent COMMIT, a round trip later, which under
    # load first waited for the interpreter's lock: every learner on the code queued behind
    # it. Inside a caller's transaction it gets a savepoint, undone when it fails.
    alone = connection.get_autocommit() and not connection.in_atomic_block
    try:
        with (
            nullcontext() if alone else transaction.atomic(using=alias),
            planned_cursor(alias) as cursor,
        ):
            cursor.execute(_redemption_statement(alias), params)
            row = cursor.fetchone()
    except DataError as error:
        if getattr(error.__cause__, "sqlstate", None) != NO_SEAT_SQLSTATE:
            raise
        return None
    except IntegrityError as error:
        # Anything else (a voucher deleted meanwhile fails its foreign key) is a fault.
        if getattr(error.__cause__, "sqlstate", None) != UNIQUE_VIOLATION_SQLSTATE:
            raise
        raise _conflict_refusal(code=code, user=user) from None
    if row is None:
        return None
    account_copies_moved(user_ids=[user.pk])
    *product_ids, title, _taken = row
    kind, object_id = next(
        (field, value)
        for (field, _model), value in zip(_PRODUCT_MODELS, product_ids, strict=True)
        if value is not None
    )
    return Grant(type=kind, object_id=object_id, title=title)


def _written_in_steps(*, voucher: Voucher, user: User, product: Product, now: datetime) -> bool:
    """The same writes through the ORM, in a transaction, for databases that cannot make
    them one statement. The seat last: the voucher's row is locked only from it to the
    commit."""
    alias = router.db_for_write(Redemption)
    with transaction.atomic(using=alias):
        access = learning_services.access_create(
            user=user, product=product, source=Access.Source.VOUCHER, source_detail=voucher.code
        )
        Redemption.objects.create(voucher=voucher, user=user, access=access)
        seat = Voucher.objects.filter(
            Q(valid_until__isnull=True) | Q(valid_until__gt=now),
            pk=voucher.pk,
            seats_used__lt=F("seats"),
            valid_from__lte=now,
        )
        taken = seat.update(seats_used=F("seats_used") + 1) == 1
        if not taken:
            transaction.set_rollback(True, using=alias)
    return taken


def _already_owned(product: Product | None) -> ApplicationError:
    return ApplicationError(
        _("Masz już dostęp do: %(title)s. Voucher nie został wykorzystany.")
        % {"title": product.title if product else ""},
        code="already_owned",
    )


def _already_redeemed() -> ApplicationError:
    return ApplicationError(
        _("Ten voucher został już przez Ciebie wykorzystany."),
        code="already_redeemed",
        status=409,
    )


def _used_up() -> ApplicationError:
    return ApplicationError(
        _("Ten voucher został już wykorzystany przez wszystkie osoby, dla których był."),
        code="used_up",
        status=409,
    )


def _voucher_for_learner(*, code: str, user_id: int) -> QuerySet[Voucher]:
    """The voucher of `code` with whether the learner redeemed it already
    (`redeemed_by_user`) and owns its product (`owned_by_user`), and its product's title."""
    return Voucher.objects.filter(code=code).annotate(
        redeemed_by_user=Exists(Redemption.objects.filter(voucher=OuterRef("pk"), user_id=user_id)),
        owned_by_user=learning_selectors.product_owned_exists(user=User(pk=user_id)),
        course_title=F("course__title"),
        exam_title=F("exam__title"),
        path_title=F("path__title"),
    )


# Every redemption reads it: composed once (the ORM took 2 ms of CPU to compose it, ten
# times what the database takes to answer).
_VOUCHER_FOR_LEARNER = CompiledQuery(
    _voucher_for_learner, code=_CODE_PLACEHOLDER, user_id=_USER_PLACEHOLDER
)
_PRODUCT_MODELS: tuple[tuple[ProductKind, type[Product]], ...] = (
    ("course", Course),
    ("exam", Exam),
    ("path", LearningPath),
)


def _voucher_of(*, code: str, user: User) -> Voucher | None:
    """The voucher with its product, whether `user` redeemed it already
    (`redeemed_by_user`) and owns its product (`owned_by_user`), all in one statement."""
    found = _VOUCHER_FOR_LEARNER.instances(code=code, user_id=user.pk)
    if not found:
        return None
    voucher = found[0]
    for field, model in _PRODUCT_MODELS:
        product_id = getattr(voucher, f"{field}_id")
        if product_id is not None:
            title = getattr(voucher, f"{field}_title")
            # The product as loaded with its title alone (its other fields on demand).
            setattr(
                voucher,
                field,
                model.from_db(voucher._state.db, ["id", "title"], [product_id, title]),
            )
    return voucher


def _redeem_checks(
    *, voucher: Voucher | None, now: datetime
) -> tuple[Voucher, Product, ProductKind]:
    """The refusals of one redemption, in the order the learner is told them (`voucher`
    as _voucher_of reads it for the learner)."""
    voucher = _dates_check(voucher=voucher, now=now)
    if voucher.redeemed_by_user:  # type: ignore[attr-defined]
        raise _already_redeemed()
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
        raise _used_up()
    if voucher.owned_by_user:  # type: ignore[attr-defined]
        raise _already_owned(product)
    return voucher, product, kind


def _dates_check(*, voucher: Voucher | None, now: datetime) -> Voucher:
    """The voucher, when it exists and can be used now; raises ApplicationError (unknown,
    not_started, expired)."""
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
    return voucher


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


def _then_make_codes[**P](order: Callable[P, VoucherBatch]) -> Callable[P, VoucherBatch]:
    @wraps(order)
    def ordered(*args: P.args, **kwargs: P.kwargs) -> VoucherBatch:
        batch = order(*args, **kwargs)
        # Up to 10,000 codes take a while: a worker makes them, the batch page shows how far.
        task_enqueue_on_commit(BATCH_CODES_TASK, batch_id=batch.pk)
        return batch

    return ordered


@_then_make_codes
def batch_generate(
    *,
    issued_by: User,
    channel: str,
    product: Product,
    size: int,
    name: str,
    valid_until: datetime | None,
    idempotency_key: str | None = None,
) -> VoucherBatch:
    """Order a batch of 1-10,000 single-seat codes (an empty name gets the default),
    resellers within their allowance; the codes are made in the background
    (batch_codes_generate, run by tasks.batch_codes_generate once this commits). The same
    `idempotency_key` of the same issuer again returns the batch it ordered (its task,
    enqueued again, finds the codes made and stops); with another order it is refused.
    Raises ApplicationError (code: size, allowance, stale_form)."""

    field = learning_services.PRODUCT_FIELD[type(product)]

    def ordered_again(batch: VoucherBatch) -> VoucherBatch:
        return _ordered_again(
            batch,
            product_field=field,
            product=product,
            size=size,
            name=name,
            valid_until=valid_until,
        )

    if idempotency_key is not None:
        ordered = VoucherBatch.objects.filter(
            issued_by=issued_by, idempotency_key=idempotency_key
        ).first()
        if ordered is not None:
            return ordered_again(ordered)
    if not 1 <= size <= BATCH_MAX_SIZE:
        raise ApplicationError(
            _("Liczba kodów musi być liczbą całkowitą od 1 do 10 000."), code="size"
        )
    try:
        with transaction.atomic():
            if channel == VoucherBatch.Channel.RESELLER:
                # The allowance row is locked so two batches at once cannot both fit it.
                VoucherAllowance.objects.select_for_update().filter(user=issued_by).first()
                left, total = selectors.allowance_get(user=issued_by)
                if size > left:
                    raise ApplicationError(
                        _("Przekraczasz limit kodów: zostało %(left)s z %(total)s.")
                        % {"left": left, "total": total},
                        code="allowance",
                    )
            return VoucherBatch.objects.create(
                name=name or batch_name_default(product=product),
                channel=channel,
                issued_by=issued_by,
                size=size,
                valid_until=valid_until,
                idempotency_key=idempotency_key,
                **{field: product},
            )
    except IntegrityError:
        if idempotency_key is None:
            raise
        # The same form arrived twice at once (two tabs): the other request ordered it.
        ordered = VoucherBatch.objects.get(issued_by=issued_by, idempotency_key=idempotency_key)
        return ordered_again(ordered)


def _ordered_again(
    batch: VoucherBatch,
    *,
    product_field: str,
    product: Product,
    size: int,
    name: str,
    valid_until: datetime | None,
) -> VoucherBatch:
    """The batch a form's key ordered, for the same form sent again (a double click, a post
    sent again). A key sent with another order comes from a showing of the form that
    already ordered (a page the browser kept, sent again with other fields): answering
    with the first batch would tell the issuer that the new order was made. It is refused,
    and the form takes a new key for the next try."""
    same = (
        getattr(batch, f"{product_field}_id") == product.pk
        and batch.size == size
        and batch.valid_until == valid_until
        and (not name or batch.name == name)
    )
    if not same:
        message = str(BATCH_FORM_KEY_REFUSED)
        raise ApplicationError(message, code="stale_form", fields={"idempotency_key": message})
    return batch


# Codes are written (and committed) this many at a time: the batch page shows the progress.
BATCH_CHUNK = 1000


def batch_codes_generate(*, batch_id: int) -> int:
    """Make the codes a batch still lacks, a chunk per transaction, and mark it generated.
    Safe to run twice, at once, or again after a crash half way: each chunk counts the
    codes under the batch's row lock first, so a batch never gets more than its size.
    Returns how many codes this run made."""
    made = 0
    while True:
        with transaction.atomic():
            batch = VoucherBatch.objects.select_for_update().filter(pk=batch_id).first()
            if batch is None or batch.generated_at is not None:
                return made
            missing = batch.size - batch.vouchers.count()
            if missing <= 0:
                batch.generated_at = timezone.now()
                batch.save(update_fields=["generated_at"])
                return made
            count = min(missing, BATCH_CHUNK)
            try:
                with transaction.atomic():
                    _batch_codes_add(batch, count)
            except IntegrityError:
                # Another batch took one of the drawn codes a moment ago: draw again.
                continue
            made += count


def _batch_codes_add(batch: VoucherBatch, count: int) -> None:
    now = timezone.now()
    Voucher.objects.bulk_create(
        [
            Voucher(
                code=code,
                seats=1,
                # Every code of a batch is valid from the moment the batch was ordered.
                valid_from=batch.created_at,
                valid_until=batch.valid_until,
                issued_by_id=batch.issued_by_id,
                batch=batch,
                created_at=now,
                course_id=batch.course_id,
                exam_id=batch.exam_id,
                path_id=batch.path_id,
            )
            for code in _fresh_codes(count)
        ],
        batch_size=BATCH_CHUNK,
    )
