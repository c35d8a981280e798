"""Demo teams of `manage.py seed_demo`: the manager's team of eight (the demo student and
seven colleagues, each at another stage of the team's two courses, lessons finished over the
last twelve weeks, two not started yet), the leader's two teams, and a pending invitation
for an address with no account yet."""

from datetime import timedelta

from django.utils import timezone

from app.accounts.models import User
from app.learning.demo import study
from app.learning.models import Access, Course
from app.learning.services import access_grant
from app.teams import services
from app.teams.models import Invitation, Membership, Team

TEAM_NAME = "Zespół backendowy"
INVITEE = "invitee@example.com"
TEAM_COURSES = ("Django w praktyce", "SQL dla analityków")
# (e-mail, first name, last name, lessons finished in each team course). The colleagues
# have no password: they fill the manager's charts, nobody logs in as them.
MEMBERS = (
    ("student@example.com", "", "", (2, 1)),
    ("katarzyna.wrona@example.com", "Katarzyna", "Wrona", (4, 3)),
    ("michal.krawczyk@example.com", "Michał", "Krawczyk", (3, 0)),
    ("agnieszka.pawlak@example.com", "Agnieszka", "Pawlak", (1, 2)),
    ("pawel.michalski@example.com", "Paweł", "Michalski", (4, 1)),
    ("natalia.jablonska@example.com", "Natalia", "Jabłońska", (2, 0)),
    ("magdalena.krol@example.com", "Magdalena", "Król", (0, 0)),
    ("krzysztof.wieczorek@example.com", "Krzysztof", "Wieczorek", (0, 0)),
)


def _member(email: str, first_name: str, last_name: str) -> User:
    user, created = User.objects.get_or_create(
        email=email,
        defaults={"first_name": first_name, "last_name": last_name, "is_student": True},
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def seed() -> list[str]:
    manager = User.objects.get(email="manager@example.com")
    leader = User.objects.get(email="leader@example.com")
    courses = [Course.objects.get(title=title) for title in TEAM_COURSES]
    team, created = Team.objects.get_or_create(name=TEAM_NAME)
    if created:
        team.managers.add(manager)
    team.courses.add(*courses)
    now = timezone.now()
    for n, (email, first_name, last_name, done) in enumerate(MEMBERS):
        user = _member(email, first_name, last_name)
        if not Membership.objects.filter(team=team, user=user).exists():
            # Joined one after another over the last three months.
            joined_at = now - timedelta(days=88 - n * 3)
            Membership.objects.create(team=team, user=user, joined_at=joined_at)
        for course_number, (course, count) in enumerate(zip(courses, done, strict=True)):
            access_grant(
                user=user, product=course, source=Access.Source.TEAM, source_detail=team.name
            )
            # Lessons spread over the weeks since joining (a fixed scatter), in order.
            days_ago = sorted(
                ((n * 13 + course_number * 29 + lesson * 17) % 77 for lesson in range(count)),
                reverse=True,
            )
            study(user=user, course=course, days_ago=days_ago)
    for name in ("Zespół frontendowy", "Zespół testerów"):
        if not Team.objects.filter(name=name).exists():
            services.team_create(leader=leader, name=name)
    lines = [
        f"Demo teams: '{TEAM_NAME}' (manager@example.com), eight members with",
        "  student@example.com; two have not started.",
        "  leader@example.com runs 'Zespół frontendowy' and 'Zespół testerów'.",
    ]
    if not Invitation.objects.filter(team=team, email=INVITEE).exists():
        outcome = services.invitations_send(team=team, invited_by=manager, emails=[INVITEE])
        if outcome.sent:
            lines.append(f"  Invitation e-mailed to {INVITEE} (no account yet): see var/mail/.")
    else:
        lines.append(f"  A pending invitation for {INVITEE} (its e-mail is in var/mail/).")
    return lines
