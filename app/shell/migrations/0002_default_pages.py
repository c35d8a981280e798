from django.db import migrations

# The first versions of the pages the footer and the registration form link to. Admins edit
# them in the admin panel; this migration only creates them where they do not exist yet.
PAGES = [
    {
        "slug": "polityka-prywatnosci",
        "title_pl": "Polityka prywatności",
        "title_en": "Privacy policy",
        "body_pl": """## Kto przetwarza Twoje dane
Administratorem danych osobowych użytkowników Platformy jest jej operator. We wszystkich sprawach dotyczących danych możesz napisać na adres kontaktowy podany w stopce.

## Jakie dane zbieramy i po co
Przy rejestracji zapisujemy Twój adres e-mail, imię i nazwisko (drukujemy je na certyfikatach) oraz hasło w postaci skrótu, którego nie da się odwrócić. Zapisujemy też kursy, egzaminy i ścieżki, do których masz dostęp, oraz Twoje postępy, notatki i certyfikaty. Zgodę na informacje o promocjach możesz wycofać w każdej chwili.

## Pliki cookie
Używamy niezbędnych plików cookie: sesji logowania, ochrony formularzy (XSRF-TOKEN), wybranego języka oraz zapamiętania zamkniętych banerów (app-alert-banner, download-app-banner). Bez nich Platforma nie działa poprawnie.

## Twoje prawa
Masz prawo dostępu do swoich danych, ich poprawienia, przeniesienia i usunięcia. Konto usuniesz samodzielnie w profilu; dane usuwamy w ciągu 24 godzin, zachowując jedynie zanonimizowane zapisy potrzebne innym użytkownikom (np. wykorzystanie kodu z puli instytucji).""",
        "body_en": """## Who processes your data
The operator of Platforma is the controller of its users' personal data. For anything about your data, write to the contact address in the footer.

## What we collect and why
When you sign up we store your e-mail address, first and last name (printed on your certificates) and your password as a hash that cannot be reversed. We also store the courses, exams and paths you can access, and your progress, notes and certificates. You can withdraw your consent to promotional messages at any time.

## Cookies
We use the cookies the platform needs: the login session, form protection (XSRF-TOKEN), the chosen language and closed banners (app-alert-banner, download-app-banner). Without them Platforma does not work properly.

## Your rights
You may access, correct, move and delete your data. You can delete your account yourself in your profile; we delete the data within 24 hours, keeping only anonymised records other users depend on (e.g. a redeemed code from an institution's batch).""",
    },
    {
        "slug": "regulamin",
        "title_pl": "Regulamin zakupów",
        "title_en": "Purchase terms",
        "body_pl": """## Postanowienia ogólne
Regulamin określa zasady korzystania z Platformy oraz zakupu dostępu do kursów, egzaminów i ścieżek nauki.

## Konto
Do korzystania z Platformy potrzebne jest bezpłatne konto. Dane uczestnika szkolenia muszą być prawdziwe, ponieważ drukujemy je na certyfikatach. Udostępnianie konta innym osobom jest zabronione.

## Vouchery
Kod vouchera daje dostęp do przypisanego mu kursu, egzaminu lub ścieżki. Kod można wykorzystać w okresie jego ważności i tylko w ramach dostępnej liczby miejsc.

## Reklamacje
Reklamacje przyjmujemy pod adresem kontaktowym podanym w stopce i rozpatrujemy w ciągu 14 dni.""",
        "body_en": """## General provisions
These terms set out the rules for using Platforma and for buying access to courses, exams and learning paths.

## Account
Using Platforma requires a free account. The training participant's details must be true, as we print them on certificates. Sharing an account with other people is forbidden.

## Vouchers
A voucher code gives access to the course, exam or path assigned to it. A code can be used while it is valid and only within its number of seats.

## Complaints
We accept complaints at the contact address in the footer and answer them within 14 days.""",
    },
]


def create_pages(apps, schema_editor):
    SitePage = apps.get_model("shell", "SitePage")
    for page in PAGES:
        SitePage.objects.get_or_create(slug=page["slug"], defaults=page)


class Migration(migrations.Migration):
    dependencies = [("shell", "0001_initial")]

    operations = [migrations.RunPython(create_pages, migrations.RunPython.noop)]
