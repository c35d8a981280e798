"""What the platform teaches (the catalogue), who owns what, and what learners do with it."""

from app.learning.models.catalogue import (
    Course,
    Exam,
    InterviewQuestion,
    LearningPath,
    Lesson,
    PathCourse,
)
from app.learning.models.ownership import Access, ProductKind, one_product, product_link
from app.learning.models.study import Certificate, Favourite, LessonProgress, Note

__all__ = [
    "Access",
    "Certificate",
    "Course",
    "Exam",
    "Favourite",
    "InterviewQuestion",
    "LearningPath",
    "Lesson",
    "LessonProgress",
    "Note",
    "PathCourse",
    "ProductKind",
    "one_product",
    "product_link",
]
