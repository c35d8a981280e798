"""The manager's charts of a team: progress per member and course, activity per week, who
has not started, and the same data as CSV, each counted in a fixed number of queries."""

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from app.accounts.tests.factories import logged_in, make_user
from app.core.tests.helpers import page_of, visit
from app.learning.models import LessonProgress
from app.learning.tests.factories import make_course, make_path
from app.teams import selectors
from app.teams.models import Membership
from app.teams.tests.factories import make_team

pytestmark = pytest.mark.django_db

WARSAW = ZoneInfo("Europe/Warsaw")
TODAY = date(2026, 11, 18)


@pytest.fixture
def manager(client):
    return logged_in(client, roles=["MANAGER"])


def member(team, *, first_name: str, last_name: str = "Test", email: str | None = None):
    user = make_user(first_name=first_name, last_name=last_name, email=email)
    Membership.objects.create(team=team, user=user)
    return user


def finish(user, course, count: int, *when: int) -> None:
    """`user` finishes the first `count` lessons of `course` (at a Warsaw time, or now)."""
    extra = {}
    if when:
        year, month, day, hour, minute = when
        extra["completed_at"] = datetime(year, month, day, hour, minute, tzinfo=WARSAW)
    for lesson in course.lessons.all()[:count]:
        LessonProgress.objects.create(user=user, lesson=lesson, **extra)


@pytest.fixture
def team_of_three():
    """A team granting course A directly and B through a path; C is not the team's."""
    a, b, c = make_course(title="A", lessons=4), make_course(title="B", lessons=2), make_course()
    team = make_team(name="Zespół", courses=[a])
    team.paths.add(make_path(courses=[b]))
    ola, ewa, jan = (member(team, first_name=name) for name in ("Ola", "Ewa", "Jan"))
    finish(ola, a, 3, 2026, 11, 16, 9, 0)
    finish(ola, b, 1, 2026, 11, 9, 9, 0)
    finish(ewa, b, 2, 2026, 10, 1, 9, 0)
    finish(jan, c, 2, 2026, 11, 17, 9, 0)  # outside the team's courses: not started
    finish(make_user(), a, 4, 2026, 11, 17, 9, 0)  # not a member
    # The team page reads the team's course ids once (kept on the team) for every chart;
    # each chart then costs one query of its own.
    selectors.course_id_list(team=team)
    return team, (a, b), (ola, ewa, jan)


def test_progress_per_member_and_course_is_one_query(team_of_three, django_assert_num_queries):
    team, (a, b), (ola, ewa, jan) = team_of_three
    with django_assert_num_queries(1):
        done = selectors.member_progress_map(team=team, user_ids=[ola.pk, ewa.pk, jan.pk])
    assert done == {(ola.pk, a.pk): 3, (ola.pk, b.pk): 1, (ewa.pk, b.pk): 2}


def test_the_team_courses_include_those_of_its_paths_with_lesson_counts(
    team_of_three, django_assert_num_queries
):
    team, _courses, _members = team_of_three
    with django_assert_num_queries(1):
        courses = [(c.title, c.lesson_count) for c in selectors.team_course_list(team=team)]
    assert courses == [("A", 4), ("B", 2)]


def test_team_activity_counts_members_lessons_of_team_courses_per_week(
    team_of_three, django_assert_num_queries
):
    team, _courses, _members = team_of_three
    with django_assert_num_queries(1):
        weeks = selectors.team_activity_weekly(team=team, today=TODAY)
    counts = dict(weeks)
    assert len(weeks) == 12
    assert counts[date(2026, 11, 16)] == 3
    assert counts[date(2026, 11, 9)] == 1
    assert counts[date(2026, 9, 28)] == 2
    assert sum(counts.values()) == 6


def test_who_has_not_started_is_one_query(team_of_three, django_assert_num_queries):
    team, _courses, (_ola, _ewa, _jan) = team_of_three
    with django_assert_num_queries(1):
        names = [m.user.first_name for m in selectors.membership_list_not_started(team=team)]
    assert names == ["Jan"]


def test_queries_stay_the_same_with_more_members(team_of_three, django_assert_num_queries):
    team, (a, _b), _members = team_of_three
    for n in range(15):
        finish(member(team, first_name=f"M{n}"), a, n % 4, 2026, 9 + n % 3, 1 + n, 9, 0)
    users = list(Membership.objects.filter(team=team).values_list("user_id", flat=True))
    with django_assert_num_queries(3):
        selectors.member_progress_map(team=team, user_ids=users)
        selectors.team_activity_weekly(team=team, today=TODAY)
        list(selectors.membership_list_not_started(team=team))


def test_the_team_page_gives_the_charts_their_data(client, manager, team_of_three):
    team, (a, b), (_ola, _ewa, _jan) = team_of_three
    team.managers.add(manager)
    props = page_of(visit(client, f"/manager/zespol/{team.pk}"))["props"]

    assert props["progress"]["courses"] == [
        {"id": a.pk, "title": "A", "lesson_count": 4},
        {"id": b.pk, "title": "B", "lesson_count": 2},
    ]
    rows = {row["name"]: row["done"] for row in props["progress"]["members"]}
    assert rows == {"Ewa Test": [0, 2], "Jan Test": [0, 0], "Ola Test": [3, 1]}
    assert len(props["activity"]) == 12
    assert [row["name"] for row in props["not_started"]] == ["Jan Test"]
    assert props["progress_csv_url"] == f"/manager/zespol/{team.pk}/postepy.csv"


def test_the_csv_holds_a_row_per_member_and_course(client, manager, team_of_three):
    team, _courses, (ola, _ewa, _jan) = team_of_three
    team.managers.add(manager)
    response = client.get(f"/manager/zespol/{team.pk}/postepy.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="zespol-' in response["Content-Disposition"]
    text = b"".join(response.streaming_content).decode()
    lines = text.lstrip("\ufeff").splitlines()
    assert lines[0] == "Imię i nazwisko,E-mail,Dołączył,Kurs,Ukończone lekcje,Lekcje kursu"
    assert len(lines) == 1 + 3 * 2
    joined = ola.team_memberships.get().joined_at.astimezone(WARSAW).date().isoformat()
    assert f"Ola Test,{ola.email},{joined},A,3,4" in lines
    assert f"Ola Test,{ola.email},{joined},B,1,2" in lines


def test_csv_cells_that_would_run_as_formulas_are_escaped(client, manager):
    course = make_course(title='=HYPERLINK("http://evil")', lessons=1)
    team = make_team(managers=[manager], courses=[course])
    member(team, first_name="@SUM(1)", last_name="-2")
    text = b"".join(client.get(f"/manager/zespol/{team.pk}/postepy.csv").streaming_content)
    row = text.decode().splitlines()[1]
    assert row.startswith("'@Sum(1) -2,")  # names are stored capitalised
    assert ',"\'=HYPERLINK(""http://evil"")",' in row


def test_only_the_teams_managers_get_its_csv(client, team_of_three):
    team, _courses, (ola, _ewa, _jan) = team_of_three
    client.force_login(make_user(roles=["MANAGER"]))
    assert client.get(f"/manager/zespol/{team.pk}/postepy.csv").status_code == 404
    client.force_login(ola)
    assert client.get(f"/manager/zespol/{team.pk}/postepy.csv").status_code == 403
    client.logout()
    response = client.get(f"/manager/zespol/{team.pk}/postepy.csv")
    assert response.status_code == 302
    assert response["Location"].startswith("/login?returnUrl=")
