"""Team invitations, the manager area and the learner's team page."""

from app.teams.views.invitation import invitation, invitation_logout
from app.teams.views.manager import (
    invitation_resend,
    invitation_revoke,
    invite,
    manager,
    manager_not_found,
    manager_team,
    team_progress_csv,
)
from app.teams.views.student import student

__all__ = [
    "invitation",
    "invitation_logout",
    "invitation_resend",
    "invitation_revoke",
    "invite",
    "manager",
    "manager_not_found",
    "manager_team",
    "student",
    "team_progress_csv",
]
