"""Demo teams of `manage.py seed_demo`: the manager's team with the demo student in it,
the leader's two teams, and a pending invitation for an address with no account yet."""

from app.accounts.models import User
from app.learning.models import Access, Course
from app.learning.services import access_grant
from app.teams import services
from app.teams.models import Invitation, Membership, Team

TEAM_NAME = "Zespół backendowy"
INVITEE = "invitee@example.com"


def seed() -> list[str]:
    manager = User.objects.get(email="manager@example.com")
    student = User.objects.get(email="student@example.com")
    leader = User.objects.get(email="leader@example.com")
    django_course = Course.objects.get(title="Django w praktyce")
    team, created = Team.objects.get_or_create(name=TEAM_NAME)
    if created:
        team.managers.add(manager)
        team.courses.add(django_course)
    if not Membership.objects.filter(team=team, user=student).exists():
        Membership.objects.create(team=team, user=student)
        access_grant(
            user=student, product=django_course, source=Access.Source.TEAM, source_detail=team.name
        )
    for name in ("Zespół frontendowy", "Zespół testerów"):
        if not Team.objects.filter(name=name).exists():
            services.team_create(leader=leader, name=name)
    lines = [
        f"Demo teams: '{TEAM_NAME}' (manager@example.com) with student@example.com;",
        "  leader@example.com runs 'Zespół frontendowy' and 'Zespół testerów'.",
    ]
    if not Invitation.objects.filter(team=team, email=INVITEE).exists():
        outcome = services.invitations_send(team=team, invited_by=manager, emails=[INVITEE])
        if outcome.sent:
            lines.append(f"  Invitation e-mailed to {INVITEE} (no account yet): see var/mail/.")
    else:
        lines.append(f"  A pending invitation for {INVITEE} (its e-mail is in var/mail/).")
    return lines
