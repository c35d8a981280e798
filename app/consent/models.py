"""Consent: django-cookie-consent's cookie groups are the purposes and its cookies the
services; these tables add what the library lacks (the English texts, the English-only
services) and the consent log (docs/behaviour.md#consent-log)."""

from cookie_consent.models import Cookie, CookieGroup
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PurposeText(models.Model):
    """The English name and description of a purpose; the library's own fields hold the
    Polish ones."""

    cookiegroup = models.OneToOneField(
        CookieGroup, on_delete=models.CASCADE, related_name="text", verbose_name=_("cel")
    )
    name_en = models.CharField(_("nazwa (angielski)"), max_length=100, blank=True)
    description_en = models.TextField(_("opis (angielski)"), blank=True)

    class Meta:
        verbose_name = _("tekst celu")
        verbose_name_plural = _("teksty celu")

    def __str__(self) -> str:
        return self.name_en


class ServiceText(models.Model):
    """How a service is shown: its Polish and English names, its English description (the
    library's `description` is the Polish one) and the site languages it is used on."""

    cookie = models.OneToOneField(
        Cookie, on_delete=models.CASCADE, related_name="text", verbose_name=_("usługa")
    )
    label_pl = models.CharField(_("nazwa (polski)"), max_length=100)
    label_en = models.CharField(_("nazwa (angielski)"), max_length=100, blank=True)
    description_en = models.TextField(_("opis (angielski)"), blank=True)
    # Empty: every language of the site; "en": only the English site.
    only_language = models.CharField(
        _("tylko w języku"),
        max_length=8,
        choices=settings.LANGUAGES,
        blank=True,
        help_text=_("Puste: usługa działa w każdej wersji językowej."),
    )

    class Meta:
        verbose_name = _("tekst usługi")
        verbose_name_plural = _("teksty usługi")

    def __str__(self) -> str:
        return self.label_pl


class ConsentEvent(models.Model):
    """One entry of the consent log: what the visitor did, under which definition version
    and with which services accepted. The session is kept only as a keyed hash."""

    class Action(models.TextChoices):
        SCRIPT_INITIALIZATION = "script_initialization", _("wczytanie")
        ACCEPT = "accept", _("zapisanie wyboru")
        ACCEPT_ALL = "accept_all", _("akceptacja wszystkich")
        SHOW_POPUP = "show_popup", _("pokazanie okna")
        FORCE_SHOW_POPUP = "force_show_popup", _("otwarcie okna przez użytkownika")
        NEWSLETTER_GIVEN = "newsletter_given", _("zgoda na informacje o promocjach")
        NEWSLETTER_WITHDRAWN = "newsletter_withdrawn", _("wycofanie zgody na informacje")

    action = models.CharField(_("zdarzenie"), max_length=32, choices=Action.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="consent_events",
        verbose_name=_("użytkownik"),
    )
    session_hash = models.CharField(_("skrót sesji"), max_length=64, blank=True, db_index=True)
    version = models.CharField(_("wersja definicji"), max_length=40, blank=True)
    services = models.JSONField(_("zaakceptowane usługi"), default=list, blank=True)
    created_at = models.DateTimeField(_("kiedy"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("zdarzenie zgody")
        verbose_name_plural = _("dziennik zgód")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.created_at:%Y-%m-%d %H:%M}"
