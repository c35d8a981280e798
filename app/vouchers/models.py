"""Vouchers: codes that grant a course, an exam or a learning path to a limited number of
learners, handed out one by one by admins or in batches by institutions and resellers."""

import re

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from app.learning.models import (
    Course,
    Exam,
    LearningPath,
    ProductKind,
    one_product,
    product_link,
)

CODE_MAX_LENGTH = 64
CODE_SHAPE = re.compile(r"^[A-Z0-9_-]{1,64}$")


def normalize_code(raw: str) -> str:
    """The stored form of a code: case-insensitive, so upper case, and without the spaces
    people copy along with it."""
    return "".join(str(raw).split()).upper()


class GrantsProduct(models.Model):
    """At most one product: a course, an exam or a path (none = nothing assigned yet)."""

    course = product_link(Course, _("kurs"), on_delete=models.PROTECT, related_name="+")
    exam = product_link(Exam, _("egzamin"), on_delete=models.PROTECT, related_name="+")
    path = product_link(LearningPath, _("ścieżka"), on_delete=models.PROTECT, related_name="+")

    class Meta:
        abstract = True

    @property
    def product(self) -> Course | Exam | LearningPath | None:
        return self.course or self.exam or self.path

    @property
    def kind(self) -> ProductKind | None:
        if self.course_id:
            return "course"
        if self.exam_id:
            return "exam"
        return "path" if self.path_id else None


def _at_most_one_product(name: str) -> models.CheckConstraint:
    none = Q(course__isnull=True, exam__isnull=True, path__isnull=True)
    return models.CheckConstraint(
        condition=none | one_product(),
        name=name,
    )


class VoucherBatch(GrantsProduct):
    class Channel(models.TextChoices):
        INSTITUTION = "institution", _("instytucja")
        RESELLER = "reseller", _("reseller")

    name = models.CharField(_("nazwa"), max_length=100)
    channel = models.CharField(_("kanał"), max_length=16, choices=Channel.choices)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("wystawił"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="voucher_batches",
    )
    size = models.PositiveIntegerField(_("liczba kodów"))
    valid_until = models.DateTimeField(_("ważna do"), null=True, blank=True)
    created_at = models.DateTimeField(_("utworzono"), default=timezone.now)
    # The codes are made in the background (tasks.batch_codes_generate); set once all exist.
    generated_at = models.DateTimeField(_("wygenerowano"), null=True, blank=True)
    # The key of the form that asked for the batch: the same form sent again (a double
    # click, a duplicated tab) finds this batch instead of making a second one. NULL, not
    # "", for batches ordered without a form: NULLs never collide in the unique constraint.
    idempotency_key = models.CharField(  # noqa: DJ001
        max_length=64, null=True, blank=True, editable=False
    )

    class Meta:
        verbose_name = _("pula voucherów")
        verbose_name_plural = _("pule voucherów")
        ordering = ["-created_at", "-id"]
        constraints = [
            _at_most_one_product("batch_at_most_one_product"),
            models.UniqueConstraint(
                fields=["issued_by", "idempotency_key"], name="batch_idempotency_key_once"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_generated(self) -> bool:
        return self.generated_at is not None


class Voucher(GrantsProduct):
    code = models.CharField(
        _("kod"),
        max_length=CODE_MAX_LENGTH,
        unique=True,
        validators=[
            RegexValidator(
                CODE_SHAPE, _("Kod może zawierać tylko litery A-Z, cyfry, myślnik i podkreślnik.")
            )
        ],
    )
    seats = models.PositiveIntegerField(_("liczba miejsc"), default=1)
    seats_used = models.PositiveIntegerField(_("wykorzystane miejsca"), default=0)
    valid_from = models.DateTimeField(_("ważny od"), default=timezone.now)
    valid_until = models.DateTimeField(_("ważny do"), null=True, blank=True)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("wystawił"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="issued_vouchers",
    )
    batch = models.ForeignKey(
        VoucherBatch,
        verbose_name=_("pula"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="vouchers",
    )
    created_at = models.DateTimeField(_("utworzono"), default=timezone.now)

    class Meta:
        verbose_name = _("voucher")
        verbose_name_plural = _("vouchery")
        ordering = ["-created_at", "-id"]
        constraints = [
            _at_most_one_product("voucher_at_most_one_product"),
            models.CheckConstraint(
                condition=Q(seats_used__lte=F("seats")), name="voucher_seats_not_exceeded"
            ),
        ]

    def __str__(self) -> str:
        return self.code

    def save(self, *args, **kwargs) -> None:
        self.code = normalize_code(self.code)
        super().save(*args, **kwargs)

    @property
    def seats_left(self) -> int:
        return max(self.seats - self.seats_used, 0)


class Redemption(models.Model):
    """One learner's use of one seat of a voucher; a learner uses a voucher once."""

    voucher = models.ForeignKey(
        Voucher, verbose_name=_("voucher"), on_delete=models.PROTECT, related_name="redemptions"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("użytkownik"),
        on_delete=models.CASCADE,
        related_name="voucher_redemptions",
    )
    access = models.ForeignKey(
        "learning.Access",
        verbose_name=_("dostęp"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    redeemed_at = models.DateTimeField(_("wykorzystano"), default=timezone.now)

    class Meta:
        verbose_name = _("wykorzystanie vouchera")
        verbose_name_plural = _("wykorzystania voucherów")
        ordering = ["-redeemed_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["voucher", "user"], name="redemption_once_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.voucher} → {self.user}"


class VoucherAllowance(models.Model):
    """How many codes in total an admin lets a reseller (or cloud customer) generate."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("użytkownik"),
        on_delete=models.CASCADE,
        related_name="voucher_allowance",
    )
    codes = models.PositiveIntegerField(_("limit kodów"), default=0)
    updated_at = models.DateTimeField(_("zmieniono"), auto_now=True)

    class Meta:
        verbose_name = _("limit voucherów")
        verbose_name_plural = _("limity voucherów")

    def __str__(self) -> str:
        return f"{self.user}: {self.codes}"
