"""The one-time secrets of session links and deletion links (app.core.tokens), through
the platform's concrete models."""

import base64
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from app.accounts.models import AccountDeletionLink, SessionLink
from app.accounts.tests.factories import make_session_link, make_user
from app.core.errors import ApplicationError
from app.core.tokens import token_digest

pytestmark = pytest.mark.django_db

CONFIRM = AccountDeletionLink.Kind.CONFIRM


def test_a_secret_has_256_random_bits_and_is_never_repeated():
    user = make_user()
    tokens = [make_session_link(user)[1] for _ in range(20)]

    assert all(len(base64.urlsafe_b64decode(token + "=")) == 32 for token in tokens)
    assert len(set(tokens)) == len(tokens)


def test_only_the_digest_is_stored():
    user = make_user()
    link, token = make_session_link(user)

    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM accounts_sessionlink WHERE id = %s", [link.pk])
        stored = [str(value) for value in cursor.fetchone()]
    assert token not in " ".join(stored)
    assert link.digest == token_digest(token)
    assert len(link.digest) == 64


def test_a_link_works_once():
    user = make_user()
    _link, token = make_session_link(user)

    assert SessionLink.redeem(token, path="moje_kursy").user == user
    with pytest.raises(ApplicationError) as error:
        SessionLink.redeem(token, path="moje_kursy")
    assert error.value.code == "used"


def test_finding_a_link_does_not_use_it_up():
    user = make_user()
    link, token = AccountDeletionLink.issue(lifetime=timedelta(hours=24), user=user, kind=CONFIRM)

    assert AccountDeletionLink.find(token, user=user, kind=CONFIRM) == link
    link.refresh_from_db()
    assert link.used_at is None


def test_an_expired_link_is_refused_and_stays_unused():
    user = make_user()
    link, token = make_session_link(user)
    link.expires_at = timezone.now() - timedelta(seconds=1)
    link.save()

    with pytest.raises(ApplicationError) as error:
        SessionLink.redeem(token, path="moje_kursy")
    assert error.value.code == "expired"
    link.refresh_from_db()
    assert link.used_at is None


def test_someone_elses_link_reads_as_unknown_and_stays_usable():
    owner, other = make_user(), make_user()
    link, token = AccountDeletionLink.issue(lifetime=timedelta(hours=24), user=owner, kind=CONFIRM)

    with pytest.raises(ApplicationError) as error:
        AccountDeletionLink.redeem(token, user=other, kind=CONFIRM)
    assert error.value.code == "unknown"
    link.refresh_from_db()
    assert link.used_at is None


def test_a_link_of_another_kind_reads_as_unknown():
    user = make_user()
    _link, token = AccountDeletionLink.issue(lifetime=timedelta(hours=24), user=user, kind=CONFIRM)
    with pytest.raises(ApplicationError) as error:
        AccountDeletionLink.redeem(token, kind=AccountDeletionLink.Kind.RESTORE)
    assert error.value.code == "unknown"


@pytest.mark.parametrize(
    "token",
    ["", "abc", "x" * 42, "x" * 44, "a" * 42 + "!", "../../etc/passwd", "a" * 10_000, "ą" * 43],
)
def test_malformed_secrets_are_unknown_without_asking_the_database(
    token, django_assert_num_queries
):
    with django_assert_num_queries(0), pytest.raises(ApplicationError) as error:
        SessionLink.redeem(token, path="moje_kursy")
    assert error.value.code == "unknown"


def test_a_well_formed_but_unknown_secret_is_unknown():
    with pytest.raises(ApplicationError) as error:
        SessionLink.redeem("A" * 43, path="moje_kursy")
    assert error.value.code == "unknown"


@pytest.mark.parametrize(
    ("code", "message", "status"),
    [
        ("unknown", "Ten link logowania jest nieprawidłowy.", 400),
        # What was used already is a conflict: the refusal itself says so (409).
        ("used", "Ten link logowania został już wykorzystany.", 409),
        ("expired", "Ten link logowania wygasł.", 400),
    ],
)
def test_a_refused_session_link_names_itself(code, message, status):
    refusal = SessionLink.refusal(code)
    assert (refusal.code, refusal.message, refusal.status) == (code, message, status)


def test_each_kind_of_deletion_link_names_itself_when_refused():
    user = make_user()
    _link, token = AccountDeletionLink.issue(lifetime=timedelta(hours=24), user=user, kind=CONFIRM)
    AccountDeletionLink.redeem(token, user=user, kind=CONFIRM)

    with pytest.raises(ApplicationError) as confirm_error:
        AccountDeletionLink.find(token, user=user, kind=CONFIRM)
    with pytest.raises(ApplicationError) as restore_error:
        AccountDeletionLink.find(token, kind=AccountDeletionLink.Kind.RESTORE)

    assert (confirm_error.value.code, confirm_error.value.message) == (
        "used",
        "Ten link usunięcia konta został już wykorzystany.",
    )
    assert (restore_error.value.code, restore_error.value.message) == (
        "unknown",
        "Ten link przywrócenia konta jest nieprawidłowy.",
    )
