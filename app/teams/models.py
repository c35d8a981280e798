"""Teams: managers invite learners by e-mail; members get what the team grants."""

from datetime import datetime

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from app.core.models import CachedRow, CachedRowQuerySet
from app.core.tokens import OneTimeToken
from app.learning.models import Course, Exam, LearningPath

TEAM_NAME_MAX_LENGTH = 120


class Team(CachedRow):
    name = models.CharField(_("nazwa"), max_length=TEAM_NAME_MAX_LENGTH)
    # A manager usually runs one team; a manager leader runs several.
    managers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("menedżerowie"),
        blank=True,
        related_name="managed_teams",
    )
    # What every member receives on joining.
    courses = models.ManyToManyField(
        Course, verbose_name=_("kursy"), blank=True, related_name="teams"
    )
    exams = models.ManyToManyField(Exam, verbose_name=_("egzaminy"), blank=True, related_name="+")
    paths = models.ManyToManyField(
        LearningPath, verbose_name=_("ścieżki nauki"), blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("utworzono"), default=timezone.now)

    objects = CachedRowQuerySet.as_manager()

    class Meta:
        verbose_name = _("zespół")
        verbose_name_plural = _("zespoły")
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    team = models.ForeignKey(
        Team, verbose_name=_("zespół"), on_delete=models.CASCADE, related_name="memberships"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("użytkownik"),
        on_delete=models.CASCADE,
        related_name="team_memberships",
    )
    joined_at = models.DateTimeField(_("dołączył"), default=timezone.now)

    class Meta:
        verbose_name = _("członek zespołu")
        verbose_name_plural = _("członkowie zespołu")
        ordering = ["-joined_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["team", "user"], name="membership_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ∈ {self.team}"


class Invitation(OneTimeToken):
    """An e-mailed link to join a team. `used_at` is the moment it was accepted; only the
    digest of the link's secret is stored, so a resend issues a new secret."""

    team = models.ForeignKey(
        Team, verbose_name=_("zespół"), on_delete=models.CASCADE, related_name="invitations"
    )
    email = models.EmailField(_("e-mail"))
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("zaprosił"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("przyjął"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    sent_count = models.PositiveIntegerField(_("liczba wysyłek"), default=1)
    last_sent_at = models.DateTimeField(_("ostatnio wysłano"), default=timezone.now)
    revoked_at = models.DateTimeField(_("wycofano"), null=True, blank=True)

    class Meta:
        verbose_name = _("zaproszenie do zespołu")
        verbose_name_plural = _("zaproszenia do zespołów")
        ordering = ["-last_sent_at", "-id"]
        constraints = [
            # One open invitation per address and team: inviting again resends it.
            models.UniqueConstraint(
                fields=["team", "email"],
                condition=Q(used_at__isnull=True, revoked_at__isnull=True),
                name="invitation_open_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.email} → {self.team}"

    def save(self, *args, **kwargs) -> None:
        self.email = self.email.strip().lower()
        super().save(*args, **kwargs)

    @classmethod
    def spent_before(cls, cutoff: datetime) -> Q:
        # A withdrawn invitation stopped working too.
        return super().spent_before(cutoff) | Q(revoked_at__lte=cutoff)

    @property
    def is_open(self) -> bool:
        return self.used_at is None and self.revoked_at is None

    @property
    def is_expired(self) -> bool:
        return self.expires_at <= timezone.now()
