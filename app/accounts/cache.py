"""What every logged-in page needs about its account, kept in the cache until it changes.

Entries of an account are built under its generation (`User.cache_generation`, read with
the session: app/accounts/sessions.py). Every save of the account moves it; so do the
signals below when its roles, e-mail addresses, notifications or invitations change, and
the learner's own changes (app/learning/cache.py), each in the change's transaction.
"""

from collections.abc import Callable
from datetime import datetime

from app.accounts.models import User
from app.core.models import new_generation
from app.core.request_cache import request_cache
from app.core.versioned_cache import versioned_cached


def account_cache_bump(*, user_id: int) -> None:
    """Forget every cached entry of the account (with the change's transaction)."""
    accounts_cache_bump(user_ids=[user_id])


def accounts_cache_bump(*, user_ids: list[int]) -> None:
    """Forget every cached entry of the accounts `user_ids`, in one statement."""
    if not user_ids:
        return
    User.objects.filter(pk__in=user_ids).generation_bump()
    account_copies_moved(user_ids=user_ids)


def account_copies_moved(*, user_ids: list[int]) -> None:
    """Once a write moved these accounts' generations in the database (the bump above, or
    a statement of the caller's own), the request's own copies of them move too: what the
    rest of the request builds is filed under a generation no other request reads."""
    state = request_cache()
    if state is None:
        return
    for user_id in user_ids:
        if user_id in state.accounts:
            state.accounts[user_id].cache_generation = new_generation()


def account_cached[T](
    *,
    user: User,
    name: str,
    build: Callable[[], T],
    generations: tuple = (),
    valid_until: Callable[[T], datetime | None] | None = None,
) -> T:
    """`build()`'s result for the account, from the cache while the account's generation
    (and `generations`, others the value depends on) stay as they were when `user` was
    read. `valid_until(value)` may name the moment the value goes out of date by itself
    (an invitation expiring): the entry is kept no longer."""
    return versioned_cached(
        generations=(user.cache_generation, *generations),
        # The customer id is never reused, not even by a database built anew.
        entry_key=account_cache_key(user=user, name=name),
        build=build,
        valid_until=valid_until,
    )


def account_cache_key(*, user: User, name: str) -> str:
    return f"account:{user.customer_id}:{name}"


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
        accounts_cache_bump(user_ids=list(pk_set or ()))
    elif action == "pre_clear":
        _role_holders_bump(instance)


def _role_deleting(sender, instance, **kwargs) -> None:
    # A role deleted takes its holders' rows of the relation with it, without m2m_changed:
    # their shells (the menu, the `auth` prop's roles) must not outlive it.
    _role_holders_bump(instance)


def _role_holders_bump(role) -> None:
    accounts_cache_bump(user_ids=list(role.users.values_list("pk", flat=True)))


def connect_signals() -> None:
    from allauth.account.models import EmailAddress
    from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete

    from app.accounts.models import Role

    # The account's own row moves its generation itself (CachedRow).
    m2m_changed.connect(_roles_changed, sender=User.roles.through, dispatch_uid="account-roles")
    pre_delete.connect(_role_deleting, sender=Role, dispatch_uid="account-role-deleted")
    post_save.connect(_address_changed, sender=EmailAddress, dispatch_uid="account-address")
    post_delete.connect(_address_changed, sender=EmailAddress, dispatch_uid="account-address-d")
