from django.db import migrations

# The fixed role codes (docs/behaviour.md#roles), as they stood when this migration was written.
ROLE_CODES = [
    "ADMIN",
    "SUPER_ADMIN",
    "INSTITUTION",
    "MANAGER",
    "MANAGER_LEADER",
    "RESELLER",
    "CLOUD",
    "AUTHOR",
]


def create_roles(apps, schema_editor):
    Role = apps.get_model("accounts", "Role")
    for code in ROLE_CODES:
        Role.objects.get_or_create(code=code)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]

    operations = [migrations.RunPython(create_roles, migrations.RunPython.noop)]
