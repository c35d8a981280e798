"""Data of the benchmark's learning and voucher figures, in the benchmark's own database.

Run by scripts/bench.py with scripts/bench_settings.py: `python scripts/bench_data.py learner`
prints the session key of a learner owning 500 courses; `... manager` the session key and
team of a manager whose team has 50 members (a full page) and 20 open invitations;
`... redeemers N` prints the path of a file with N learners' session keys and sets up the
voucher they all redeem.
"""

import json
import os
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench_settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY  # noqa: E402
from django.contrib.auth.hashers import make_password  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.utils import timezone  # noqa: E402
from django.utils.crypto import get_random_string  # noqa: E402

from app.accounts.models import Role, Session, User  # noqa: E402
from app.accounts.sessions import SessionStore  # noqa: E402
from app.core import roles  # noqa: E402
from app.core.tokens import new_token  # noqa: E402
from app.learning.models import Access, Course, Lesson, LessonProgress  # noqa: E402
from app.teams.models import Invitation, Membership, Team  # noqa: E402
from app.vouchers.models import Redemption, Voucher  # noqa: E402

LEARNER = "bench-learner@example.com"
COURSES = 500
LESSONS = 5
REDEEMER_DOMAIN = "bench-redeem.example.com"
MANAGER = "bench-manager@example.com"
TEAM_DOMAIN = "bench-team.example.com"
TEAM_MEMBERS = 50
TEAM_INVITATIONS = 20
TEAM_COURSES = 5
VOUCHER = "BENCH-HOT"
# The backend a login stores in the session (the first one, allauth's with role codes).
BACKEND = settings.AUTHENTICATION_BACKENDS[0]


def _sessions_for(users: list[User]) -> list[str]:
    """A logged-in session per user, written in bulk (what a login would have stored)."""
    store = SessionStore()
    # Short-lived, and earlier runs' leftovers go: the benchmark's session table stays small.
    SessionStore.clear_expired()
    expires = timezone.now() + timedelta(hours=1)
    keys, rows = [], []
    for user in users:
        key = get_random_string(32, "abcdefghijklmnopqrstuvwxyz0123456789")
        data = {
            SESSION_KEY: str(user.pk),
            BACKEND_SESSION_KEY: BACKEND,
            HASH_SESSION_KEY: user.get_session_auth_hash(),
        }
        rows.append(
            Session(
                session_key=key,
                session_data=store.encode(data),
                expire_date=expires,
                account_id=user.pk,
            )
        )
        keys.append(key)
    Session.objects.bulk_create(rows, batch_size=1000)
    return keys


@transaction.atomic
def learner() -> str:
    Course.objects.filter(title__startswith="Bench course ").delete()
    User.objects.filter(email=LEARNER).delete()
    user = User.objects.create_user(LEARNER, None, first_name="Ben", last_name="Czmark")
    courses = Course.objects.bulk_create(
        Course(title=f"Bench course {n:03d}", description="Benchmark course " * 5)
        for n in range(COURSES)
    )
    Lesson.objects.bulk_create(
        (
            Lesson(course=course, position=p, title=f"Lesson {p}")
            for course in courses
            for p in range(LESSONS)
        ),
        batch_size=1000,
    )
    Access.objects.bulk_create(
        Access(user=user, course=course, source=Access.Source.ADMIN) for course in courses
    )
    return _sessions_for([user])[0]


@transaction.atomic
def manager() -> dict[str, object]:
    """A manager's team of a full page of members, each part-way through its courses."""
    Team.objects.filter(name="Bench team").delete()
    User.objects.filter(email=MANAGER).delete()
    User.objects.filter(email__endswith=f"@{TEAM_DOMAIN}").delete()
    boss = User.objects.create_user(MANAGER, None, first_name="Ben", last_name="Manager")
    boss.roles.add(Role.objects.get(code=roles.Role.MANAGER))
    team = Team.objects.create(name="Bench team")
    team.managers.add(boss)
    courses = list(Course.objects.filter(title__startswith="Bench course ")[:TEAM_COURSES])
    team.courses.add(*courses)
    unusable = make_password(None)
    members = User.objects.bulk_create(
        User(
            email=f"m{n}@{TEAM_DOMAIN}", first_name="Ben", last_name=f"M{n:02d}", password=unusable
        )
        for n in range(TEAM_MEMBERS)
    )
    Membership.objects.bulk_create(Membership(team=team, user=member) for member in members)
    lessons = list(Lesson.objects.filter(course__in=courses).order_by("id")[:10])
    LessonProgress.objects.bulk_create(
        LessonProgress(user=member, lesson=lesson) for member in members for lesson in lessons
    )
    expires = timezone.now() + timedelta(days=14)
    Invitation.objects.bulk_create(
        Invitation(
            team=team,
            email=f"i{n}@{TEAM_DOMAIN}",
            invited_by=boss,
            digest=new_token()[1],
            expires_at=expires,
        )
        for n in range(TEAM_INVITATIONS)
    )
    return {"session": _sessions_for([boss])[0], "team": team.pk}


@transaction.atomic
def redeemers(count: int) -> str:
    Redemption.objects.filter(voucher__code=VOUCHER).delete()
    Voucher.objects.filter(code=VOUCHER).delete()
    User.objects.filter(email__endswith=f"@{REDEEMER_DOMAIN}").delete()
    Course.objects.filter(title="Bench voucher course").delete()
    course = Course.objects.create(title="Bench voucher course")
    Voucher.objects.create(code=VOUCHER, course=course, seats=count)
    unusable = make_password(None)
    users = User.objects.bulk_create(
        (
            User(
                email=f"r{n}@{REDEEMER_DOMAIN}",
                first_name="Ben",
                last_name="Czmark",
                password=unusable,
            )
            for n in range(count)
        ),
        batch_size=1000,
    )
    keys = _sessions_for(users)
    handle, path = tempfile.mkstemp(prefix="platforma-bench-", suffix=".txt")
    with os.fdopen(handle, "w") as out:
        out.write("\n".join(keys) + "\n")
    return path


def redeemed() -> dict[str, int]:
    """The redemptions of the benchmark's voucher, and the seats the voucher counts used:
    the two must be equal (none lost, none counted twice)."""
    return {
        "redemptions": Redemption.objects.filter(voucher__code=VOUCHER).count(),
        "seats_used": Voucher.objects.get(code=VOUCHER).seats_used,
    }


def connections() -> int:
    """PostgreSQL connections to the benchmark's database other than this one: the web
    server's, each thread keeping its own between requests (CONN_MAX_AGE)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "learner":
        result: object = learner()
    elif command == "manager":
        result = manager()
    elif command == "redeemers":
        result = redeemers(int(sys.argv[2]))
    elif command == "redeemed":
        result = redeemed()
    elif command == "connections":
        result = connections()
    else:
        result = {"engine": connection.vendor, "session_cookie": settings.SESSION_COOKIE_NAME}
    print(json.dumps(result))
