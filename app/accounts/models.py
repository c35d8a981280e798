"""Platforma accounts: the e-mail is the login, roles open the areas of the platform."""

import hashlib
import hmac
import uuid
from collections.abc import Mapping
from datetime import datetime, timedelta
from functools import cached_property, lru_cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models
from django.db.models import StringAgg, Value
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from app.core import roles
from app.core.models import CachedRow, CachedRowQuerySet
from app.core.return_url import default_return_url
from app.core.tokens import EXPIRED, UNKNOWN, USED, OneTimeToken

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class Role(models.Model):
    """One of the fixed roles (docs/behaviour.md#roles); the rows are created by a migration."""

    code = models.CharField(_("kod"), max_length=32, primary_key=True, choices=roles.Role.choices)

    class Meta:
        verbose_name = _("rola")
        verbose_name_plural = _("role")
        ordering = ["code"]

    def __str__(self) -> str:
        return str(roles.Role(self.code).label)


def role_codes_aggregate(path: str = "") -> Coalesce:
    """A user's role codes as one value ("A,B", "" for none), read in the query that reads
    the user; `path` leads from the query's rows to the user ("user__" from an app token)."""
    return Coalesce(
        StringAgg(f"{path}roles__code", delimiter=Value(","), distinct=True),
        Value(""),
        output_field=models.TextField(),
    )


class UserManager(BaseUserManager.from_queryset(CachedRowQuerySet)):  # type: ignore[misc]
    use_in_migrations = True

    def with_role_codes(self) -> models.QuerySet["User"]:
        """Users with their role codes in the same query (as `role_list`, "A,B")."""
        return self.annotate(role_list=role_codes_aggregate())

    def get_by_natural_key(self, username: str | None) -> "User":
        return self.get(email__iexact=username)

    def create_user(self, email: str, password: str | None = None, **fields) -> "User":
        if not email:
            raise ValueError("An e-mail address is required.")
        user = self.model(email=self.normalize_email(email).lower(), **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **fields) -> "User":
        # Everything a superuser may do comes from the SUPER_ADMIN role, so taking the role
        # away takes the powers with it (Django's is_superuser flag would outlive it).
        fields.pop("is_superuser", None)
        user = self.create_user(email, password, **fields)
        user.roles.add(Role.objects.get_or_create(code=roles.Role.SUPER_ADMIN)[0])
        return user


