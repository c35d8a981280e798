from django.contrib import admin

from app.learning.models import (
    Access,
    Certificate,
    Course,
    Exam,
    Favourite,
    InterviewQuestion,
    LearningPath,
    Lesson,
    LessonProgress,
    Note,
    PathCourse,
)


class LessonInline(admin.StackedInline):
    model = Lesson
    extra = 0
    fields = ["position", "title", "text", "video_url"]


class InterviewQuestionInline(admin.StackedInline):
    model = InterviewQuestion
    extra = 0


@admin.register(Course)
class CourseAdmin(admin.ModelAdmin):
    list_display = ["title", "author", "created_at"]
    search_fields = ["title"]
    list_select_related = ["author"]
    autocomplete_fields = ["author"]
    inlines = [LessonInline, InterviewQuestionInline]


@admin.register(Exam)
class ExamAdmin(admin.ModelAdmin):
    list_display = ["title", "created_at"]
    search_fields = ["title"]


class PathCourseInline(admin.TabularInline):
    model = PathCourse
    extra = 0
    autocomplete_fields = ["course"]


@admin.register(LearningPath)
class LearningPathAdmin(admin.ModelAdmin):
    list_display = ["title", "created_at"]
    search_fields = ["title"]
    inlines = [PathCourseInline]


@admin.register(Access)
class AccessAdmin(admin.ModelAdmin):
    """Admins grant access here (source "admin") or revoke it by deleting the record."""

    list_display = ["user", "course", "exam", "path", "source", "source_detail", "granted_at"]
    list_filter = ["source"]
    search_fields = ["user__email", "course__title", "exam__title", "path__title"]
    list_select_related = ["user", "course", "exam", "path"]
    autocomplete_fields = ["user", "course", "exam", "path"]


@admin.register(Certificate)
class CertificateAdmin(admin.ModelAdmin):
    list_display = ["participant_name", "course", "issued_on", "user"]
    search_fields = ["participant_name", "user__email", "course__title"]
    list_select_related = ["user", "course"]
    autocomplete_fields = ["user", "course"]


@admin.register(Note)
class NoteAdmin(admin.ModelAdmin):
    list_display = ["user", "course", "updated_at"]
    search_fields = ["user__email", "course__title"]
    list_select_related = ["user", "course"]
    autocomplete_fields = ["user", "course"]


@admin.register(Favourite)
class FavouriteAdmin(admin.ModelAdmin):
    list_display = ["user", "course", "created_at"]
    list_select_related = ["user", "course"]
    autocomplete_fields = ["user", "course"]


@admin.register(LessonProgress)
class LessonProgressAdmin(admin.ModelAdmin):
    list_display = ["user", "lesson", "completed_at"]
    list_select_related = ["user", "lesson"]
    autocomplete_fields = ["user"]
    raw_id_fields = ["lesson"]
