"""Deleting an account (docs/behaviour.md#account-deletion): asked for, confirmed from the
e-mailed link, undone until the purge, and the purge that anonymises it."""

import uuid
from datetime import datetime

from allauth.account.models import EmailAddress
from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from app.accounts import selectors
from app.accounts.cache import account_cache_bump
from app.accounts.models import AccountDeletionLink, SessionLink, User
from app.accounts.services.app_sessions import user_end_sessions
from app.accounts.services.avatars import avatar_delete
from app.accounts.services.mail import absolute_url, account_email_send, link_email_send
from app.accounts.signals import account_anonymised
from app.core.models import DataExport, EmailOutbox
from app.core.tokens import USED

# Where purged accounts' addresses point: `.invalid` can never be delivered (RFC 2606).
ANONYMOUS_EMAIL_DOMAIN = "usuniete.invalid"


def account_deletion_request(*, user: User) -> AccountDeletionLink:
    """E-mail `user` a link (single use, ACCOUNT_DELETION_LINK_LIFETIME) that confirms the
    deletion of the account; raises nothing."""
    link, token = AccountDeletionLink.issue(
        lifetime=settings.ACCOUNT_DELETION_LINK_LIFETIME,
        user=user,
        kind=AccountDeletionLink.Kind.CONFIRM,
    )
    link_email_send(
        user=user,
        template="account_deletion_request",
        url=absolute_url(reverse("accounts:account_deletion", kwargs={"hash": token})),
        lifetime=settings.ACCOUNT_DELETION_LINK_LIFETIME,
        key=f"account-deletion-request:{link.pk}",
    )
    return link


def account_deletion_check(*, user: User, token: str) -> AccountDeletionLink:
    """The usable confirmation link `token` of `user`, not used up; raises ApplicationError
    (unknown, used or expired; someone else's link reads as unknown)."""
    return AccountDeletionLink.find(token, user=user, kind=AccountDeletionLink.Kind.CONFIRM)


def account_deletion_confirm(*, user: User, token: str) -> datetime:
    """Use up the confirmation link `token` of `user` and mark the account for deletion:
    it is locked at once, every session ends, and an e-mail offers the undo link, valid
    until the purge. Returns when the purge is due; raises ApplicationError (unknown, used
    or expired)."""
    with transaction.atomic():
        AccountDeletionLink.redeem(token, user=user, kind=AccountDeletionLink.Kind.CONFIRM)
        now = timezone.now()
        User.objects.filter(pk=user.pk).update(deletion_marked_at=now, is_active=False)
        # The update sends no signal: the cached account must go by hand.
        account_cache_bump(user_id=user.pk)
        user.deletion_marked_at, user.is_active = now, False
        purge_at = now + settings.ACCOUNT_DELETION_GRACE
        restore, restore_token = AccountDeletionLink.issue(
            lifetime=settings.ACCOUNT_DELETION_GRACE,
            user=user,
            kind=AccountDeletionLink.Kind.RESTORE,
        )
        user_end_sessions(user=user)
        account_email_send(
            user=user,
            template="account_deletion_scheduled",
            context={
                "undo_url": absolute_url(
                    reverse("accounts:account_restore", kwargs={"hash": restore_token})
                ),
                "purge_at": timezone.localtime(purge_at).strftime("%Y-%m-%d %H:%M"),
            },
            key=f"account-deletion-scheduled:{restore.pk}",
        )
    return purge_at


def account_restore_check(*, token: str) -> User:
    """The account the undo link `token` would restore, without using the link up;
    raises ApplicationError (unknown, used or expired)."""
    kind = AccountDeletionLink.Kind.RESTORE
    link = AccountDeletionLink.find(token, kind=kind)
    if link.user.deletion_marked_at is None or link.user.anonymised_at is not None:
        raise AccountDeletionLink.refusal(USED, kind=kind)
    return link.user


def account_restore(*, token: str) -> User:
    """Undo a confirmed deletion with the e-mailed link `token` until the purge: the account
    can log in again; raises ApplicationError (unknown, used or expired; also once the
    data is purged)."""
    kind = AccountDeletionLink.Kind.RESTORE
    with transaction.atomic():
        link = AccountDeletionLink.find(token, kind=kind)
        # The user row first, then the link: the purge locks in the same order, so the
        # two wait for each other instead of deadlocking. Whichever comes second sees
        # the other's outcome (a purged account's links are gone: "unknown").
        user = User.objects.select_for_update().get(pk=link.user_id)
        AccountDeletionLink.redeem(token, kind=kind, user=user)
        if user.deletion_marked_at is None or user.anonymised_at is not None:
            raise AccountDeletionLink.refusal(USED, kind=kind)
        user.deletion_marked_at = None
        user.is_active = True
        user.save(update_fields=["deletion_marked_at", "is_active"])
    return user


