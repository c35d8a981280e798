"""The learning part of a learner's data export (app.core.data_export): what they own,
what they did and wrote."""

from typing import Any

from app.learning.models import Access, Certificate, Favourite, LessonProgress, Note


def learning_export(user: Any) -> dict[str, Any]:
    accesses = Access.objects.filter(user=user).select_related("course", "exam", "path")
    progress = LessonProgress.objects.filter(user=user).select_related("lesson__course")
    return {
        "access": [
            {
                "course": access.course.title if access.course else None,
                "exam": access.exam.title if access.exam else None,
                "path": access.path.title if access.path else None,
                "source": access.source,
                "granted_at": access.granted_at,
            }
            for access in accesses.order_by("granted_at", "pk")
        ],
        "lessons_completed": [
            {
                "course": done.lesson.course.title,
                "lesson": done.lesson.title,
                "completed_at": done.completed_at,
            }
            for done in progress.order_by("completed_at", "pk")
        ],
        "certificates": [
            {
                "course": certificate.course.title,
                "participant_name": certificate.participant_name,
                "issued_on": certificate.issued_on,
            }
            for certificate in Certificate.objects.filter(user=user).select_related("course")
        ],
        "favourites": [
            {"course": favourite.course.title, "added_at": favourite.created_at}
            for favourite in Favourite.objects.filter(user=user).select_related("course")
        ],
        "notes": [
            {
                "course": note.course.title,
                "text": note.text,
                "created_at": note.created_at,
                "updated_at": note.updated_at,
            }
            for note in Note.objects.filter(user=user).select_related("course").order_by("pk")
        ],
    }
