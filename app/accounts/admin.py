"""Users and session links in the admin panel.

Who may change whom follows one rule, accounts.selectors.user_change_allowed: an account
changes only accounts whose roles all lie below its own (ADMIN: learners and the area
roles; SUPER_ADMIN: also ADMINs), never its own, and grants only roles below its own.
It holds in the change form, the password form, every action and the session-link form;
a protected account is shown read-only. Hiding a control would not be enough: the server
refuses.

Second factors show as a column and on the change form; an admin takes them off an
account it may change with the reset action (services.mfa_reset). allauth's own screen of
factors is not registered: it would show their secrets and delete anyone's.
"""

from typing import cast

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from allauth.usersessions.models import UserSession
from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import BaseUserCreationForm
from django.contrib.auth.forms import UserChangeForm as DjangoUserChangeForm
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import UploadedFile
from django.db.models import Exists, OuterRef
from django.http import HttpRequest
from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from app.accounts import selectors, services
from app.accounts.forms import avatar_from_upload
from app.accounts.models import AppToken, SessionLink, User
from app.core import roles
from app.core.errors import ApplicationError
from app.core.return_url import default_return_url

# allauth's session registry is the platform's plumbing (ending sessions), not an admin
# screen: it lists visitors' IP addresses and browsers and could end anyone's session.
if admin.site.is_registered(UserSession):
    admin.site.unregister(UserSession)
# allauth's address records follow the user's e-mail (User.save); edited by hand they could
# send an account's reset link to someone else.
if admin.site.is_registered(EmailAddress):
    admin.site.unregister(EmailAddress)
# allauth's second factors: their secrets stay out of the panel, and they are taken off
# an account only by the reset action below, within the role hierarchy.
if admin.site.is_registered(Authenticator):
    admin.site.unregister(Authenticator)

# The page a link sent from the user list opens.
DEFAULT_LINK_PATH = "moje_kursy"


def admin_user(request: HttpRequest) -> User:
    """The admin panel only opens for logged-in admins (PlatformaAdminSite)."""
    return cast(User, request.user)


class UserCreationForm(BaseUserCreationForm):
    class Meta:
        model = User
        fields = ("email", "first_name", "last_name")


