"""The demo accounts of `manage.py seed_demo`; never loaded under production settings."""

from dataclasses import dataclass, field

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator

from app.accounts import mfa_allauth
from app.accounts.models import User
from app.accounts.services import user_grant_roles
from app.core.roles import Role

DEMO_PASSWORD = "platforma-demo"
# super@example.com logs in with a code of an authenticator app holding this secret
# (README.md, "Demo accounts"); admin@example.com keeps the plain login.
DEMO_TOTP_EMAIL = "super@example.com"
DEMO_TOTP_SECRET = "PLATFORMADEMOSUPERADMINTOTPKEY23"


@dataclass(frozen=True)
class DemoAccount:
    email: str
    first_name: str
    last_name: str
    roles: tuple[str, ...] = ()
    flags: dict[str, bool] = field(default_factory=dict)
    description: str = ""


DEMO_ACCOUNTS = (
    DemoAccount(
        "learner@example.com",
        "Anna",
        "Kowalska",
        flags={"is_shop_user": True},
        description="learner, shop user",
    ),
    DemoAccount("admin@example.com", "Adam", "Nowak", (Role.ADMIN,), description="ADMIN"),
    DemoAccount(
        "super@example.com", "Zofia", "Wiśniewska", (Role.SUPER_ADMIN,), description="SUPER_ADMIN"
    ),
    DemoAccount("manager@example.com", "Marek", "Wójcik", (Role.MANAGER,), description="MANAGER"),
    DemoAccount(
        "leader@example.com",
        "Ewa",
        "Kamińska",
        (Role.MANAGER_LEADER,),
        description="MANAGER_LEADER",
    ),
    DemoAccount(
        "institution@example.com",
        "Instytut",
        "Szkoleniowy",
        (Role.INSTITUTION,),
        description="INSTITUTION",
    ),
    DemoAccount(
        "reseller@example.com", "Robert", "Lewandowski", (Role.RESELLER,), description="RESELLER"
    ),
    DemoAccount("cloud@example.com", "Celina", "Zielińska", (Role.CLOUD,), description="CLOUD"),
    DemoAccount("author@example.com", "Piotr", "Szymański", (Role.AUTHOR,), description="AUTHOR"),
    DemoAccount(
        "student@example.com",
        "Jan",
        "Dąbrowski",
        flags={"is_student": True},
        description="team member (is_student)",
    ),
    DemoAccount(
        "monitored@example.com",
        "Tomasz",
        "Mazur",
        flags={"supervision": True},
        description="monitored account (supervision)",
    ),
)


def seed() -> list[str]:
    """Create the demo accounts that are missing; existing ones are left as they are."""
    for account in DEMO_ACCOUNTS:
        user, created = User.objects.get_or_create(
            email=account.email,
            defaults={
                "first_name": account.first_name,
                "last_name": account.last_name,
                "is_profile_public": True,
                **account.flags,
            },
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
            user_grant_roles(user=user, codes=account.roles)
            EmailAddress.objects.get_or_create(
                user=user, email=account.email, defaults={"primary": True, "verified": True}
            )
    totp_user = User.objects.get(email=DEMO_TOTP_EMAIL)
    if not Authenticator.objects.filter(user_id=totp_user.pk).exists():
        mfa_allauth.totp_store(totp_user, DEMO_TOTP_SECRET)
    lines = [f"Demo accounts (password for all: {DEMO_PASSWORD}):"]
    lines += [f"  {account.email:<26} {account.description}" for account in DEMO_ACCOUNTS]
    lines.append(f"  {DEMO_TOTP_EMAIL} asks for an authenticator code: secret {DEMO_TOTP_SECRET}")
    return lines
