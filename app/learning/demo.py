"""Demo catalogue of `manage.py seed_demo`: courses with lessons, an exam, a path, and a
little of the demo learner's own study (an owned course, progress, a note, a certificate)."""

from app.accounts.models import User
from app.learning import services
from app.learning.models import (
    Access,
    Course,
    Exam,
    InterviewQuestion,
    LearningPath,
    Lesson,
    LessonProgress,
    Note,
    PathCourse,
)

COURSES = {
    "Python od podstaw": (
        "Składnia, typy danych, funkcje i moduły: pierwszy krok do programowania w Pythonie.",
        [
            ("Instalacja i pierwszy program", "Instalujemy Pythona i uruchamiamy print()."),
            ("Zmienne i typy danych", "Liczby, napisy, listy, słowniki i krotki."),
            ("Instrukcje warunkowe i pętle", "if, for, while oraz break i continue."),
            ("Funkcje", "Parametry, wartości domyślne i zwracanie wyników."),
            ("Moduły i pakiety", "import, pip i środowiska wirtualne."),
        ],
        [
            ("Czym różni się lista od krotki?", "Lista jest zmienna, krotka nie."),
            ("Co robi instrukcja with?", "Zarządza kontekstem, np. zamyka plik po użyciu."),
        ],
    ),
    "Django w praktyce": (
        "Modele, widoki, formularze i testy: aplikacja webowa od zera do wdrożenia.",
        [
            ("Projekt i aplikacje", "django-admin startproject i struktura katalogów."),
            ("Modele i migracje", "ORM, relacje i migracje bazy danych."),
            ("Widoki i szablony", "Funkcje widoków, adresy URL i szablony."),
            ("Testy", "pytest-django i fabryki danych testowych."),
        ],
        [("Do czego służą migracje?", "Opisują zmiany schematu bazy danych w kodzie.")],
    ),
    "SQL dla analityków": (
        "Zapytania, złączenia i funkcje okna na przykładach z prawdziwych danych.",
        [
            ("SELECT i WHERE", "Wybieranie kolumn i filtrowanie wierszy."),
            ("Złączenia", "INNER, LEFT i FULL JOIN."),
            ("Funkcje okna", "ROW_NUMBER, RANK i sumy kroczące."),
        ],
        [("Czym różni się WHERE od HAVING?", "HAVING filtruje wyniki po grupowaniu.")],
    ),
    "Docker od podstaw": (
        "Obrazy, kontenery i docker compose: środowisko, które działa tak samo wszędzie.",
        [
            ("Obrazy i kontenery", "docker run, docker ps i warstwy obrazu."),
            ("Dockerfile", "Budujemy własny obraz aplikacji."),
            ("docker compose", "Aplikacja z bazą danych w jednym pliku."),
        ],
        [("Czym różni się obraz od kontenera?", "Kontener to uruchomiona instancja obrazu.")],
    ),
    "Git i GitHub": (
        "Wersjonowanie kodu, gałęzie i praca zespołowa z pull requestami.",
        [
            ("Pierwsze repozytorium", "git init, add i commit."),
            ("Gałęzie", "branch, switch i merge."),
        ],
        [],
    ),
}
EXAM = ("Egzamin: Python - poziom podstawowy", "40 pytań, 60 minut, próg zaliczenia 70%.")
PATH = (
    "Ścieżka: Backend developer",
    "Od pierwszego programu w Pythonie do aplikacji w Django z bazą danych.",
    ["Python od podstaw", "Django w praktyce", "SQL dla analityków"],
)


def _course(title: str, author: User | None) -> Course:
    description, lessons, questions = COURSES[title]
    course, created = Course.objects.get_or_create(
        title=title, defaults={"description": description, "author": author}
    )
    if created:
        Lesson.objects.bulk_create(
            Lesson(course=course, position=n, title=lesson, text=text)
            for n, (lesson, text) in enumerate(lessons, start=1)
        )
        InterviewQuestion.objects.bulk_create(
            InterviewQuestion(course=course, position=n, question=question, answer=answer)
            for n, (question, answer) in enumerate(questions, start=1)
        )
    return course


def seed() -> list[str]:
    author = User.objects.filter(email="author@example.com").first()
    courses = {title: _course(title, author) for title in COURSES}
    Exam.objects.get_or_create(title=EXAM[0], defaults={"description": EXAM[1]})
    path, created = LearningPath.objects.get_or_create(
        title=PATH[0], defaults={"description": PATH[1]}
    )
    if created:
        PathCourse.objects.bulk_create(
            PathCourse(path=path, course=courses[title], position=n)
            for n, title in enumerate(PATH[2], start=1)
        )
    learner = User.objects.filter(email="learner@example.com").first()
    if learner is not None and not Access.objects.filter(user=learner).exists():
        git = courses["Git i GitHub"]
        services.access_grant(user=learner, product=git, source=Access.Source.ADMIN)
        for lesson in git.lessons.all():
            LessonProgress.objects.get_or_create(user=learner, lesson=lesson)
        services.certificate_issue(user=learner, course=git)
        services.favourite_set(user=learner, course=git, favourite=True)
        Note.objects.create(
            user=learner, course=git, text="Przed merge: git pull --rebase, potem testy."
        )
    return [
        "Demo catalogue: " + ", ".join(COURSES) + f"; exam '{EXAM[0]}'; path '{PATH[0]}'.",
        "  learner@example.com owns 'Git i GitHub' (finished, with a certificate and a note).",
    ]
