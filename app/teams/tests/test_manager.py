"""The manager area: teams, members' progress, invitations sent, resent and revoked."""

import pytest
from django.core import mail
from django.utils import timezone

from app.accounts.tests.factories import logged_in, make_user
from app.core.errors import ApplicationError
from app.core.roles import Role
from app.core.tests.helpers import page_of, post_json, visit
from app.learning.tests.factories import make_course, make_exam, make_path
from app.teams import selectors, services
from app.teams.models import Invitation, Membership, Team
from app.teams.tests.factories import make_invitation, make_team
from app.teams.tests.helpers import LINK, add_member, errors_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def manager(client):
    return logged_in(client, roles=["MANAGER"], first_name="marek", last_name="wójcik")


def test_manager_sees_only_their_teams(client, manager):
    mine = make_team(name="Moja", managers=[manager])
    make_team(name="Cudza", managers=[make_user(roles=["MANAGER"])])
    Membership.objects.create(team=mine, user=make_user())
    make_invitation(team=mine, email="a@example.com")

    page = page_of(visit(client, "/manager"))

    assert page["component"] == "Teams/Manager"
    assert page["props"]["teams"] == [
        {
            "id": mine.pk,
            "name": "Moja",
            "member_count": 1,
            "pending_count": 1,
            "url": f"/manager/zespol/{mine.pk}",
        }
    ]
    assert page["props"]["can_create"] is False


def test_nobody_reaches_another_managers_team_or_invitation(client, manager):
    mine = make_team(managers=[manager])
    theirs = make_team(managers=[make_user(roles=["MANAGER"])])
    foreign, _token = make_invitation(team=theirs, email="x@example.com")

    assert visit(client, f"/manager/zespol/{theirs.pk}").status_code == 404
    for url in (
        f"/manager/zespol/{theirs.pk}/zaproszenia",
        f"/manager/zespol/{theirs.pk}/zaproszenia/{foreign.pk}/wycofaj",
        # Another team's invitation through my own team's address.
        f"/manager/zespol/{mine.pk}/zaproszenia/{foreign.pk}/wycofaj",
        f"/manager/zespol/{mine.pk}/zaproszenia/{foreign.pk}/wyslij-ponownie",
    ):
        assert post_json(client, url, {"emails": "a@example.com"}).status_code == 404, url
    foreign.refresh_from_db()
    assert foreign.revoked_at is None
    assert mail.outbox == []


def test_inviting_a_pasted_list_emails_each_address_once(client, manager):
    team = make_team(name="Zespół D", managers=[manager])
    member = make_user(email="czlonek@example.com")
    Membership.objects.create(team=team, user=member)
    make_invitation(team=team, email="czeka@example.com")

    response = post_json(
        client,
        f"/manager/zespol/{team.pk}/zaproszenia",
        {
            "emails": "Nowa@Example.com, druga@example.com;\nnowa@example.com "
            "czlonek@example.com\tczeka@example.com"
        },
    )

    assert response.headers["Location"] == f"/manager/zespol/{team.pk}"
    assert sorted(message.to[0] for message in mail.outbox) == [
        "druga@example.com",
        "nowa@example.com",
    ]
    message = mail.outbox[0]
    assert message.subject == "Zaproszenie do zespołu Zespół D na Platformie"
    assert "Marek Wójcik zaprasza Cię do zespołu Zespół D" in message.body
    assert LINK.search(message.body)
    flash = page_of(visit(client, f"/manager/zespol/{team.pk}"))["flash"]["messages"]
    assert [item["message"] for item in flash] == [
        "Wysłane zaproszenia: 2.",
        "Już w zespole: czlonek@example.com.",
        "Zaproszenie już czeka na odpowiedź: czeka@example.com.",
    ]


