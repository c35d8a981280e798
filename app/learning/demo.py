"""Demo catalogue of `manage.py seed_demo`: twelve courses with lessons, four exams, three
learning paths, and the demo learner's study: six courses at different stages, with lessons
finished over the last twelve weeks (counted back from the day the seed runs), a note, a
favourite and a certificate."""

from datetime import timedelta

from django.utils import timezone

from app.accounts.models import User
from app.learning import services
from app.learning.models import (
    Access,
    Certificate,
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
    "Testowanie w Pythonie": (
        "pytest, fabryki danych i testy w przeglądarce: kod, który można bezpiecznie zmieniać.",
        [
            ("Pierwszy test", "assert, pytest i czytanie raportu."),
            ("Fixtures", "Wspólne przygotowanie danych dla wielu testów."),
            ("Parametryzacja", "Jeden test, wiele przypadków."),
            ("Atrapy", "unittest.mock i testowanie na granicach systemu."),
            ("Testy w przeglądarce", "Playwright: klikamy jak użytkownik."),
            ("Pokrycie i CI", "Testy przy każdym pushu."),
        ],
        [("Czym różni się fixture od setUp?", "Fixture wstrzykuje się przez parametr.")],
    ),
    "Analiza danych w pandas": (
        "Wczytywanie, czyszczenie i grupowanie danych: od arkusza do raportu.",
        [
            ("DataFrame", "Wiersze, kolumny i indeks."),
            ("Wczytywanie danych", "CSV, Excel i bazy danych."),
            ("Czyszczenie", "Braki danych, typy i duplikaty."),
            ("Grupowanie", "groupby i agregacje."),
            ("Wykresy", "Wizualizacja wyników."),
        ],
        [("Co robi groupby?", "Dzieli dane na grupy i liczy dla nich agregaty.")],
    ),
    "Linux dla programistów": (
        "Powłoka, procesy, uprawnienia i skrypty: codzienna praca w terminalu.",
        [
            ("Powłoka", "Polecenia, potoki i przekierowania."),
            ("Pliki i uprawnienia", "chmod, chown i właściciele."),
            ("Procesy", "ps, top, kill i usługi systemd."),
            ("Skrypty", "Automatyzacja w bashu."),
        ],
        [],
    ),
    "JavaScript od podstaw": (
        "Zmienne, funkcje, obiekty i DOM: pierwsze interaktywne strony.",
        [
            ("Zmienne i typy", "let, const i typy prymitywne."),
            ("Funkcje", "Funkcje strzałkowe i domknięcia."),
            ("Obiekty i tablice", "map, filter i reduce."),
            ("DOM", "Zdarzenia i zmiana strony."),
            ("Asynchroniczność", "Promise, async i await."),
        ],
        [("Czym różni się let od const?", "const nie pozwala przypisać nowej wartości.")],
    ),
    "React w praktyce": (
        "Komponenty, stan i efekty: interfejs, który nadąża za danymi.",
        [
            ("Komponenty", "JSX i właściwości."),
            ("Stan", "useState i zdarzenia."),
            ("Efekty", "useEffect i pobieranie danych."),
            ("Formularze", "Pola kontrolowane i walidacja."),
        ],
        [],
    ),
    "Kubernetes od podstaw": (
        "Pody, wdrożenia i usługi: aplikacja w klastrze.",
        [
            ("Klaster", "Węzły, pody i kubectl."),
            ("Wdrożenia", "Deployment i aktualizacje bez przestojów."),
            ("Usługi", "Service i Ingress."),
        ],
        [],
    ),
    "Bezpieczeństwo aplikacji webowych": (
        "OWASP Top 10 w praktyce: jak atakujący myśli i jak się bronić.",
        [
            ("Wstrzykiwanie", "SQL injection i zapytania parametryzowane."),
            ("XSS", "Ucieczka znaków i Content Security Policy."),
            ("Uwierzytelnianie", "Hasła, sesje i limity prób."),
            ("CSRF", "Tokeny i ciasteczka SameSite."),
        ],
        [("Czym jest CSRF?", "Wymuszeniem żądania w imieniu zalogowanej osoby.")],
    ),
}
EXAMS = {
    "Egzamin: Python - poziom podstawowy": "40 pytań, 60 minut, próg zaliczenia 70%.",
    "Egzamin: SQL - poziom średni": "30 pytań, 45 minut, próg zaliczenia 75%.",
    "Egzamin: Django - poziom zaawansowany": "50 pytań, 90 minut, próg zaliczenia 80%.",
    "Egzamin: JavaScript - poziom podstawowy": "40 pytań, 60 minut, próg zaliczenia 70%.",
}
PATHS = {
    "Ścieżka: Backend developer": (
        "Od pierwszego programu w Pythonie do aplikacji w Django z bazą danych.",
        ["Python od podstaw", "Django w praktyce", "SQL dla analityków"],
    ),
    "Ścieżka: Frontend developer": (
        "JavaScript, React i praca z repozytorium: od pierwszej strony do aplikacji.",
        ["JavaScript od podstaw", "React w praktyce", "Git i GitHub"],
    ),
    "Ścieżka: DevOps": (
        "Od terminala przez kontenery do klastra.",
        ["Linux dla programistów", "Docker od podstaw", "Kubernetes od podstaw"],
    ),
}
# The demo learner's six courses: how many days ago each finished lesson was done (the
# first lessons of the course, in order; all within the last 12 weeks, whatever the
# weekday). Git is finished, Linux not started.
LEARNER_STUDY = {
    "Git i GitHub": [76, 74],
    "Python od podstaw": [71, 64, 50, 36],
    "Testowanie w Pythonie": [29, 22, 21],
    "SQL dla analityków": [15],
    "Analiza danych w pandas": [58, 9, 2, 0],
    "Linux dla programistów": [],
}


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


