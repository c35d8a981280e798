"""`?strona=<n>`: the requested page, odd numbers read as the nearest real page."""

import pytest
from django.test import RequestFactory

from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.core.pagination import page_number_parse, queryset_paginate

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("query", "number"),
    [
        ("", 1),
        ("strona=3", 3),
        ("strona=0", 1),
        ("strona=-2", 1),
        ("strona=abc", 1),
        ("strona=٣", 1),
    ],
)
def test_page_number_parse_reads_only_positive_ascii_numbers(rf: RequestFactory, query, number):
    assert page_number_parse(request=rf.get(f"/lista?{query}")) == number


def test_queryset_paginate_keeps_the_other_parameters_in_its_links(rf: RequestFactory):
    users = [make_user() for _ in range(5)]

    rows, pagination = queryset_paginate(
        request=rf.get("/lista?q=x&kody=2"),
        queryset=User.objects.order_by("pk"),
        per_page=2,
        param="kody",
    )

    assert rows == users[2:4]
    assert pagination == {
        "page": 2,
        "pages": 3,
        "total": 5,
        "previous_url": "/lista?q=x&kody=1",
        "next_url": "/lista?q=x&kody=3",
    }


def test_a_page_past_the_end_is_the_last_page(rf: RequestFactory):
    users = [make_user() for _ in range(3)]
    rows, pagination = queryset_paginate(
        request=rf.get("/lista?strona=99"), queryset=User.objects.order_by("pk"), per_page=2
    )
    assert (rows, pagination["page"], pagination["next_url"]) == (users[2:], 2, None)
