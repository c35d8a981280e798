"""MFA_REQUIRED_ROLES as each environment reads it (app/settings.py; SECURITY.md, "An admin
without a second factor in production"): the admin roles must have a second factor in
production unless the deployment says otherwise, no role must in development. Each case
imports the settings afresh in a process of its own, as a deployment starts."""

from app.core.roles import Role
from app.core.tests.helpers import setting_in_a_new_process
from app.core.tests.test_settings import PRODUCTION_ENV


def required_roles(env: dict[str, str]) -> list[str]:
    """settings.MFA_REQUIRED_ROLES of a process started with `env`, without any
    MFA_REQUIRED_ROLES of the test's own (so the default is the settings' own)."""
    return setting_in_a_new_process("s.MFA_REQUIRED_ROLES", env, unset=("MFA_REQUIRED_ROLES",))


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
