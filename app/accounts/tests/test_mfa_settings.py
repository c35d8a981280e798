"""MFA_REQUIRED_ROLES as each environment reads it (app/settings.py; SECURITY.md, "An admin
without a second factor in production"): the admin roles must have a second factor in
production unless the deployment says otherwise, no role must in development. Each case
imports the settings afresh in a process of its own, as a deployment starts."""

import json
import os
import subprocess
import sys

from django.conf import settings

from app.core.roles import Role
from app.core.tests.test_settings import PRODUCTION_ENV

_PRINT_ROLES = (
    "import json; from django.conf import settings as s; print(json.dumps(s.MFA_REQUIRED_ROLES))"
)


def required_roles(env: dict[str, str]) -> list[str]:
    """settings.MFA_REQUIRED_ROLES of a process started with `env` over the test's own
    environment, without the variables a deployment never has and without any
    MFA_REQUIRED_ROLES of the test's own (so the default is the settings' own)."""
    dropped = {"DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE", "MFA_REQUIRED_ROLES"}
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", _PRINT_ROLES],
        cwd=settings.BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def test_production_requires_a_factor_of_both_admin_roles_by_default():
    assert required_roles(PRODUCTION_ENV) == [Role.ADMIN.value, Role.SUPER_ADMIN.value]


def test_development_requires_none_by_default():
    assert required_roles({"PLATFORMA_ENV": "development"}) == []


def test_the_environment_sets_the_roles_in_production_and_in_development():
    roles = " SUPER_ADMIN, ADMIN ,,MANAGER "
    expected = [Role.SUPER_ADMIN.value, Role.ADMIN.value, Role.MANAGER.value]
    assert required_roles({**PRODUCTION_ENV, "MFA_REQUIRED_ROLES": roles}) == expected
    assert required_roles({"PLATFORMA_ENV": "development", "MFA_REQUIRED_ROLES": "ADMIN"}) == [
        Role.ADMIN.value
    ]
    # Set but empty: a production deployment that requires no role on purpose.
    assert required_roles({**PRODUCTION_ENV, "MFA_REQUIRED_ROLES": ""}) == []
