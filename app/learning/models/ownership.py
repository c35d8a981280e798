"""Who owns what: one access record per learner and course, exam or learning path."""

from typing import Any, Literal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from app.learning.models.catalogue import Course, Exam, LearningPath

ProductKind = Literal["course", "exam", "path"]


def product_link[P: (Course, Exam, LearningPath)](
    product: type[P], verbose_name: Any, *, on_delete: Any, related_name: str
) -> "models.ForeignKey[P | None, P | None]":
    """A record's link to its product of one kind: a record holds one product (or, where
    its constraint allows, none), so the links of the other kinds stay empty."""
    return models.ForeignKey(
        product,
        verbose_name=verbose_name,
        null=True,
        blank=True,
        on_delete=on_delete,
        related_name=related_name,
    )


def one_product() -> Q:
    """The condition that a record links exactly one product: a course, an exam or a path."""
    return (
        Q(course__isnull=False, exam__isnull=True, path__isnull=True)
        | Q(course__isnull=True, exam__isnull=False, path__isnull=True)
        | Q(course__isnull=True, exam__isnull=True, path__isnull=False)
    )


class Access(models.Model):
    """A learner owns exactly one product through this record. A path's courses are owned
    through the path (see selectors.owned_courses), so they need no records of their own."""

    class Source(models.TextChoices):
        VOUCHER = "voucher", _("voucher")
        TEAM = "team", _("zespół")
        ADMIN = "admin", _("administrator")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("użytkownik"),
        on_delete=models.CASCADE,
        related_name="accesses",
    )
    course = product_link(Course, _("kurs"), on_delete=models.CASCADE, related_name="accesses")
    exam = product_link(Exam, _("egzamin"), on_delete=models.CASCADE, related_name="accesses")
    path = product_link(
        LearningPath, _("ścieżka"), on_delete=models.CASCADE, related_name="accesses"
    )
    source = models.CharField(_("źródło"), max_length=16, choices=Source.choices)
    # What the learner recognises the source by: the voucher code or the team's name.
    source_detail = models.CharField(_("szczegóły źródła"), max_length=200, blank=True)
    granted_at = models.DateTimeField(_("przyznano"), default=timezone.now)

    class Meta:
        verbose_name = _("dostęp")
        verbose_name_plural = _("dostępy")
        ordering = ["-granted_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=one_product(), name="access_one_product"),
            # NULLs never collide, so each constraint only bites for its own product kind.
            models.UniqueConstraint(fields=["user", "course"], name="access_course_once"),
            models.UniqueConstraint(fields=["user", "exam"], name="access_exam_once"),
            models.UniqueConstraint(fields=["user", "path"], name="access_path_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} → {self.product}"

    @property
    def kind(self) -> ProductKind:
        if self.course_id:
            return "course"
        return "exam" if self.exam_id else "path"

    @property
    def product(self) -> Course | Exam | LearningPath | None:
        return self.course or self.exam or self.path
