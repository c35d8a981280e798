"""The manager's team page is served from the team's cache, and never stale: every change
to what it shows, made through the services, the admin's saves or the model's relations,
shows on the next visit; a cached page never reaches anyone but the team's managers."""

import time
from datetime import timedelta

import pytest
from django.db import connection
from django.http import Http404
from django.test import Client, RequestFactory
from django.utils import timezone

from app.accounts.services import account_erase
from app.accounts.sessions import SessionStore, read_with_session
from app.accounts.tests.factories import make_user
from app.core.request_cache import request_cache_scope
from app.core.roles import Role
from app.core.tests.helpers import SESSION_QUERIES, SHARED_GENERATION_QUERIES, page_of, visit
from app.learning.models import Certificate, Lesson, LessonProgress
from app.learning.tests.factories import make_course, make_exam
from app.teams import services
from app.teams.models import Invitation, Membership, Team
from app.teams.selectors import (
    MANAGED_TEAMS,
    MANAGED_TEAMS_READ,
    access_team_generation_by_id,
)
from app.teams.tests.factories import make_invitation, make_team
from app.teams.tests.helpers import ACCESS_CHECK_QUERIES, add_member

pytestmark = pytest.mark.django_db


@pytest.fixture
def setting(client):
    manager = make_user(roles=[Role.MANAGER])
    course = make_course(title="Excel", lessons=3)
    team = make_team(name="Sprzedaż", managers=[manager], courses=[course])
    member = add_member(team=team, course=course, done=1)
    client.force_login(manager)
    url = f"/manager/zespol/{team.pk}"
    # The first visit fills the cache: every check below is against a cached page.
    page_of(visit(client, url))
    return {"client": client, "manager": manager, "course": course, "team": team}, member, url


def props(client, url: str) -> dict:
    response = visit(client, url)
    assert response.status_code == 200
    return page_of(response)["props"]


# A cached visit: the session (on PostgreSQL with the team's generation and the access
# check; elsewhere they are a query of their own), and (in the test's transaction) the
# catalogue's generation.
CACHED_VISIT = SESSION_QUERIES + ACCESS_CHECK_QUERIES + SHARED_GENERATION_QUERIES


def test_later_visits_come_from_the_cache(setting, django_assert_num_queries):
    state, _member, url = setting
    with django_assert_num_queries(CACHED_VISIT):
        props(state["client"], url)


def test_a_finished_lesson_shows(setting):
    state, member, url = setting
    lesson = state["course"].lessons.order_by("position")[1]
    LessonProgress.objects.create(user=member, lesson=lesson)
    page = props(state["client"], url)
    assert page["members"][0]["done_count"] == 2
    assert page["progress"]["members"][0]["done"] == [2]


def test_an_unfinished_lesson_shows(setting):
    state, member, url = setting
    LessonProgress.objects.filter(user=member).delete()
    page = props(state["client"], url)
    assert page["members"][0]["done_count"] == 0
    assert [row["email"] for row in page["not_started"]] == [member.email]


def test_a_certificate_shows(setting):
    state, member, url = setting
    Certificate.objects.create(user=member, course=state["course"], participant_name="X")
    assert props(state["client"], url)["members"][0]["certificate_count"] == 1


def test_a_renamed_member_shows(setting):
    state, member, url = setting
    member.first_name, member.last_name = "Zofia", "Nowa"
    member.save()
    assert props(state["client"], url)["members"][0]["name"] == "Zofia Nowa"


def test_a_member_logging_in_keeps_the_cached_page(setting, django_assert_num_queries):
    state, member, url = setting
    member.last_login = timezone.now()
    member.save(update_fields=["last_login"])
    props(state["client"], url)
    with django_assert_num_queries(CACHED_VISIT):
        props(state["client"], url)


def test_members_joining_and_leaving_show(setting):
    state, member, url = setting
    newcomer = add_member(team=state["team"], course=state["course"], done=0)
    emails = [row["email"] for row in props(state["client"], url)["members"]]
    assert sorted(emails) == sorted([member.email, newcomer.email])
    Membership.objects.filter(user=member).delete()
    assert [row["email"] for row in props(state["client"], url)["members"]] == [newcomer.email]


def test_an_erased_member_no_longer_shows_their_name_or_address(setting):
    state, member, url = setting
    old_email = member.email
    account_erase(user=member)
    row = props(state["client"], url)["members"][0]
    assert row["name"] == ""
    assert row["email"] != old_email
    assert row["email"].endswith(".invalid")


def test_invitations_sent_and_revoked_show(setting):
    state, _member, url = setting
    invitation, _token = make_invitation(team=state["team"], email="nowy@example.com")
    page = props(state["client"], url)
    assert [row["email"] for row in page["invitations"]] == ["nowy@example.com"]
    assert page["team"]["pending_count"] == 1
    services.invitation_revoke(invitation=invitation)
    page = props(state["client"], url)
    assert page["invitations"] == []
    assert page["team"]["pending_count"] == 0