class UserChangeForm(DjangoUserChangeForm):
    # Set per request by UserAdmin.get_form: who is making the change.
    acting_user: User | None = None

    class Meta:
        model = User
        fields = "__all__"

    def clean_avatar(self):
        # A picture uploaded here goes through the learner's guard: decoded within the
        # memory budget, stored re-encoded without metadata (in full_clean, once the
        # whole form is valid, so a refused form leaves no file behind).
        value = self.cleaned_data.get("avatar")
        if not isinstance(value, UploadedFile):
            return value
        return ContentFile(avatar_from_upload(value))

    def full_clean(self) -> None:
        super().full_clean()
        image = self.cleaned_data.get("avatar") if self.is_bound and not self.errors else None
        if not isinstance(image, ContentFile):
            return
        try:
            name = services.avatar_store(user=self.instance, image=image.read())
        except ApplicationError as refused:
            self.add_error("avatar", refused.message)
            return
        self.cleaned_data["avatar"] = name
        self.instance.avatar = name

    def clean_roles(self):
        chosen = self.cleaned_data.get("roles")
        if chosen is None or self.acting_user is None:
            return chosen
        after = {role.code for role in chosen}
        if not selectors.user_change_allowed(
            actor=self.acting_user, target=self.instance, new_roles=after
        ):
            if roles.Role.SUPER_ADMIN in self.acting_user.role_codes:
                message = _("Roli SUPER_ADMIN nie nadaje się ani nie odbiera w panelu.")
            else:
                message = _("Tylko SUPER_ADMIN może nadawać i odbierać role ADMIN i SUPER_ADMIN.")
            raise forms.ValidationError(message, code="privileged_role")
        return chosen


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    form = UserChangeForm
    add_form = UserCreationForm
    ordering = ["email"]
    list_display = [
        "email",
        "first_name",
        "last_name",
        "is_active",
        "supervision",
        "is_shop_user",
        "is_student",
        "second_factor",
        "date_joined",
    ]
    list_filter = ["roles", "is_active", "is_shop_user", "is_student", "supervision"]
    search_fields = ["email", "first_name", "last_name"]
    filter_horizontal = ["roles"]
    # The newsletter consent is the person's own: given at registration or on the
    # profile, withdrawn there, each change in the consent history; admins only see it.
    readonly_fields = [
        "customer_id",
        "date_joined",
        "last_login",
        "newsletter",
        "newsletter_consented_at",
        "terms_accepted_at",
        "deletion_marked_at",
        "anonymised_at",
        "second_factors",
    ]
    actions = ["send_session_link", "end_app_sessions", "reset_second_factor", "erase_accounts"]
    fieldsets = [
        (None, {"fields": ["email", "password", "customer_id"]}),
        (_("Dane uczestnika"), {"fields": ["first_name", "last_name", "avatar"]}),
        (
            _("Uprawnienia"),
            {"fields": ["is_active", "roles", "is_shop_user", "is_student", "supervision"]},
        ),
        (_("Drugi składnik logowania"), {"fields": ["second_factors"]}),
        (
            _("Profil i zgody"),
            {
                "fields": [
                    "is_profile_public",
                    "newsletter",
                    "newsletter_consented_at",
                    "terms_accepted_at",
                ]
            },
        ),
        (
            _("Daty"),
            {"fields": ["date_joined", "last_login", "deletion_marked_at", "anonymised_at"]},
        ),
    ]
    add_fieldsets = [
        (
            None,
            {
                "classes": ["wide"],
                "fields": ["email", "first_name", "last_name", "password1", "password2"],
            },
        ),
    ]

    def get_queryset(self, request: HttpRequest):
        # Whether each account has a second factor, in the list's one query.
        return (
            super()
            .get_queryset(request)
            .annotate(has_factor=Exists(Authenticator.objects.filter(user=OuterRef("pk"))))
        )

    @admin.display(boolean=True, description=_("drugi składnik"), ordering="has_factor")
    def second_factor(self, obj: User) -> bool:
        return bool(getattr(obj, "has_factor", False))

    @admin.display(description=_("drugi składnik"))
    def second_factors(self, obj: User) -> str:
        return services.account_factors_summary(user=obj) if obj.pk else ""

    def save_model(self, request: HttpRequest, obj: User, form, change: bool) -> None:
        old = form.initial.get("avatar") if change and "avatar" in form.changed_data else None
        super().save_model(request, obj, form, change)
        # A replaced or cleared avatar's file goes once the change is committed.
        if old and old.name != obj.avatar.name:
            services.avatar_delete(name=old.name)

    def get_form(self, request: HttpRequest, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        # A subclass per request, so the form knows who acts without shared state.
        return type(form.__name__, (form,), {"acting_user": request.user})

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        # Also guards the password form, which asks this for its account.
        if obj is not None and not selectors.user_change_allowed(
            actor=admin_user(request), target=obj
        ):
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        # Deleting the row would take others' records with it (redemptions, teams, the
        # e-mail log): accounts are erased by anonymising them (the action below).
        return False

    def _act_on_changeable(self, request: HttpRequest, queryset, act, done: Promise) -> None:
        """Runs `act(user)` (which returns how many it did) on each selected account the
        admin may change, and says how many were done and how many skipped."""
        done_count = skipped = 0
        actor = admin_user(request)
        for user in queryset.prefetch_related("roles"):
            if not selectors.user_change_allowed(actor=actor, target=user):
                skipped += 1
                continue
            done_count += act(user)
        self.message_user(request, str(done) % {"count": done_count}, messages.SUCCESS)
        if skipped:
            self.message_user(
                request,
                _("Pominięte konta z rolą równą Twojej albo wyższą: %(count)d.")
                % {"count": skipped},
                messages.WARNING,
            )

    @admin.action(description=_("Usuń dane osobowe wybranych kont (anonimizacja)"))
    def erase_accounts(self, request: HttpRequest, queryset) -> None:
        self._act_on_changeable(
            request,
            queryset,
            lambda user: services.account_erase(user=user),
            _("Zanonimizowane konta: %(count)d."),
        )

    @admin.action(description=_("Wyloguj z aplikacji mobilnej (zakończ sesje aplikacji)"))
    def end_app_sessions(self, request: HttpRequest, queryset) -> None:
        self._act_on_changeable(
            request,
            queryset,
            lambda user: services.app_tokens_revoke(user=user),
            _("Zakończone sesje aplikacji: %(count)d."),
        )

    @admin.action(
        description=_("Zresetuj drugi składnik logowania (wyloguje konto i wyśle mu e-mail)")
    )
    def reset_second_factor(self, request: HttpRequest, queryset) -> None:
        # Accounts without a factor are left as they are (not counted).
        actor = admin_user(request)
        self._act_on_changeable(
            request,
            queryset,
            lambda user: int(services.mfa_reset(actor=actor, target=user) > 0),
            _("Zresetowane drugie składniki logowania: %(count)d."),
        )

    @admin.action(description=_("Wyślij link logowania (strona „Szkolenia”)"))
    def send_session_link(self, request: HttpRequest, queryset) -> None:
        # Links go to learners only (services.session_link_allowed), which every admin may
        # change: accounts protected from the sender all have a role and are skipped too.
        sent = skipped = 0
        for user in queryset.prefetch_related("roles"):
            try:
                services.session_link_send(
                    user=user, path=DEFAULT_LINK_PATH, issued_by=admin_user(request)
                )
                sent += 1
            except ApplicationError:
                # DEFAULT_LINK_PATH is a learner page: the refusal is the account's own.
                skipped += 1
        # "Label: number" reads right for any count in Polish, which has three plural forms.
        self.message_user(
            request, _("Wysłane linki logowania: %(count)d.") % {"count": sent}, messages.SUCCESS
        )
        if skipped:
            self.message_user(
                request,
                _("Pominięte konta (nieaktywne albo z rolą): %(count)d.") % {"count": skipped},
                messages.WARNING,
            )


def _link_path_choices() -> list[tuple[str, str]]:
    area = default_return_url()
    return [
        (path, f"{area}/{path}/…" if needs_course else f"{area}/{path}")
        for path, needs_course in selectors.learner_pages_list()
    ]


class SessionLinkForm(forms.ModelForm):
    """Send a one-click login link: the user, the learner page it opens, the course."""

    path = forms.ChoiceField(
        label=capfirst(SessionLink._meta.get_field("path").verbose_name),
        choices=_link_path_choices,
    )

    class Meta:
        model = SessionLink
        fields = ["user", "path", "course_id"]

    def clean(self):
        cleaned_data = super().clean()
        path, course_id = cleaned_data.get("path"), cleaned_data.get("course_id")
        if path and not selectors.learner_page_exists(path=path, course_id=course_id):
            raise forms.ValidationError(
                _("Ta strona platformy wymaga numeru kursu albo go nie przyjmuje."),
                code="invalid_target",
            )
        user = cleaned_data.get("user")
        if user is not None and not services.session_link_allowed(user=user):
            raise forms.ValidationError(
                _(
                    "Link logowania można wysłać tylko do aktywnego konta bez żadnej roli:"
                    " konta z dostępem do panelu logują się hasłem."
                ),
                code="refused",
            )
        return cleaned_data


@admin.register(SessionLink)
class SessionLinkAdmin(admin.ModelAdmin):
    """Links are sent from here and can be revoked (deleted); the secret is never shown."""

    form = SessionLinkForm
    autocomplete_fields = ["user"]
    list_display = ["user", "target", "created_at", "expires_at", "used_at", "issued_by"]
    list_select_related = ["user", "issued_by"]
    list_filter = ["used_at", "expires_at"]
    search_fields = ["user__email", "user__first_name", "user__last_name"]
    ordering = ["-created_at"]

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        # A sent link is what it is: view it, or delete it to revoke it.
        return False

    def get_fieldsets(self, request: HttpRequest, obj=None):
        if obj is None:
            description = _(
                "Zapisanie wysyła użytkownikowi e-mail z jednorazowym linkiem, który go"
                " zaloguje i otworzy wybraną stronę platformy."
            )
            return [(None, {"fields": ["user", "path", "course_id"], "description": description})]
        fields = ["user", "target", "created_at", "expires_at", "used_at", "issued_by"]
        return [(None, {"fields": fields})]

    def get_fields(self, request: HttpRequest, obj=None):
        return [
            field
            for _name, options in self.get_fieldsets(request, obj)
            for field in options["fields"]
        ]

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        return self.get_fields(request, obj) if obj is not None else []

    @admin.display(description=_("adres"))
    def target(self, obj: SessionLink) -> str:
        return obj.target

    def save_model(self, request: HttpRequest, obj: SessionLink, form, change: bool) -> None:
        link = services.session_link_send(
            user=obj.user, path=obj.path, course_id=obj.course_id, issued_by=admin_user(request)
        )
        # The admin's messages and history name the stored link.
        for field in SessionLink._meta.concrete_fields:
            setattr(obj, field.attname, getattr(link, field.attname))
        obj._state.adding = False


@admin.register(AppToken)
class AppTokenAdmin(admin.ModelAdmin):
    """Sessions of the mobile app: deleting one logs that device out; the secret is never
    stored, so never shown."""

    list_display = ["user", "device", "created_at", "last_used_at"]
    list_select_related = ["user"]
    search_fields = ["user__email", "user__first_name", "user__last_name"]
    ordering = ["-last_used_at"]
    fields = ["user", "device", "created_at", "last_used_at"]
    readonly_fields = ["user", "device", "created_at", "last_used_at"]
    # One at a time, from its own page, where the permission below sees the account.
    actions = None

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        # Only sessions of accounts the admin may change (see user_change_allowed).
        if obj is not None and not selectors.user_change_allowed(
            actor=admin_user(request), target=obj.user
        ):
            return False
        return super().has_delete_permission(request, obj)
