from django.db import migrations

# The consent modal writes "Zawsze włączone." ("Always on.") after the description of the
# required purpose, so the seeded description, which said it too, read the same sentence
# twice. Only a description still as 0002 seeded it changes: an admin's own text stays.
# (The cached definition shows the new text within its 10 minutes.)
POLISH = (
    "Usługi, bez których Platforma nie działa. Są zawsze włączone.",
    "Usługi, bez których Platforma nie działa.",
)
ENGLISH = (
    "Services the platform cannot work without. They are always on.",
    "Services the platform cannot work without.",
)


def _replace(apps, polish: tuple[str, str], english: tuple[str, str]) -> None:
    CookieGroup = apps.get_model("cookie_consent", "CookieGroup")
    PurposeText = apps.get_model("consent", "PurposeText")
    CookieGroup.objects.filter(varname="base", description=polish[0]).update(description=polish[1])
    PurposeText.objects.filter(cookiegroup__varname="base", description_en=english[0]).update(
        description_en=english[1]
    )


def shorten(apps, schema_editor):
    _replace(apps, POLISH, ENGLISH)


def restore(apps, schema_editor):
    _replace(apps, POLISH[::-1], ENGLISH[::-1])


class Migration(migrations.Migration):
    dependencies = [("consent", "0002_purposes_and_services")]

    operations = [migrations.RunPython(shorten, restore)]
