from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import router, transaction
from django.utils.translation import gettext_lazy as _

from app.vouchers.models import Redemption, Voucher, VoucherAllowance, VoucherBatch, normalize_code


class VoucherForm(forms.ModelForm):
    class Meta:
        model = Voucher
        fields = [
            "code",
            "course",
            "exam",
            "path",
            "seats",
            "valid_from",
            "valid_until",
            "issued_by",
            "batch",
        ]

    def clean_seats(self) -> int:
        seats = self.cleaned_data["seats"]
        # seats_used is read-only in the form, so Django leaves its constraint unchecked.
        if self.instance.pk and seats < self.instance.seats_used:
            raise forms.ValidationError(
                _("Liczba miejsc nie może być mniejsza niż wykorzystane: %(used)d.")
                % {"used": self.instance.seats_used}
            )
        return seats

    def clean_code(self) -> str:
        # Normalised before the shape and uniqueness checks: "promo 2026" and "PROMO2026"
        # are the same code, and the database must never see the duplicate.
        return normalize_code(self.cleaned_data["code"])


@admin.register(Voucher)
class VoucherAdmin(admin.ModelAdmin):
    form = VoucherForm
    list_display = [
        "code",
        "course",
        "exam",
        "path",
        "seats",
        "seats_used",
        "valid_from",
        "valid_until",
        "batch",
    ]
    search_fields = ["code"]
    list_filter = ["batch__channel"]
    list_select_related = ["course", "exam", "path", "batch"]
    autocomplete_fields = ["course", "exam", "path", "issued_by"]
    raw_id_fields = ["batch"]
    # The counter moves only with redemptions, under the voucher's row lock.
    readonly_fields = ["seats_used", "created_at"]

    def get_object(self, request, object_id, from_field=None):
        in_transaction = transaction.get_connection(router.db_for_write(Voucher)).in_atomic_block
        # (The change and delete views run in one; the history view does not.)
        if request.method != "POST" or not in_transaction:
            return super().get_object(request, object_id, from_field)
        # A change is checked and saved against the voucher as it stands: its row is read
        # locked (in the admin's transaction), so from the form's check that the seats are
        # not below those used until the save, a redemption made meanwhile waits for the
        # save and is checked against it, instead of slipping under the check and failing
        # the save on the seats' constraint (a 500 for the admin). Read once, as Django's
        # get_object reads it, with the lock.
        queryset = self.get_queryset(request).select_for_update(of=("self",))
        field = Voucher._meta.pk if from_field is None else Voucher._meta.get_field(from_field)
        try:
            return queryset.get(**{field.name: field.to_python(object_id)})
        except (Voucher.DoesNotExist, ValidationError, ValueError):
            return None

    def save_model(self, request, obj, form, change) -> None:
        if not change:
            super().save_model(request, obj, form, change)
            return
        # Every field but the counter: the voucher was read at the start of this request,
        # and writing its counter back would lose the redemptions made since, letting the
        # voucher grant more than its seats.
        obj.save(update_fields=list(form.cleaned_data))


@admin.register(VoucherBatch)
class VoucherBatchAdmin(admin.ModelAdmin):
    list_display = ["name", "channel", "issued_by", "size", "course", "exam", "path", "created_at"]
    list_filter = ["channel"]
    search_fields = ["name", "issued_by__email"]
    list_select_related = ["issued_by", "course", "exam", "path"]
    autocomplete_fields = ["issued_by", "course", "exam", "path"]
    readonly_fields = ["size", "created_at"]

    def has_add_permission(self, request) -> bool:
        # Batches are generated with their codes in the institution and reseller areas.
        return False


@admin.register(Redemption)
class RedemptionAdmin(admin.ModelAdmin):
    list_display = ["voucher", "user", "redeemed_at"]
    search_fields = ["voucher__code", "user__email"]
    list_select_related = ["voucher", "user"]
    raw_id_fields = ["voucher", "user", "access"]

    def has_add_permission(self, request) -> bool:
        # Redemptions happen through the voucher page, which also grants and counts.
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(VoucherAllowance)
class VoucherAllowanceAdmin(admin.ModelAdmin):
    list_display = ["user", "codes", "updated_at"]
    search_fields = ["user__email"]
    autocomplete_fields = ["user"]
