"""No page's number of SQL queries grows with the number of items it lists."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import visit
from app.learning.tests.helpers import (
    add_authored,
    add_certificate,
    add_exam,
    add_favourite,
    add_note,
    add_progress,
    add_question_course,
    add_team,
)

pytestmark = pytest.mark.django_db

PAGES = {
    "/platforma/egzamin": add_exam,
    "/platforma/pytania-rekrutacyjne": add_question_course,
    "/platforma/ulubione": add_favourite,
    "/platforma/notatki": add_note,
    "/platforma/certyfikaty": add_certificate,
    "/platforma/postepy": add_progress,
    "/platforma/student": add_team,
    "/author": add_authored,
}


@pytest.mark.parametrize("url", list(PAGES))
def test_queries_stay_the_same_with_many_items(client, url, django_assert_max_num_queries):
    user = make_user(is_shop_user=True, is_student=True, roles=["AUTHOR"])
    client.force_login(user)
    add = PAGES[url]
    add(user)
    with CaptureQueriesContext(connection) as few:
        response = visit(client, url)
    assert response.status_code == 200
    for _ in range(35):
        add(user)
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert visit(client, url).status_code == 200
