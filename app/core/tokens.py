"""Secrets for links sent by e-mail (session links, account deletion, invitations).

A token has 256 bits from `secrets`; only its SHA-256 digest is stored, so a database
leak reveals no usable link. Being that long and random, tokens need no salt or slow hash.
"""

import hashlib
import re
import secrets
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, ClassVar, Self

from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone

from app.core.errors import ApplicationError, default_message

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

TOKEN_BYTES = 32
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{43}$")
# Why a link cannot be used: the codes of the ApplicationError that `find` and `redeem` raise.
UNKNOWN, USED, EXPIRED = "unknown", "used", "expired"


def new_token() -> tuple[str, str]:
    """A fresh (token, digest) pair: send the token, store the digest."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    return token, token_digest(token)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def is_well_formed(token: str) -> bool:
    """Cheap shape check, so malformed input never reaches the database."""
    return bool(_TOKEN_SHAPE.match(token or ""))


class OneTimeToken(models.Model):
    """A single-use, expiring secret. Subclasses add what the token is for, and the
    messages a visitor reads when their link is refused."""

    digest = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    # The message of each refusal (unknown, used, expired), naming the subclass's link;
    # lazy texts, translated when a link is refused.
    refusals: ClassVar[Mapping[str, "StrOrPromise"]] = {}

    class Meta:
        abstract = True

    @classmethod
    def issue(cls, *, lifetime: timedelta, **fields: Any) -> tuple[Self, str]:
        """Store a new token and return it with the raw secret (shown or sent only once)."""
        token, digest = new_token()
        instance = cls._default_manager.create(
            digest=digest, expires_at=timezone.now() + lifetime, **fields
        )
        return instance, token

    @classmethod
    def refusals_for(cls, filters: Mapping[str, Any]) -> Mapping[str, "StrOrPromise"]:
        """The refusal messages of the links `filters` look up; a subclass with several
        kinds of links picks the kind's messages."""
        return cls.refusals

    @classmethod
    def refusal(cls, code: str, **filters: Any) -> ApplicationError:
        """The ApplicationError of a link refused for `code` (unknown, used or expired),
        with the message the subclass declares for it."""
        message = cls.refusals_for(filters).get(code)
        # A link used already is a conflict with what happened to it (409); an unknown
        # or expired one is bad input (400).
        status = 409 if code == USED else 400
        return ApplicationError(str(message or default_message(400)), code=code, status=status)

    @classmethod
    def spent_before(cls, cutoff: datetime) -> Q:
        """The rows that stopped working (used or expired) before `cutoff`: the daily
        clean-up deletes them (app.core.services.expired_records_clear)."""
        return Q(used_at__lte=cutoff) | Q(expires_at__lte=cutoff)

    @classmethod
    def find(cls, token: str, **filters: Any) -> Self:
        """The usable token matching `token`, without using it up; raises ApplicationError
        (unknown, used or expired)."""
        if not is_well_formed(token):
            raise cls.refusal(UNKNOWN, **filters)
        instance = cls._default_manager.filter(digest=token_digest(token), **filters).first()
        return cls._check(instance, filters)

    @classmethod
    def redeem(cls, token: str, **filters: Any) -> Self:
        """Use the token up, once: concurrent attempts get "used"; raises ApplicationError
        (unknown, used or expired)."""
        if not is_well_formed(token):
            raise cls.refusal(UNKNOWN, **filters)
        with transaction.atomic():
            instance = (
                cls._default_manager.select_for_update()
                .filter(digest=token_digest(token), **filters)
                .first()
            )
            usable = cls._check(instance, filters)
            usable.used_at = timezone.now()
            usable.save(update_fields=["used_at"])
        return usable

    @classmethod
    def _check(cls, instance: Self | None, filters: Mapping[str, Any]) -> Self:
        if instance is None:
            raise cls.refusal(UNKNOWN, **filters)
        if instance.used_at is not None:
            raise cls.refusal(USED, **filters)
        if instance.expires_at <= timezone.now():
            raise cls.refusal(EXPIRED, **filters)
        return instance
