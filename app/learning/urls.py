from django.urls import path

from app.learning import views

app_name = "learning"

urlpatterns = [
    path("platforma", views.home, name="home"),
    path("platforma/moje_kursy", views.my_courses, name="my_courses"),
    path("platforma/kurs/<int:course_id>", views.course, name="course"),
    path(
        "platforma/kurs/<int:course_id>/lekcje/<int:lesson_id>",
        views.lesson_done,
        name="lesson_done",
    ),
    path("platforma/kurs/<int:course_id>/ulubione", views.course_favourite, name="favourite"),
    path("platforma/egzamin", views.exams, name="exams"),
    path("platforma/pytania-rekrutacyjne", views.interview_questions, name="interview_questions"),
    path("platforma/ulubione", views.favourites, name="favourites"),
    path(
        "platforma/ulubione/<int:course_id>/usun",
        views.favourite_remove,
        name="favourite_remove",
    ),
    path("platforma/notatki", views.notes, name="notes"),
    path("platforma/notatki/<int:note_id>", views.note_update, name="note_update"),
    path("platforma/notatki/<int:note_id>/usun", views.note_delete, name="note_delete"),
    path("platforma/certyfikaty", views.certificates, name="certificates"),
    path("platforma/postepy", views.progress, name="progress"),
    path("platforma/profil", views.profile, name="profile"),
    path("platforma/profil/awatar", views.avatar, name="avatar"),
    path("platforma/profil/awatar/usun", views.avatar_remove, name="avatar_remove"),
    path("platforma/<path:rest>", views.platforma_not_found),
    path("author", views.author, name="author"),
    path("author/<path:rest>", views.author_not_found),
]