def _path(title: str, courses: dict[str, Course]) -> None:
    description, titles = PATHS[title]
    path, created = LearningPath.objects.get_or_create(
        title=title, defaults={"description": description}
    )
    if created:
        PathCourse.objects.bulk_create(
            PathCourse(path=path, course=courses[course], position=n)
            for n, course in enumerate(titles, start=1)
        )


def study(*, user: User, course: Course, days_ago: list[int]) -> None:
    """`user` finished the course's first lessons that many days ago each (a lesson already
    finished keeps its day); the certificate of a finished course dates from the last."""
    now = timezone.now()
    lessons = list(course.lessons.order_by("position", "id"))
    for lesson, days in zip(lessons, days_ago, strict=False):
        LessonProgress.objects.get_or_create(
            user=user, lesson=lesson, defaults={"completed_at": now - timedelta(days=days)}
        )
    if lessons and len(days_ago) >= len(lessons):
        certificate = services.certificate_issue(user=user, course=course)
        issued_on = timezone.localdate() - timedelta(days=min(days_ago))
        Certificate.objects.filter(pk=certificate.pk).update(issued_on=issued_on)


def seed() -> list[str]:
    author = User.objects.filter(email="author@example.com").first()
    courses = {title: _course(title, author) for title in COURSES}
    for title, description in EXAMS.items():
        Exam.objects.get_or_create(title=title, defaults={"description": description})
    for title in PATHS:
        _path(title, courses)
    learner = User.objects.filter(email="learner@example.com").first()
    if learner is not None:
        git = courses["Git i GitHub"]
        if not Access.objects.filter(user=learner, course=git).exists():
            services.favourite_set(user=learner, course=git, favourite=True)
            Note.objects.create(
                user=learner, course=git, text="Przed merge: git pull --rebase, potem testy."
            )
        for title, days_ago in LEARNER_STUDY.items():
            services.access_grant(user=learner, product=courses[title], source=Access.Source.ADMIN)
            study(user=learner, course=courses[title], days_ago=days_ago)
    return [
        f"Demo catalogue: {len(COURSES)} courses, exams: " + ", ".join(EXAMS),
        "  paths: " + ", ".join(PATHS) + ".",
        "  learner@example.com owns six courses at different stages (lessons finished over the",
        "  last 12 weeks; 'Git i GitHub' finished, with a certificate and a note).",
    ]
