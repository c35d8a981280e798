import pytest
from django.core.management import call_command

from app.accounts.demo import DEMO_ACCOUNTS, DEMO_PASSWORD
from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.core.roles import Role

pytestmark = pytest.mark.django_db


@pytest.mark.production_hashes
def test_passwords_are_hashed_with_argon2id_at_owasp_parameters():
    user = make_user(password="sekret1")
    algorithm, variant, _version, params, *_ = user.password.split("$")
    assert (algorithm, variant) == ("argon2", "argon2id")
    assert params == "m=19456,t=2,p=1"


def test_customer_id_is_a_random_public_id():
    first, second = make_user(), make_user()
    assert first.customer_id != second.customer_id
    assert first.customer_id.version == 4


def test_email_is_stored_lowercased_and_unique_in_any_case():
    user = make_user(email="  Ola@Example.COM ")
    assert user.email == "ola@example.com"
    with pytest.raises(Exception):
        make_user(email="OLA@example.com")


def test_roles_and_staff_follow_the_role_table():
    admin = make_user(roles=[Role.ADMIN, Role.AUTHOR])
    learner = make_user()
    assert admin.role_codes == {"ADMIN", "AUTHOR"}
    assert admin.is_staff and not learner.is_staff
    assert admin.has_perm("accounts.change_user")
    assert not admin.has_perm("auth.change_group")
    assert make_user(roles=[Role.SUPER_ADMIN]).has_perm("auth.change_group")
    assert not learner.has_perm("accounts.change_user")


def test_seed_demo_creates_the_accounts_once(capsys):
    call_command("seed_demo")
    snapshot = list(User.objects.order_by("email").values_list("email", "password", "first_name"))
    call_command("seed_demo")

    assert (
        list(User.objects.order_by("email").values_list("email", "password", "first_name"))
        == snapshot
    )
    demo_emails = [account.email for account in DEMO_ACCOUNTS]
    assert User.objects.filter(email__in=demo_emails).count() == len(DEMO_ACCOUNTS) == 11
    learner = User.objects.get(email="learner@example.com")
    assert (learner.full_name, learner.is_shop_user) == ("Anna Kowalska", True)
    assert learner.check_password(DEMO_PASSWORD)
    assert User.objects.get(email="cloud@example.com").role_codes == {"CLOUD"}
    assert User.objects.get(email="student@example.com").is_student
    assert User.objects.get(email="monitored@example.com").supervision
    assert "learner@example.com" in capsys.readouterr().out