@pytest.mark.parametrize(
    ("emails", "message"),
    [
        ("", "Wpisz co najmniej jeden adres e-mail."),
        (" ,;\n ", "Wpisz co najmniej jeden adres e-mail."),
        ("ola@example.com, nie-adres, <b>@x", "Te adresy są niepoprawne: nie-adres, <b>@x"),
        (
            ", ".join(f"u{n}@example.com" for n in range(201)),
            "Jednorazowo możesz zaprosić najwyżej 200 osób.",
        ),
        ("a" * 20_001, "Lista adresów jest za długa."),
        (["ola@example.com"], "Wpisz co najmniej jeden adres e-mail."),
    ],
)
def test_bad_invitation_lists_send_nothing(client, manager, emails, message):
    team = make_team(managers=[manager])
    response = post_json(client, f"/manager/zespol/{team.pk}/zaproszenia", {"emails": emails})
    # The form page is the team's page, not the address the form was posted to.
    assert response.headers["Location"] == f"/manager/zespol/{team.pk}"
    assert errors_of(client, f"/manager/zespol/{team.pk}") == {"emails": message}
    assert mail.outbox == []
    assert not Invitation.objects.exists()


def test_resend_sends_a_new_link_and_the_old_one_stops_working(client, manager):
    team = make_team(managers=[manager])
    invitation, old_token = make_invitation(team=team, email="ola@example.com")

    post_json(client, f"/manager/zespol/{team.pk}/zaproszenia/{invitation.pk}/wyslij-ponownie", {})

    assert [message.to for message in mail.outbox] == [["ola@example.com"]]
    new_path = LINK.search(mail.outbox[0].body).group(1)
    assert old_token not in new_path
    invitation.refresh_from_db()
    assert invitation.sent_count == 2
    learner = make_user(email="ola@example.com")
    client.force_login(learner)
    assert (
        page_of(visit(client, f"/twoj_zespol?manager={old_token}"))["props"]["problem"]["code"]
        == "unknown"
    )
    assert page_of(visit(client, new_path))["props"]["problem"] is None


def test_revoke_stops_the_link(client, manager):
    team = make_team(managers=[manager])
    invitation, token = make_invitation(team=team, email="ola@example.com")

    post_json(client, f"/manager/zespol/{team.pk}/zaproszenia/{invitation.pk}/wycofaj", {})

    invitation.refresh_from_db()
    assert invitation.revoked_at is not None
    assert page_of(visit(client, f"/manager/zespol/{team.pk}"))["props"]["invitations"] == []
    response = post_json(
        client, f"/manager/zespol/{team.pk}/zaproszenia/{invitation.pk}/wycofaj", {}
    )
    assert response.headers["Location"] == f"/manager/zespol/{team.pk}"
    assert errors_of(client, f"/manager/zespol/{team.pk}") == {
        "form": "To zaproszenie nie czeka już na odpowiedź."
    }
    client.force_login(make_user(email="ola@example.com"))
    problem = page_of(visit(client, f"/twoj_zespol?manager={token}"))["props"]["problem"]
    assert problem["code"] == "revoked"


def test_inviting_an_expired_address_again_sends_a_fresh_link(client, manager):
    team = make_team(managers=[manager])
    invitation, _token = make_invitation(team=team, email="ola@example.com")
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now())

    post_json(client, f"/manager/zespol/{team.pk}/zaproszenia", {"emails": "ola@example.com"})

    invitation.refresh_from_db()
    assert invitation.expires_at > timezone.now()
    assert Invitation.objects.count() == 1
    assert len(mail.outbox) == 1


