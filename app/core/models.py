from django.db import models
from django.utils.translation import gettext_lazy as _


class EmailLog(models.Model):
    """One row per e-mail the platform decided to send, keyed so a task that runs twice
    (a retry, a redelivery after a worker crash) sends it only once."""

    key = models.CharField(_("klucz"), max_length=200, unique=True)
    template = models.CharField(_("szablon"), max_length=100)
    # Indexed: the purge of deleted accounts scrubs their address from this log.
    to = models.EmailField(_("odbiorca"), db_index=True)
    language = models.CharField(_("język"), max_length=8)
    created_at = models.DateTimeField(_("utworzono"), auto_now_add=True)
    sent_at = models.DateTimeField(_("wysłano"), null=True, blank=True)

    class Meta:
        verbose_name = _("wysłany e-mail")
        verbose_name_plural = _("wysłane e-maile")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.template} → {self.to}"
