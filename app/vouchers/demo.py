"""Demo vouchers of `manage.py seed_demo` (listed in the README)."""

from typing import Any

from app.accounts.models import User
from app.learning.models import Course, Exam, LearningPath
from app.vouchers.models import Voucher, VoucherAllowance

DEMO_SEATS = 1000


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
    return lines