def test_team_page_shows_members_progress_with_a_fixed_number_of_queries(
    client, manager, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    course = make_course(lessons=4)
    team = make_team(name="Postępy", managers=[manager], courses=[course])

    add_member(team=team, course=course, done=1)
    make_invitation(team=team, email="x@example.com")
    with CaptureQueriesContext(connection) as few:
        props = page_of(visit(client, f"/manager/zespol/{team.pk}"))["props"]
    assert props["lesson_total"] == 4
    assert [member["done_count"] for member in props["members"]] == [1]
    for n in range(20):
        add_member(team=team, course=course, done=n % 5)
        make_invitation(team=team, email=f"p{n}@example.com")
    with django_assert_max_num_queries(len(few.captured_queries)):
        visit(client, f"/manager/zespol/{team.pk}")


def test_a_leader_creates_teams_a_manager_cannot(client, manager):
    assert post_json(client, "/manager", {"name": "Nowy"}).status_code == 403
    leader = make_user(roles=["MANAGER_LEADER"])
    client.force_login(leader)
    page = page_of(visit(client, "/manager"))
    assert (page["props"]["can_create"], page["props"]["rules"]) == (
        True,
        {
            "name": {
                "required": "Podaj nazwę zespołu.",
                "max_length": 120,
                "max_length_message": "Nazwa może mieć najwyżej 120 znaków.",
            }
        },
    )

    post_json(client, "/manager", {"name": ""})
    assert errors_of(client, "/manager") == {"name": "Podaj nazwę zespołu."}
    post_json(client, "/manager", {"name": "x" * 121})
    assert errors_of(client, "/manager") == {"name": "Nazwa może mieć najwyżej 120 znaków."}
    response = post_json(client, "/manager", {"name": "  Zespół   E "})
    team = Team.objects.get()
    assert response.headers["Location"] == f"/manager/zespol/{team.pk}"
    assert (team.name, list(team.managers.all())) == ("Zespół E", [leader])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("", "Podaj nazwę zespołu."),
        ("   ", "Podaj nazwę zespołu."),
        ("x" * 121, "Nazwa może mieć najwyżej 120 znaków."),
        ("Wygrałeś! www.zly.example", "Nazwa zespołu nie może zawierać adresu strony."),
        ("Zobacz https://zly.example", "Nazwa zespołu nie może zawierać adresu strony."),
        ("Zespół\x00A", "Znaki null są niedozwolone."),
    ],
)
def test_team_names_are_validated(client, name, error):
    client.force_login(make_user(roles=[Role.MANAGER_LEADER]))
    post_json(client, "/manager", {"name": name})
    assert page_of(visit(client, "/manager"))["props"]["errors"] == {"name": error}
    assert not Team.objects.exists()


@pytest.mark.django_db
def test_a_team_name_must_be_text(client):
    client.force_login(make_user(roles=[Role.MANAGER_LEADER]))
    post_json(client, "/manager", {"name": {"a": 1}})
    assert not Team.objects.exists()


@pytest.mark.django_db
def test_an_accepted_invitation_can_no_longer_be_resent_or_revoked():
    learner = make_user(email="ola@example.com")
    invitation, token = make_invitation(team=make_team(name="A"), email="ola@example.com")
    services.invitation_accept(user=learner, token=token)
    for action in (
        lambda: services.invitation_resend(invitation=invitation, by=learner),
        lambda: services.invitation_revoke(invitation=invitation),
    ):
        with pytest.raises(ApplicationError) as raised:
            action()
        assert (raised.value.code, raised.value.message) == (
            "not_open",
            "To zaproszenie nie czeka już na odpowiedź.",
        )
    invitation.refresh_from_db()
    assert invitation.revoked_at is None
    assert invitation.sent_count == 1


@pytest.mark.django_db
def test_a_team_grants_the_titles_of_its_products_and_counts_their_lessons():
    direct = make_course(title="Kurs", lessons=2)
    in_path = make_course(title="W ścieżce", lessons=3)
    team = make_team(courses=[direct])
    team.exams.add(make_exam(title="Egzamin"))
    team.paths.add(make_path(title="Ścieżka", courses=[in_path, direct]))

    grants = selectors.grant_list(team=team)

    assert (grants.courses, grants.exams, grants.paths) == (["Kurs"], ["Egzamin"], ["Ścieżka"])
    # A course granted both directly and through the path counts once.
    assert selectors.lesson_count(team=team) == 5


@pytest.mark.django_db
def test_only_manager_leaders_may_create_teams():
    assert selectors.team_create_allowed(user=make_user(roles=[Role.MANAGER_LEADER])) is True
    assert selectors.team_create_allowed(user=make_user(roles=[Role.MANAGER])) is False


@pytest.mark.django_db
def test_a_pasted_list_becomes_distinct_lowercased_addresses():
    raw = "Ola@Example.com;jan@example.com,\n ola@example.com\tewa@example.com"
    assert services.invitation_emails_parse(raw=raw) == [
        "ola@example.com",
        "jan@example.com",
        "ewa@example.com",
    ]
    with pytest.raises(ApplicationError) as raised:
        services.invitation_emails_parse(raw="ola@example.com, nie-adres")
    assert raised.value.fields == {"emails": "Te adresy są niepoprawne: nie-adres"}
    assert raised.value.code == "invalid_emails"
