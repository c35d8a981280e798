"""The consent definition (the library's purposes and services, with the English texts
beside them) and the consent log with its CSV export."""

import csv
from collections.abc import Iterator

from cookie_consent.admin import CookieAdmin, CookieGroupAdmin
from cookie_consent.models import Cookie, CookieGroup
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest, StreamingHttpResponse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from app.consent.models import ConsentEvent, PurposeText, ServiceText


class PurposeTextInline(admin.StackedInline):
    model = PurposeText
    can_delete = False
    max_num = 1


class ServiceTextInline(admin.StackedInline):
    model = ServiceText
    can_delete = False
    max_num = 1


admin.site.unregister(CookieGroup)
admin.site.unregister(Cookie)


@admin.register(CookieGroup)
class PurposeAdmin(CookieGroupAdmin):
    inlines = [PurposeTextInline]


@admin.register(Cookie)
class ServiceAdmin(CookieAdmin):
    inlines = [ServiceTextInline]


class _Echo:
    """A file that hands back what is written to it: csv.writer then returns each line."""

    def write(self, value: str) -> str:
        return value


def _cell(value: str) -> str:
    # A cell starting like a formula would run in a spreadsheet (CSV injection).
    return f"'{value}" if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def consent_log_rows(events: QuerySet[ConsentEvent]) -> Iterator[list[str]]:
    yield [
        gettext("Kiedy"),
        gettext("Zdarzenie"),
        gettext("Użytkownik"),
        gettext("Skrót sesji"),
        gettext("Wersja definicji"),
        gettext("Zaakceptowane usługi"),
    ]
    for event in events.select_related("user").iterator(chunk_size=2000):
        yield [
            timezone.localtime(event.created_at).isoformat(timespec="seconds"),
            event.action,
            _cell(event.user.email) if event.user else "",
            event.session_hash,
            event.version,
            " ".join(_cell(name) for name in event.services),
        ]


@admin.register(ConsentEvent)
class ConsentEventAdmin(admin.ModelAdmin):
    list_display = ["created_at", "action", "user", "version", "services"]
    list_filter = ["action", "version", ("user", admin.EmptyFieldListFilter), "created_at"]
    list_select_related = ["user"]
    search_fields = ["user__email", "session_hash"]
    date_hierarchy = "created_at"
    actions = ["export_csv"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: ConsentEvent | None = None) -> bool:
        return False

    @admin.action(description=_("Eksportuj zaznaczone do CSV"))
    def export_csv(self, request: HttpRequest, queryset: QuerySet[ConsentEvent]):
        writer = csv.writer(_Echo())
        rows = (writer.writerow(row) for row in consent_log_rows(queryset.order_by("created_at")))
        response = StreamingHttpResponse(rows, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="dziennik-zgod.csv"'
        return response
