"""What every logged-in page needs about its account, kept in the cache until it changes.

Each account has a version (app/core/versioned_cache.py); the services and signals that
change what an entry shows (the account, its roles, its e-mail addresses, notifications,
invitations) move it with `account_cache_bump`, so an entry is never served stale.
"""

from collections.abc import Callable
from datetime import datetime

from app.core.versioned_cache import database_tag, version_bump, versioned_cached


def _prefix() -> str:
    return f"account:{database_tag()}"


def _version_key(user_id: int) -> str:
    return f"{_prefix()}:version:{user_id}"


def account_cache_bump(*, user_id: int) -> None:
    """Forget every cached entry of the account (now, and again when the change commits)."""
    version_bump(_version_key(user_id))


def account_cached[T](
    *,
    user_id: int,
    name: str,
    build: Callable[[], T],
    valid_until: Callable[[T], datetime | None] | None = None,
) -> T:
    """`build()`'s result for the account, from the cache while its version has not moved.
    `valid_until(value)` may name the moment the value goes out of date by itself (an
    invitation expiring): the entry is kept no longer."""
    return versioned_cached(
        versions=[_version_key(user_id)],
        entry_key=f"{_prefix()}:{name}:{user_id}",
        build=build,
        valid_until=valid_until,
    )


def _account_changed(sender, instance, **kwargs) -> None:
    account_cache_bump(user_id=instance.pk)


def _address_changed(sender, instance, **kwargs) -> None:
    # A verified address shows the account's invitations; a changed one may hide them.
    account_cache_bump(user_id=instance.user_id)


def _roles_changed(sender, instance, action, reverse, pk_set, **kwargs) -> None:
    if not reverse:
        if action in ("post_add", "post_remove", "post_clear"):
            account_cache_bump(user_id=instance.pk)
        return
    # A role's side of the relation: the accounts that gained or lost it.
    if action in ("post_add", "post_remove"):
        user_ids = pk_set or ()
    elif action == "pre_clear":
        user_ids = instance.users.values_list("pk", flat=True)
    else:
        return
    for user_id in user_ids:
        account_cache_bump(user_id=user_id)


def connect_signals() -> None:
    from allauth.account.models import EmailAddress
    from django.db.models.signals import m2m_changed, post_delete, post_save

    from app.accounts.models import User

    post_save.connect(_account_changed, sender=User, dispatch_uid="account-cache-user")
    post_delete.connect(_account_changed, sender=User, dispatch_uid="account-cache-user-d")
    m2m_changed.connect(_roles_changed, sender=User.roles.through, dispatch_uid="account-roles")
    post_save.connect(_address_changed, sender=EmailAddress, dispatch_uid="account-address")
    post_delete.connect(_address_changed, sender=EmailAddress, dispatch_uid="account-address-d")
