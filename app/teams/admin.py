from django.contrib import admin

from app.teams.models import Invitation, Membership, Team


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]
    autocomplete_fields = ["managers", "courses", "exams", "paths"]
    inlines = [MembershipInline]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    """Read-only: invitations are sent, resent and revoked from the manager area, where the
    link's secret is generated and e-mailed (only its digest is stored)."""

    list_display = ["email", "team", "invited_by", "last_sent_at", "expires_at", "used_at"]
    search_fields = ["email", "team__name"]
    list_select_related = ["team", "invited_by"]
    exclude = ["digest"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
