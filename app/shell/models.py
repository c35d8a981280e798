"""What the shell shows around every page: alerts, the site's own pages, notifications."""

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from app.shell.validators import validate_link

hex_colour = RegexValidator(r"^#[0-9A-Fa-f]{6}$", _("Podaj kolor w formacie #RRGGBB."))


class AlertQuerySet(models.QuerySet):
    def active(self, at=None):
        at = at or timezone.now()
        return self.filter(is_published=True, starts_at__lte=at).filter(
            Q(ends_at__isnull=True) | Q(ends_at__gt=at)
        )


class Alert(models.Model):
    """A site-wide alert bar (docs/behaviour.md#alert-banner), shown while its window is open."""

    text_desktop = models.CharField(_("tekst na komputerze"), max_length=300)
    text_mobile = models.CharField(_("tekst na telefonie"), max_length=160)
    button_label = models.CharField(_("etykieta przycisku"), max_length=60, blank=True)
    # English visitors get these when they are filled in, the Polish texts otherwise.
    text_desktop_en = models.CharField(
        _("tekst na komputerze (angielski)"), max_length=300, blank=True
    )
    text_mobile_en = models.CharField(
        _("tekst na telefonie (angielski)"), max_length=160, blank=True
    )
    button_label_en = models.CharField(
        _("etykieta przycisku (angielski)"), max_length=60, blank=True
    )
    button_url = models.CharField(
        _("adres przycisku"), max_length=500, blank=True, validators=[validate_link]
    )
    is_close_button = models.BooleanField(_("można zamknąć"), default=True)
    background_color = models.CharField(
        _("kolor tła"), max_length=7, default="#1d4ed8", validators=[hex_colour]
    )
    text_color = models.CharField(
        _("kolor tekstu"), max_length=7, default="#ffffff", validators=[hex_colour]
    )
    is_published = models.BooleanField(_("opublikowany"), default=True)
    starts_at = models.DateTimeField(_("pokazuj od"), default=timezone.now)
    ends_at = models.DateTimeField(_("pokazuj do"), null=True, blank=True)

    objects = AlertQuerySet.as_manager()

    class Meta:
        verbose_name = _("komunikat")
        verbose_name_plural = _("komunikaty")
        ordering = ["-starts_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_at__isnull=True) | Q(ends_at__gt=models.F("starts_at")),
                name="shell_alert_window_ends_after_start",
            )
        ]

    def __str__(self) -> str:
        return self.text_desktop


class SitePage(models.Model):
    """A page of the site editable by admins (privacy policy, purchase terms, …).

    The body is plain text: blank lines separate paragraphs and a line starting with
    "## " is a heading. It is never rendered as HTML.
    """

    slug = models.SlugField(_("adres"), max_length=80, unique=True)
    title_pl = models.CharField(_("tytuł (polski)"), max_length=200)
    title_en = models.CharField(_("tytuł (angielski)"), max_length=200)
    body_pl = models.TextField(_("treść (polski)"))
    body_en = models.TextField(_("treść (angielski)"))
    updated_at = models.DateTimeField(_("zmieniono"), auto_now=True)

    class Meta:
        verbose_name = _("strona")
        verbose_name_plural = _("strony")
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.title_pl


class Notification(models.Model):
    """A message to one user, listed under the bell in the top bar."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="notifications",
        verbose_name=_("użytkownik"),
    )
    message = models.CharField(_("treść"), max_length=300)
    url = models.CharField(_("odnośnik"), max_length=500, blank=True, validators=[validate_link])
    created_at = models.DateTimeField(_("utworzono"), default=timezone.now)
    read_at = models.DateTimeField(_("przeczytano"), null=True, blank=True)

    class Meta:
        verbose_name = _("powiadomienie")
        verbose_name_plural = _("powiadomienia")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self) -> str:
        return self.message
