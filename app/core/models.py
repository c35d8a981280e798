import secrets
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from app.core.tokens import EXPIRED, UNKNOWN, USED, OneTimeToken


def new_generation() -> int:
    """A fresh generation: random, so a row created anew (a database restored or rebuilt)
    never repeats one that entries in the cache were built under."""
    return secrets.randbits(62)


class CachedRowQuerySet[M: models.Model](models.QuerySet[M]):
    """Rows whose generation moves with every write, bulk updates included."""

    def update(self, **kwargs: Any) -> int:
        # Migrations use the manager with historical models that may predate the field.
        if hasattr(self.model, "cache_generation"):
            kwargs.setdefault("cache_generation", new_generation())
        return super().update(**kwargs)

    def generation_bump(self) -> int:
        """Move the generation of every row of the query: entries built under the old
        ones are never read again. Returns how many rows moved."""
        return self.update()


class CachedRow(models.Model):
    """A row that cached views of it carry the generation of (app/core/versioned_cache.py).

    The generation lives in the row, so it commits or rolls back with the change: a cache
    that is down, slow or loses a write can only cost a rebuild. Every save moves it (never
    back to a value a stale copy of the row in memory still holds), and so does every
    `update()` of the row's queryset."""

    cache_generation = models.BigIntegerField(default=new_generation, editable=False)

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.cache_generation = new_generation()
        update_fields = kwargs.get("update_fields")
        if update_fields:
            kwargs["update_fields"] = [*update_fields, "cache_generation"]
        super().save(*args, **kwargs)


class CacheGeneration(models.Model):
    """The generation of something shared by everyone (the catalogue, the alerts, the
    consent definition), moved by every change of it, in the same transaction."""

    key = models.CharField(max_length=64, primary_key=True)
    value = models.BigIntegerField(default=new_generation)

    class Meta:
        verbose_name = _("generacja pamięci podręcznej")
        verbose_name_plural = _("generacje pamięci podręcznej")

    def __str__(self) -> str:
        return f"{self.key}: {self.value}"


class DataExport(OneTimeToken):
    """A learner's data export (app.core.data_export) waiting behind a one-time link."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="data_exports",
        verbose_name=_("użytkownik"),
    )
    # One per request: a task that runs twice finds its export already built.
    request_key = models.CharField(_("klucz prośby"), max_length=64, unique=True)
    content = models.JSONField(_("dane"), null=True, blank=True, encoder=DjangoJSONEncoder)

    refusals = {
        UNKNOWN: _("Ten link do danych jest nieprawidłowy albo należy do innego konta."),
        USED: _("Ten link do danych został już wykorzystany. Poproś o nowy na stronie profilu."),
        EXPIRED: _("Ten link do danych wygasł. Poproś o nowy na stronie profilu."),
    }

    class Meta:
        verbose_name = _("eksport danych")
        verbose_name_plural = _("eksporty danych")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.user} ({self.created_at:%Y-%m-%d %H:%M})"

    @classmethod
    def spent_before(cls, cutoff: datetime) -> Q:
        # The copy of a person's data is kept no longer than its link works.
        return Q(used_at__isnull=False) | Q(expires_at__lte=timezone.now())


class EmailOutbox(models.Model):
    """An e-mail the platform decided to send, stored in the same transaction as the
    change that asked for it, so it is neither lost when the broker (Redis) is down nor
    sent when that change is rolled back. The task enqueued on commit sends it; whatever
    was not sent (the broker was away, a worker died) the periodic drain sends later.
    A row is sent once: its sender holds the row's lock, and its `key` names the one
    e-mail. Sent rows are the record of what went out (EMAIL_OUTBOX_RETENTION)."""

    key = models.CharField(_("klucz"), max_length=200, unique=True)
    template = models.CharField(_("szablon"), max_length=100)
    # Indexed: the purge of deleted accounts scrubs their address from the record.
    to = models.EmailField(_("odbiorca"), db_index=True)
    language = models.CharField(_("język"), max_length=8)
    # Emptied once sent: the links and names in it are needed only to render the e-mail.
    context = models.JSONField(_("dane"), default=dict, blank=True)
    created_at = models.DateTimeField(_("utworzono"), auto_now_add=True)
    sent_at = models.DateTimeField(_("wysłano"), null=True, blank=True)
    attempts = models.PositiveIntegerField(_("próby"), default=0)

    class Meta:
        verbose_name = _("e-mail do wysłania")
        verbose_name_plural = _("e-maile do wysłania")
        ordering = ["created_at"]
        indexes = [
            models.Index(
                fields=["created_at"],
                condition=models.Q(sent_at__isnull=True),
                name="core_outbox_unsent",
            )
        ]

    def __str__(self) -> str:
        return f"{self.template} → {self.to}"

    @classmethod
    def stale_rows(cls, *, now: datetime) -> models.QuerySet["EmailOutbox"]:
        """Rows sent more than EMAIL_OUTBOX_RETENTION ago, deleted by the daily clean-up;
        a row not sent yet is never stale."""
        return cls.objects.filter(sent_at__lte=now - settings.EMAIL_OUTBOX_RETENTION)


class LimitEvent(models.Model):
    """How often an account was slowed down or refused by a limit on a day (never from
    where: no address is kept). Institutions see their learners' counts in their area, so a
    classroom held up at the door shows (docs/behaviour.md#limits); kept
    LIMIT_EVENTS_RETENTION."""

    class Kind(models.TextChoices):
        SLOWED = "slowed", _("spowolnione")
        REFUSED = "refused", _("odrzucone")

    day = models.DateField(_("dzień"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("użytkownik"),
    )
    kind = models.CharField(_("rodzaj"), max_length=16, choices=Kind.choices)
    count = models.PositiveIntegerField(_("liczba"), default=0)

    class Meta:
        verbose_name = _("zdarzenie limitu")
        verbose_name_plural = _("zdarzenia limitów")
        constraints = [
            models.UniqueConstraint(fields=["day", "user", "kind"], name="limit_event_once_a_day")
        ]

    def __str__(self) -> str:
        return f"{self.day} {self.kind} ×{self.count}"

    @classmethod
    def stale_rows(cls, *, now: datetime) -> models.QuerySet["LimitEvent"]:
        """Days more than LIMIT_EVENTS_RETENTION before `now`'s, deleted by the daily
        clean-up (an institution's area reads the last 30 days of them)."""
        oldest_kept = timezone.localdate(now) - settings.LIMIT_EVENTS_RETENTION
        return cls.objects.filter(day__lt=oldest_kept)
