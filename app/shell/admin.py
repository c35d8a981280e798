from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from app.shell.models import Alert, Notification, SitePage


@admin.register(Alert)
class AlertAdmin(admin.ModelAdmin):
    list_display = ["text_desktop", "is_published", "starts_at", "ends_at", "is_close_button"]
    list_filter = ["is_published"]
    search_fields = ["text_desktop", "text_mobile"]
    fieldsets = [
        (_("Treść"), {"fields": ["text_desktop", "text_mobile", "button_label", "button_url"]}),
        (
            _("Treść po angielsku"),
            {"fields": ["text_desktop_en", "text_mobile_en", "button_label_en"]},
        ),
        (_("Wygląd"), {"fields": ["background_color", "text_color", "is_close_button"]}),
        (_("Kiedy"), {"fields": ["is_published", "starts_at", "ends_at"]}),
    ]


@admin.register(SitePage)
class SitePageAdmin(admin.ModelAdmin):
    list_display = ["title_pl", "slug", "updated_at"]
    search_fields = ["title_pl", "title_en", "slug"]
    readonly_fields = ["updated_at"]


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["user", "message", "created_at", "read_at"]
    list_select_related = ["user"]
    search_fields = ["user__email", "message"]
    autocomplete_fields = ["user"]
    readonly_fields = ["read_at"]