def account_purge(*, user_id: int, now: datetime | None = None) -> bool:
    """Anonymise one account whose deletion is due (marked longer than
    ACCOUNT_DELETION_GRACE ago); returns False and changes nothing for any other account."""
    cutoff = (now or timezone.now()) - settings.ACCOUNT_DELETION_GRACE
    with transaction.atomic():
        user = (
            User.objects.select_for_update(skip_locked=True)
            .filter(
                pk=user_id,
                deletion_marked_at__isnull=False,
                deletion_marked_at__lte=cutoff,
                anonymised_at__isnull=True,
            )
            .first()
        )
        if user is None:
            return False
        _anonymise(user)
    return True


def account_erase(*, user: User) -> bool:
    """Anonymise an account now (an admin deleting it): the same result as the purge, so
    others' records stay whole; returns False when it was anonymised already."""
    with transaction.atomic():
        locked = User.objects.select_for_update().filter(pk=user.pk, anonymised_at__isnull=True)
        target = locked.first()
        if target is None:
            return False
        if target.deletion_marked_at is None:
            target.deletion_marked_at = timezone.now()
        _anonymise(target)
    return True


def _anonymise(user: User) -> None:
    """Remove the personal data of `user` (locked by the caller, inside its transaction).

    The row stays, because others' records (vouchers, teams, certificates, e-mail log)
    point at it: it keeps its id, date_joined and language, and nothing that names the
    person. The address becomes a unique undeliverable placeholder; names, avatar,
    password, roles, flags, consents, e-mail records, sessions and links are removed; the
    public customer_id is replaced so analytics can no longer tie data to the person.
    Other apps scrub their own records on `account_anonymised` (notes, favourites,
    certificate names, notifications, invitations, team management).
    """
    old_email = user.email
    placeholder = f"{uuid.uuid4().hex}@{ANONYMOUS_EMAIL_DOMAIN}"
    user_end_sessions(user=user)
    EmailAddress.objects.filter(user=user).delete()
    SessionLink.objects.filter(user=user).delete()
    AccountDeletionLink.objects.filter(user=user).delete()
    DataExport.objects.filter(user=user).delete()
    # An anonymised account is e-mailed nothing more; what was sent keeps no trace of it.
    EmailOutbox.objects.filter(to=old_email, sent_at__isnull=True).delete()
    EmailOutbox.objects.filter(to=old_email).update(to=placeholder, context={})
    user.roles.clear()
    user.groups.clear()
    user.user_permissions.clear()
    avatar = user.avatar.name
    user.email = placeholder
    user.first_name = ""
    user.last_name = ""
    user.avatar = ""
    user.set_unusable_password()
    user.customer_id = uuid.uuid4()
    user.is_active = False
    user.is_superuser = False
    user.is_shop_user = False
    user.is_student = False
    user.supervision = False
    user.is_profile_public = False
    user.newsletter = False
    user.newsletter_consented_at = None
    user.terms_accepted_at = None
    user.last_login = None
    user.anonymised_at = timezone.now()
    user.save()
    account_anonymised.send(
        sender=User, user=user, old_email=old_email, placeholder_email=placeholder
    )
    if avatar:
        # The file goes only once the anonymised row is committed: a crash before
        # that leaves both the file and the data for the next run.
        avatar_delete(name=avatar)


def accounts_purge_due(*, now: datetime | None = None, batch_size: int = 200) -> int:
    """Purge every account whose deletion is due (see account_purge); returns how many.
    Each account is its own transaction, so a run that stops half way leaves the rest
    for the next one, and a second run finds nothing left to do."""
    now = now or timezone.now()
    purged = 0
    while True:
        due = list(selectors.accounts_due_for_purge(now=now)[:batch_size])
        done = [user_id for user_id in due if account_purge(user_id=user_id, now=now)]
        purged += len(done)
        if len(due) < batch_size or not done:
            return purged