def test_an_invitation_expiring_shows_without_any_write(setting):
    state, _member, url = setting
    invitation, _token = make_invitation(team=state["team"], email="nowy@example.com")
    Invitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() + timedelta(seconds=1)
    )
    state["team"].save()  # the update above bypasses the signals; this stands for the send
    assert props(state["client"], url)["invitations"][0]["expired"] is False
    time.sleep(1.1)
    page = props(state["client"], url)
    assert page["invitations"][0]["expired"] is True
    assert page["team"]["pending_count"] == 0


def test_a_renamed_team_shows(setting):
    state, _member, url = setting
    state["team"].name = "Marketing"
    state["team"].save()
    assert props(state["client"], url)["team"]["name"] == "Marketing"


def test_grants_and_catalogue_changes_show(setting):
    state, _member, url = setting
    state["team"].exams.add(make_exam(title="Egzamin końcowy"))
    assert props(state["client"], url)["grants"]["exams"] == ["Egzamin końcowy"]
    course = state["course"]
    course.title = "Excel dla zaawansowanych"
    course.save()
    Lesson.objects.create(course=course, position=99, title="Nowa lekcja")
    page = props(state["client"], url)
    assert page["grants"]["courses"] == ["Excel dla zaawansowanych"]
    assert page["lesson_total"] == 4
    assert page["progress"]["courses"][0]["lesson_count"] == 4


@pytest.mark.parametrize("side", ["team", "account"])
def test_a_manager_taken_off_the_team_no_longer_gets_the_cached_page(setting, side):
    state, _member, url = setting
    if side == "team":
        state["team"].managers.remove(state["manager"])
    else:
        state["manager"].managed_teams.clear()
    assert visit(state["client"], url).status_code == 404


def test_another_manager_never_gets_the_cached_page(setting):
    _state, _member, url = setting
    stranger = Client()
    stranger.force_login(make_user(roles=[Role.MANAGER]))
    assert visit(stranger, url).status_code == 404


def test_other_query_parameters_are_served_but_not_cached(setting):
    state, member, url = setting
    assert props(state["client"], f"{url}?sort=x")["members"][0]["email"] == member.email
    member.first_name = "Ewa"
    member.save()
    assert props(state["client"], f"{url}?sort=x")["members"][0]["name"].startswith("Ewa")


def test_a_manager_of_more_teams_than_the_session_reads_reaches_each_and_no_other(
    client, django_assert_num_queries
):
    # The session's query reads the first MANAGED_TEAMS_READ teams; the others are asked
    # about with a query of their own.
    manager = make_user(roles=[Role.MANAGER])
    teams = Team.objects.bulk_create(
        [Team(name=f"Zespół {number}") for number in range(MANAGED_TEAMS_READ + 2)]
    )
    Team.managers.through.objects.bulk_create(
        [Team.managers.through(team=team, user=manager) for team in teams]
    )
    stranger_team = make_team(name="Cudzy zespół")
    client.force_login(manager)
    # A team among those read with the session needs no query of its own (on PostgreSQL);
    # one past them does.
    for team, check in [(teams[0], ACCESS_CHECK_QUERIES), (teams[-1], 1)]:
        url = f"/manager/zespol/{team.pk}"
        assert props(client, url)["team"]["name"] == team.name
        with django_assert_num_queries(SESSION_QUERIES + check + SHARED_GENERATION_QUERIES):
            props(client, url)
    assert visit(client, f"/manager/zespol/{stranger_team.pk}").status_code == 404


def test_a_request_that_changed_a_team_checks_its_managers_in_the_database():
    manager = make_user(roles=[Role.MANAGER])
    team = make_team(name="Sprzedaż", managers=[manager])
    request = RequestFactory().get(f"/manager/zespol/{team.pk}")
    with request_cache_scope(path=request.path_info):
        request.session = SessionStore(_session_of(manager))
        request.session.load()  # reads the teams the manager runs with the session
        if connection.vendor == "postgresql":
            assert read_with_session(user_id=manager.pk, name=MANAGED_TEAMS) is not None
        assert access_team_generation_by_id(user=manager, team_id=team.pk) > 0
        team.managers.remove(manager)
        with pytest.raises(Http404):
            access_team_generation_by_id(user=manager, team_id=team.pk)


@pytest.mark.parametrize(
    ("path", "read"),
    [
        ("/manager/zespol/{team}", True),
        # Every other page of the manager's (the others ask about the team with a query
        # of their own), and every page of anyone else's, pays nothing for them.
        ("/manager/zespol/{team}/postepy.csv", False),
        ("/manager", False),
        ("/platforma", False),
        ("/platforma/manager/zespol/{team}", False),
    ],
)
def test_the_session_reads_the_teams_a_manager_runs_on_a_teams_page_alone(services, path, read):
    # (PostgreSQL alone reads them with the session: elsewhere there is nothing to tell.)
    manager = make_user(roles=[Role.MANAGER])
    team = make_team(name="Sprzedaż", managers=[manager])
    with request_cache_scope(path=path.format(team=team.pk)):
        session = SessionStore(_session_of(manager))
        session.load()
        teams = read_with_session(user_id=manager.pk, name=MANAGED_TEAMS)
    if read:
        assert [int(team_id) for team_id, _generation in teams] == [team.pk]
    else:
        assert teams is None


def _session_of(user) -> str:
    client = Client()
    client.force_login(user)
    key = client.session.session_key
    assert key is not None
    return key
