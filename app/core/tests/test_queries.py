"""CompiledQuery (app/core/queries.py): a query composed once gives, for any values, what
the ORM gives for the same queryset, converted alike; it fails loudly, never quietly,
when Django composes differently."""

from datetime import timedelta

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db.models import Exists, F, OuterRef
from django.utils import timezone

from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.core.queries import CompiledQuery
from app.core.roles import Role

pytestmark = pytest.mark.django_db

EMAIL = "\x00placeholder-email\x00"
SINCE = -2_000_000_101


def _accounts(*, email: str, since: int):
    return (
        User.objects.filter(email=email, pk__gt=since)
        .annotate(
            is_manager=Exists(
                User.roles.through.objects.filter(user=OuterRef("pk"), role__code=Role.MANAGER)
            ),
            shown_email=F("email"),
        )
        .order_by("pk")
    )


def test_it_gives_what_the_queryset_gives_for_any_values():
    compiled = CompiledQuery(_accounts, email=EMAIL, since=SINCE)
    ola = make_user(email="ola@example.com", roles=[Role.MANAGER])
    make_user(email="ala@example.com")
    ola.last_login = timezone.now() - timedelta(days=3)
    ola.save()

    for email, since in [
        ("ola@example.com", 0),
        ("ala@example.com", 0),
        ("ola@example.com", ola.pk),
    ]:
        expected = list(_accounts(email=email, since=since))
        found = compiled.instances(email=email, since=since)
        assert [user.pk for user in found] == [user.pk for user in expected]
        for got, want in zip(found, expected, strict=True):
            # Model fields converted as the ORM converts them (a datetime on SQLite too).
            assert got.last_login == want.last_login
            assert got.date_joined == want.date_joined
            assert (got.is_manager, got.shown_email) == (want.is_manager, want.shown_email)
            assert got._state.adding is False
    assert compiled.instances(email="ola@example.com", since=0)[0].is_manager is True
    assert compiled.rows(email="ala@example.com", since=0)[0]["is_manager"] is False


def test_a_placeholder_the_statement_does_not_carry_is_refused():
    # The value is used in no lookup: a statement composed without it would run for
    # every value alike.
    compiled = CompiledQuery(lambda *, email: User.objects.all(), email=EMAIL)
    with pytest.raises(ImproperlyConfigured, match="email"):
        compiled.rows(email="ola@example.com")


def test_values_are_asked_for_by_their_placeholders_names():
    compiled = CompiledQuery(_accounts, email=EMAIL, since=SINCE)
    with pytest.raises(TypeError):
        compiled.rows(email="ola@example.com")
