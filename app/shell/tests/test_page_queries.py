"""Logged-in pages run a fixed number of SQL queries, however much their account has: the
learner's home, the learner's courses and the manager's team page, each the first time
(the account's cache empty) and every time after."""

import pytest

from app.accounts.services import email_mark_verified
from app.accounts.tests.factories import make_user
from app.core.roles import Role
from app.core.tests.helpers import SESSION_QUERIES, SHARED_GENERATION_QUERIES, visit
from app.learning.tests.factories import grant, make_course
from app.shell.services import notification_create
from app.teams.tests.factories import make_invitation, make_team
from app.teams.tests.helpers import ACCESS_CHECK_QUERIES, add_member

pytestmark = pytest.mark.django_db

SMALL, LARGE = 1, 60


def learner_with(size: int):
    user = make_user(email="ola@example.com", is_shop_user=True, is_student=True)
    email_mark_verified(user=user)
    for n in range(size):
        grant(user, make_course(lessons=2))
        notification_create(user=user, message=f"Powiadomienie {n}")
        make_invitation(team=make_team(), email="ola@example.com")
    return user


def manager_with(size: int):
    manager = make_user(roles=[Role.MANAGER])
    course = make_course(lessons=3)
    team = make_team(managers=[manager], courses=[course])
    for n in range(size):
        add_member(team=team, course=course, done=n % 3)
        make_invitation(team=team, email=f"zaproszony{n}@example.com")
    return manager, f"/manager/zespol/{team.pk}"


# (first visit, every later visit), besides the session. Later visits of the learner's
# courses read the catalogue's generation; of the team page, also the team's generation
# with the check that the visitor manages it.
LEARNER_PAGES = {"/platforma": (3, 0), "/platforma/moje_kursy": (8, SHARED_GENERATION_QUERIES)}


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["small", "large"])
@pytest.mark.parametrize("url", list(LEARNER_PAGES))
def test_learner_pages(client, django_assert_num_queries, url, size):
    client.force_login(learner_with(size))
    first, later = LEARNER_PAGES[url]
    with django_assert_num_queries(SESSION_QUERIES + first):
        assert visit(client, url).status_code == 200
    for _ in range(2):
        with django_assert_num_queries(SESSION_QUERIES + later):
            assert visit(client, url).status_code == 200


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["small", "large"])
def test_manager_team_page(client, django_assert_num_queries, size):
    manager, url = manager_with(size)
    client.force_login(manager)
    # Four of them are the charts' (courses, progress per member, activity, not started);
    # later visits are served from the team's cache (app/teams/cache.py).
    with django_assert_num_queries(SESSION_QUERIES + ACCESS_CHECK_QUERIES + 18):
        assert visit(client, url).status_code == 200
    for _ in range(2):
        cached = SESSION_QUERIES + ACCESS_CHECK_QUERIES + SHARED_GENERATION_QUERIES
        with django_assert_num_queries(cached):
            assert visit(client, url).status_code == 200
