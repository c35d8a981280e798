"""The catalogue: courses with ordered lessons, exams, and learning paths of ordered courses."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

TITLE_MAX_LENGTH = 200


class Course(models.Model):
    title = models.CharField(_("tytuł"), max_length=TITLE_MAX_LENGTH)
    description = models.TextField(_("opis"), blank=True)
    # The author area lists a course under this account; courses outlive their authors.
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("autor"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="authored_courses",
    )
    created_at = models.DateTimeField(_("utworzono"), default=timezone.now)

    class Meta:
        verbose_name = _("kurs")
        verbose_name_plural = _("kursy")
        ordering = ["title", "id"]

    def __str__(self) -> str:
        return self.title


class Lesson(models.Model):
    course = models.ForeignKey(
        Course, verbose_name=_("kurs"), on_delete=models.CASCADE, related_name="lessons"
    )
    position = models.PositiveIntegerField(_("kolejność"), default=0)
    title = models.CharField(_("tytuł"), max_length=TITLE_MAX_LENGTH)
    text = models.TextField(_("treść"), blank=True)
    video_url = models.URLField(_("adres wideo"), blank=True)

    class Meta:
        verbose_name = _("lekcja")
        verbose_name_plural = _("lekcje")
        ordering = ["position", "id"]
        indexes = [models.Index(fields=["course", "position"])]

    def __str__(self) -> str:
        return self.title


class InterviewQuestion(models.Model):
    """A recruitment-interview question that comes with a course (pytania-rekrutacyjne)."""

    course = models.ForeignKey(
        Course,
        verbose_name=_("kurs"),
        on_delete=models.CASCADE,
        related_name="interview_questions",
    )
    position = models.PositiveIntegerField(_("kolejność"), default=0)
    question = models.TextField(_("pytanie"))
    answer = models.TextField(_("odpowiedź"), blank=True)

    class Meta:
        verbose_name = _("pytanie rekrutacyjne")
        verbose_name_plural = _("pytania rekrutacyjne")
        ordering = ["course", "position", "id"]

    def __str__(self) -> str:
        return self.question[:80]


class Exam(models.Model):
    title = models.CharField(_("tytuł"), max_length=TITLE_MAX_LENGTH)
    description = models.TextField(_("opis"), blank=True)
    created_at = models.DateTimeField(_("utworzono"), default=timezone.now)

    class Meta:
        verbose_name = _("egzamin")
        verbose_name_plural = _("egzaminy")
        ordering = ["title", "id"]

    def __str__(self) -> str:
        return self.title


class LearningPath(models.Model):
    title = models.CharField(_("tytuł"), max_length=TITLE_MAX_LENGTH)
    description = models.TextField(_("opis"), blank=True)
    courses = models.ManyToManyField(
        Course, through="PathCourse", verbose_name=_("kursy"), related_name="paths"
    )
    created_at = models.DateTimeField(_("utworzono"), default=timezone.now)

    class Meta:
        verbose_name = _("ścieżka nauki")
        verbose_name_plural = _("ścieżki nauki")
        ordering = ["title", "id"]

    def __str__(self) -> str:
        return self.title


class PathCourse(models.Model):
    path = models.ForeignKey(
        LearningPath, verbose_name=_("ścieżka"), on_delete=models.CASCADE, related_name="links"
    )
    course = models.ForeignKey(
        Course, verbose_name=_("kurs"), on_delete=models.CASCADE, related_name="path_links"
    )
    position = models.PositiveIntegerField(_("kolejność"), default=0)

    class Meta:
        verbose_name = _("kurs ścieżki")
        verbose_name_plural = _("kursy ścieżki")
        ordering = ["position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["path", "course"], name="path_course_once"),
        ]

    def __str__(self) -> str:
        return f"{self.path} → {self.course}"
