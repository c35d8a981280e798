from django.db import migrations, models
from django.db.models import F


def consented_at_registration(apps, schema_editor):
    # Until now the consent could only be given at registration.
    User = apps.get_model("accounts", "User")
    User.objects.filter(newsletter=True, newsletter_consented_at__isnull=True).update(
        newsletter_consented_at=F("date_joined")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_account_lifecycle"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="newsletter_consented_at",
            field=models.DateTimeField(
                blank=True, null=True, verbose_name="zgoda na informacje o promocjach wyrażona"
            ),
        ),
        migrations.RunPython(consented_at_registration, migrations.RunPython.noop),
    ]