class User(AbstractBaseUser, PermissionsMixin, CachedRow):
    # Stored lowercased (see save), so the unique index is case-insensitive in effect.
    email = models.EmailField(_("e-mail"), max_length=254, unique=True)
    first_name = models.CharField(_("imię"), max_length=150)
    last_name = models.CharField(_("nazwisko"), max_length=150)
    # The public id: what analytics, session recording and URLs may show instead of the pk.
    customer_id = models.UUIDField(
        _("identyfikator klienta"), default=uuid.uuid4, unique=True, editable=False
    )
    roles = models.ManyToManyField(Role, verbose_name=_("role"), blank=True, related_name="users")
    is_shop_user = models.BooleanField(_("klient sklepu"), default=False)
    is_student = models.BooleanField(_("członek zespołu"), default=False)
    supervision = models.BooleanField(_("konto monitorowane"), default=False)
    is_profile_public = models.BooleanField(_("profil publiczny"), default=False)
    avatar = models.ImageField(_("awatar"), upload_to="avatars/", blank=True)
    newsletter = models.BooleanField(_("zgoda na informacje o promocjach"), default=False)
    # When the newsletter consent now in force was given (kept as proof of consent).
    newsletter_consented_at = models.DateTimeField(
        _("zgoda na informacje o promocjach wyrażona"), null=True, blank=True
    )
    terms_accepted_at = models.DateTimeField(_("akceptacja regulaminu"), null=True, blank=True)
    # The language of the user's e-mails; the interface follows the visitor's choice.
    language = models.CharField(
        _("język"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    is_active = models.BooleanField(_("aktywne"), default=True)
    date_joined = models.DateTimeField(_("data rejestracji"), default=timezone.now)
    # Set when the owner confirms the deletion: the account is locked at once, and its
    # personal data is purged after ACCOUNT_DELETION_GRACE unless the owner undoes it.
    deletion_marked_at = models.DateTimeField(
        _("oznaczone do usunięcia"), null=True, blank=True, db_index=True
    )
    # Set by the purge: the row stays (others' records point at it), the person is gone.
    anonymised_at = models.DateTimeField(_("dane usunięte"), null=True, blank=True)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS = ["first_name", "last_name"]

    class Meta:
        verbose_name = _("użytkownik")
        verbose_name_plural = _("użytkownicy")

    def __str__(self) -> str:
        return f"{self.full_name} <{self.email}>"

    @classmethod
    def from_db(cls, db, field_names, values, *, fetch_mode=None):
        user = super().from_db(db, field_names, values, fetch_mode=fetch_mode)
        user._stored_email = user.__dict__.get("email")
        user._stored_password = user.__dict__.get("password")
        user._stored_is_active = user.__dict__.get("is_active")
        return user

    def save(self, *args, **kwargs) -> None:
        self.email = self.email.strip().lower()
        stored = getattr(self, "_stored_email", None)
        stored_password = getattr(self, "_stored_password", None)
        stored_is_active = getattr(self, "_stored_is_active", None)
        super().save(*args, **kwargs)
        if stored is not None and stored != self.email:
            self._follow_email_change()
        if stored_password is not None and stored_password != self.password:
            # A new password, however it was set (reset link, admin panel, the purge's
            # unusable one): the mobile app's sessions end, as the browser's do.
            AppToken.objects.filter(user=self).delete()
        elif stored_is_active and not self.is_active:
            # A deactivated account's app sessions end for good: reactivating it later
            # must not bring them back.
            AppToken.objects.filter(user=self).delete()
        self._stored_email = self.email
        self._stored_password = self.password
        self._stored_is_active = self.is_active

    def _follow_email_change(self) -> None:
        # allauth also finds accounts by its own address records: when an admin changes
        # the address, the old one must stop logging in and receiving reset links.
        from allauth.account.models import EmailAddress

        records = EmailAddress.objects.filter(user=self)
        had_records = records.exists()
        records.delete()
        if had_records:
            EmailAddress.objects.create(user=self, email=self.email, primary=True)

    def get_session_auth_hash(self) -> str:
        """Django's hash of the password, which every logged-in request checks its session
        against: the same value, with the key derived from the secret once per process
        rather than on every request (a third of its cost) and HMAC taken in one call."""
        return hmac.digest(
            _session_hash_key(settings.SECRET_KEY), self.password.encode(), "sha256"
        ).hex()

    @property
    def shown_first_name(self) -> str:
        """The first name in title case, as every screen shows it (docs/behaviour.md#validation)."""
        return self.first_name.title()

    @property
    def shown_last_name(self) -> str:
        return self.last_name.title()

    @property
    def full_name(self) -> str:
        return f"{self.shown_first_name} {self.shown_last_name}".strip()

    @cached_property
    def role_codes(self) -> frozenset[str]:
        # The session's user arrives with its codes already (UserManager.with_role_codes).
        listed = self.__dict__.get("role_list")
        if listed is not None:
            return frozenset(code for code in listed.split(",") if code)
        return frozenset(self.roles.values_list("code", flat=True))

    def has_any_role(self, wanted: frozenset[str] | set[str]) -> bool:
        return bool(self.role_codes & wanted)

    @property
    def is_staff(self) -> bool:
        """Django's admin asks for is_staff; here it means an ADMIN or SUPER_ADMIN role."""
        return self.is_active and self.has_any_role(roles.ADMIN_ROLES)


# Django's salt of the session's password hash (AbstractBaseUser.get_session_auth_hash).
_SESSION_HASH_SALT = b"django.contrib.auth.models.AbstractBaseUser.get_session_auth_hash"


@lru_cache(maxsize=4)
def _session_hash_key(secret: str) -> bytes:
    # salted_hmac's key for the salt and the secret; keyed by the secret, so a changed
    # SECRET_KEY (a test's, a rotation's) gets its own.
    return hashlib.sha256(_SESSION_HASH_SALT + secret.encode()).digest()


class Session(AbstractBaseSession):
    """A browser's session, with the account it is logged in to beside its data: the
    session, its account and the account's roles load in one query (app/accounts/
    sessions.py), and every session of an account can be ended by one statement."""

    account_id = models.BigIntegerField(null=True, db_index=True)

    class Meta(AbstractBaseSession.Meta):
        verbose_name = _("sesja")  # type: ignore[assignment]
        verbose_name_plural = _("sesje")  # type: ignore[assignment]

    @classmethod
    def get_session_store_class(cls):
        # The engine (app/accounts/sessions.py) reads this model: named, not imported.
        return import_module(settings.SESSION_ENGINE).SessionStore


class SessionLink(OneTimeToken):
    """A one-click login link (/session/<hash>/<path>[/<course_id>]) to a learner page."""

    user = models.ForeignKey(
        User, on_delete=models.CASCADE, related_name="session_links", verbose_name=_("użytkownik")
    )
    # The learner-area page the link opens: /platforma/<path>[/<course_id>].
    path = models.CharField(_("strona"), max_length=100)
    course_id = models.PositiveIntegerField(_("kurs"), null=True, blank=True)
    issued_by = models.ForeignKey(
        User,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("wysłał"),
    )

    refusals = {
        UNKNOWN: _("Ten link logowania jest nieprawidłowy."),
        USED: _("Ten link logowania został już wykorzystany."),
        EXPIRED: _("Ten link logowania wygasł."),
    }

    class Meta:
        verbose_name = _("link logowania")
        verbose_name_plural = _("linki logowania")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.user.email} → {self.target}"

    @staticmethod
    def address(*, token: str, path: str, course_id: int | None) -> str:
        """The path of the link with the secret `token` (only its digest is stored)."""
        if course_id is None:
            return reverse("accounts:session_link", kwargs={"hash": token, "path": path})
        return reverse(
            "accounts:session_link_course",
            kwargs={"hash": token, "path": path, "course_id": course_id},
        )

    @property
    def target(self) -> str:
        """The address of the learner page the link opens."""
        suffix = f"/{self.course_id}" if self.course_id is not None else ""
        return f"{default_return_url()}/{self.path}{suffix}"


class AccountDeletionLink(OneTimeToken):
    """A link of the account deletion: the confirmation one (/konto/usun/<hash>) or the
    undo one (/konto/przywroc/<hash>) that works until the purge."""

    class Kind(models.TextChoices):
        CONFIRM = "confirm", _("potwierdzenie usunięcia")
        RESTORE = "restore", _("przywrócenie konta")

    user = models.ForeignKey(
        User,
        on_delete=models.CASCADE,
        related_name="deletion_links",
        verbose_name=_("użytkownik"),
    )
    kind = models.CharField(_("rodzaj"), max_length=16, choices=Kind.choices)

    # Each kind of link names itself when it is refused (docs/behaviour.md#link-refusals);
    # someone else's confirmation link reads as unknown, so its message says it may be another's.
    refusals_by_kind: dict[str, dict[str, "StrOrPromise"]] = {
        Kind.CONFIRM: {
            UNKNOWN: _("Ten link usunięcia konta jest nieprawidłowy albo należy do innego konta."),
            USED: _("Ten link usunięcia konta został już wykorzystany."),
            EXPIRED: _("Ten link usunięcia konta wygasł. Poproś o nowy na stronie profilu."),
        },
        Kind.RESTORE: {
            UNKNOWN: _("Ten link przywrócenia konta jest nieprawidłowy."),
            USED: _("Ten link przywrócenia konta został już wykorzystany."),
            EXPIRED: _("Ten link przywrócenia konta wygasł."),
        },
    }

    class Meta:
        verbose_name = _("link usunięcia konta")
        verbose_name_plural = _("linki usunięcia konta")

    @classmethod
    def refusals_for(cls, filters: Mapping[str, Any]) -> Mapping[str, "StrOrPromise"]:
        """The messages of the kind of link looked up (every lookup names its kind)."""
        return cls.refusals_by_kind[filters["kind"]]


class AppToken(models.Model):
    """A session of the mobile app: the secret it sends as X-Platforma-Token.

    The secret has 256 random bits (app.core.tokens.new_token); only its SHA-256 digest
    is stored, so a database leak logs nobody in. A session unused for
    API_TOKEN_IDLE_DAYS ends; logging out, a new password, the account's deletion, an
    admin, or the owner on the profile page end it at once (the row is deleted)."""

    user = models.ForeignKey(
        User, on_delete=models.CASCADE, related_name="app_tokens", verbose_name=_("użytkownik")
    )
    digest = models.CharField(max_length=64, unique=True, editable=False)
    # What the app said it is (its User-Agent), so the owner can tell the sessions apart.
    device = models.CharField(_("urządzenie"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("utworzona"), default=timezone.now, editable=False)
    last_used_at = models.DateTimeField(_("ostatnio używana"), default=timezone.now, db_index=True)

    class Meta:
        verbose_name = _("sesja aplikacji")
        verbose_name_plural = _("sesje aplikacji")
        ordering = ["-last_used_at"]

    def __str__(self) -> str:
        return f"{self.user.email} ({self.device or '-'})"

    @classmethod
    def stale_rows(cls, *, now: datetime) -> models.QuerySet["AppToken"]:
        """Sessions idle past API_TOKEN_IDLE_DAYS: over, deleted by the daily clean-up."""
        return cls.objects.filter(
            last_used_at__lte=now - timedelta(days=settings.API_TOKEN_IDLE_DAYS)
        )
