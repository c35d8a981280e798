"""Demo vouchers of `manage.py seed_demo` (listed in the README), and the batches of the
institution (two, partly used) and the reseller (two pools, one partly redeemed), their codes
redeemed by demo participants over the last weeks (counted back from the day the seed runs)."""

from datetime import timedelta
from typing import Any

from django.utils import timezone

from app.accounts.models import User
from app.learning.models import Access, Course, Exam, LearningPath
from app.learning.services import access_grant
from app.vouchers.models import Redemption, Voucher, VoucherAllowance, VoucherBatch

DEMO_SEATS = 1000
PARTICIPANTS = 17
# (issuer, channel, name, course, code prefix, codes, days ago of each redemption, days
# since the batch was made).
BATCHES = (
    (
        "institution@example.com",
        VoucherBatch.Channel.INSTITUTION,
        "Python - grupa jesienna",
        "Python od podstaw",
        "INST-PY",
        20,
        (80, 77, 70, 66, 59, 52, 45, 38, 31, 24, 10, 3),
        84,
    ),
    (
        "institution@example.com",
        VoucherBatch.Channel.INSTITUTION,
        "SQL - dział analiz",
        "SQL dla analityków",
        "INST-SQL",
        10,
        (40, 33, 12, 5),
        45,
    ),
    (
        "reseller@example.com",
        VoucherBatch.Channel.RESELLER,
        "Sklep partnerski - Docker",
        "Docker od podstaw",
        "RES-DOCKER",
        40,
        (28, 27, 25, 22, 20, 20, 17, 15, 13, 12, 10, 8, 6, 5, 5, 3, 1),
        30,
    ),
    (
        "reseller@example.com",
        VoucherBatch.Channel.RESELLER,
        "Sklep partnerski - Git",
        "Git i GitHub",
        "RES-GIT",
        25,
        (),
        6,
    ),
)


def _participants() -> list[User]:
    """The learners who redeemed the demo batches' codes (no password: nobody logs in)."""
    users = []
    for n in range(1, PARTICIPANTS + 1):
        user, created = User.objects.get_or_create(
            email=f"uczestnik{n:02d}@example.com",
            defaults={"first_name": "Uczestnik", "last_name": f"Nr {n}"},
        )
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        users.append(user)
    return users


def _batches() -> list[str]:
    participants = _participants()
    now = timezone.now()
    lines = []
    for email, channel, name, title, prefix, size, redeemed, age in BATCHES:
        issuer = User.objects.filter(email=email).first()
        if issuer is None:
            continue
        course = Course.objects.get(title=title)
        made = now - timedelta(days=age)
        batch, created = VoucherBatch.objects.get_or_create(
            name=name,
            channel=channel,
            issued_by=issuer,
            # Made here with its codes, so it is generated already (no task to wait for).
            defaults={"course": course, "size": size, "created_at": made, "generated_at": made},
        )
        lines.append(f"  {email}: '{name}', {len(redeemed)} of {size} codes redeemed.")
        if not created:
            continue
        vouchers = Voucher.objects.bulk_create(
            Voucher(
                code=f"{prefix}-{n:03d}",
                course=course,
                batch=batch,
                issued_by=issuer,
                valid_from=made,
                created_at=made,
                seats_used=1 if n <= len(redeemed) else 0,
            )
            for n in range(1, size + 1)
        )
        for voucher, user, days in zip(vouchers, participants, redeemed, strict=False):
            when = now - timedelta(days=days)
            access = access_grant(
                user=user, product=course, source=Access.Source.VOUCHER, source_detail=voucher.code
            )
            if access is not None:
                Access.objects.filter(pk=access.pk).update(granted_at=when)
            Redemption.objects.create(voucher=voucher, user=user, access=access, redeemed_at=when)
    return lines


def seed() -> list[str]:
    python = Course.objects.get(title="Python od podstaw")
    docker = Course.objects.get(title="Docker od podstaw")
    exam = Exam.objects.get(title="Egzamin: Python - poziom podstawowy")
    path = LearningPath.objects.get(title="Ścieżka: Backend developer")
    vouchers: list[tuple[str, dict[str, Any], str]] = [
        ("DEMO-COURSE", {"course": python, "seats": DEMO_SEATS}, f"course '{python.title}'"),
        ("DEMO-EXAM", {"exam": exam, "seats": DEMO_SEATS}, f"exam '{exam.title}'"),
        ("DEMO-PATH", {"path": path, "seats": DEMO_SEATS}, f"path '{path.title}'"),
        ("DEMO-EMPTY", {"seats": DEMO_SEATS}, "nothing assigned"),
        ("DEMO-SINGLE", {"course": docker, "seats": 1}, f"course '{docker.title}', one seat"),
    ]
    lines = ["Demo vouchers (redeem at /odbierz_kurs):"]
    for code, fields, what in vouchers:
        Voucher.objects.get_or_create(code=code, defaults=fields)
        seats = fields["seats"]
        lines.append(f"  {code:<12} {what} ({seats} seat{'s' if seats > 1 else ''})")
    for email, codes in (("reseller@example.com", 500), ("cloud@example.com", 200)):
        user = User.objects.filter(email=email).first()
        if user is not None:
            VoucherAllowance.objects.get_or_create(user=user, defaults={"codes": codes})
    lines.append("  reseller@example.com may generate 500 codes, cloud@example.com 200.")
    return [*lines, "Demo batches:", *_batches()]
