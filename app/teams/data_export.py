"""The teams part of a learner's data export (app.core.data_export)."""

from typing import Any

from app.teams.models import Membership, Team


def teams_export(user: Any) -> dict[str, Any]:
    memberships = Membership.objects.filter(user=user).select_related("team")
    return {
        "member_of": [
            {"team": membership.team.name, "joined_at": membership.joined_at}
            for membership in memberships.order_by("joined_at", "pk")
        ],
        "manages": sorted(Team.objects.filter(managers=user).values_list("name", flat=True)),
    }
