"""The learner area (platforma) and the author area."""

from app.learning.views.author import author, author_not_found
from app.learning.views.course import course, course_favourite, lesson_done
from app.learning.views.lists import (
    certificates,
    exams,
    favourite_remove,
    favourites,
    home,
    interview_questions,
    my_courses,
    platforma_not_found,
    progress,
)
from app.learning.views.notes import note_delete, note_update, notes
from app.learning.views.profile import avatar, avatar_remove, profile

__all__ = [
    "author",
    "author_not_found",
    "avatar",
    "avatar_remove",
    "certificates",
    "course",
    "course_favourite",
    "exams",
    "favourite_remove",
    "favourites",
    "home",
    "interview_questions",
    "lesson_done",
    "my_courses",
    "note_delete",
    "note_update",
    "notes",
    "platforma_not_found",
    "profile",
    "progress",
]
