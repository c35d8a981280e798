"""Factories of teams and invitations."""

from collections.abc import Sequence
from datetime import timedelta
from itertools import count

from app.accounts.models import User
from app.teams.models import Invitation, Team

_sequence = count(1)


def make_team(*, name: str | None = None, managers: Sequence[User] = (), courses=()) -> Team:
    team = Team.objects.create(name=name or f"Zespół {next(_sequence)}")
    team.managers.add(*managers)
    team.courses.add(*courses)
    return team


def make_invitation(
    *, team: Team, email: str, invited_by: User | None = None, days: int = 14
) -> tuple[Invitation, str]:
    """An open invitation and the secret its link carries."""
    return Invitation.issue(
        lifetime=timedelta(days=days), team=team, email=email, invited_by=invited_by
    )
