"""What learners do with their courses: finished lessons, certificates, favourites, notes."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from app.learning.models.catalogue import Course, Lesson

NOTE_MAX_LENGTH = 5000


class LessonProgress(models.Model):
    """A lesson the learner marked as done; unmarking deletes the row."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("użytkownik"),
        on_delete=models.CASCADE,
        related_name="lesson_progress",
    )
    lesson = models.ForeignKey(
        Lesson, verbose_name=_("lekcja"), on_delete=models.CASCADE, related_name="progress"
    )
    completed_at = models.DateTimeField(_("ukończono"), default=timezone.now)

    class Meta:
        verbose_name = _("ukończona lekcja")
        verbose_name_plural = _("ukończone lekcje")
        constraints = [
            models.UniqueConstraint(fields=["user", "lesson"], name="lesson_done_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ✓ {self.lesson}"


class Certificate(models.Model):
    """Issued when every lesson of a course is done. The name is stored as printed, so a
    later change of the account's name does not alter an issued certificate."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("użytkownik"),
        on_delete=models.CASCADE,
        related_name="certificates",
    )
    course = models.ForeignKey(
        Course, verbose_name=_("kurs"), on_delete=models.PROTECT, related_name="certificates"
    )
    participant_name = models.CharField(_("imię i nazwisko uczestnika"), max_length=301)
    issued_on = models.DateField(_("data wydania"), default=timezone.localdate)

    class Meta:
        verbose_name = _("certyfikat")
        verbose_name_plural = _("certyfikaty")
        ordering = ["-issued_on", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "course"], name="certificate_once"),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.participant_name}"

    @property
    def number(self) -> str:
        return f"{self.issued_on:%Y}/{self.pk:06d}"


class Favourite(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("użytkownik"),
        on_delete=models.CASCADE,
        related_name="favourites",
    )
    course = models.ForeignKey(
        Course, verbose_name=_("kurs"), on_delete=models.CASCADE, related_name="favourites"
    )
    created_at = models.DateTimeField(_("dodano"), default=timezone.now)

    class Meta:
        verbose_name = _("ulubiony kurs")
        verbose_name_plural = _("ulubione kursy")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "course"], name="favourite_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ♥ {self.course}"


class Note(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("użytkownik"),
        on_delete=models.CASCADE,
        related_name="notes",
    )
    course = models.ForeignKey(
        Course, verbose_name=_("kurs"), on_delete=models.CASCADE, related_name="notes"
    )
    text = models.TextField(_("treść"), max_length=NOTE_MAX_LENGTH)
    created_at = models.DateTimeField(_("utworzono"), default=timezone.now)
    updated_at = models.DateTimeField(_("zmieniono"), default=timezone.now)

    class Meta:
        verbose_name = _("notatka")
        verbose_name_plural = _("notatki")
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["user", "-updated_at"])]

    def __str__(self) -> str:
        return self.text[:80]
