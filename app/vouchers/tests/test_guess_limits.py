"""Voucher codes cannot be probed beyond their limit, by any path or in parallel."""

import pytest

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import page_of, post_json, visit
from app.learning.models import Access
from app.learning.tests.factories import make_course
from app.vouchers import services
from app.vouchers.tests.factories import make_voucher

pytestmark = pytest.mark.django_db

TOO_MANY = "Zbyt wiele prób z nieprawidłowym kodem. Spróbuj ponownie za kilka minut."
LIMIT = 10  # voucher_failed: 10/m per learner


@pytest.fixture
def learner(client):
    user = make_user()
    client.force_login(user)
    return user


def test_every_path_counts_against_the_one_limit(client, learner):
    course = make_course()
    make_voucher(code="PRAWDZIWY", product=course, seats=5)
    paths = [
        lambda n: post_json(client, "/odbierz_kurs", {"code": f"ZLY-{n}"}),
        lambda n: post_json(client, f"/odbierz_kurs/ZLY-{n}", {"code": f"ZLY-{n}"}),
        # The page of a link with a code counts too, though it only fills the field in.
        lambda n: visit(client, f"/odbierz_kurs/ZLY-{n}"),
    ]
    for n in range(LIMIT):
        paths[n % 3](n)

    # Each path is refused now, the right code included.
    assert visit(client, "/odbierz_kurs/PRAWDZIWY").status_code == 429
    response = post_json(client, "/odbierz_kurs", {"code": "PRAWDZIWY"})
    assert response.headers["Location"] == "/odbierz_kurs"
    assert page_of(visit(client, "/odbierz_kurs"))["props"]["errors"] == {"form": TOO_MANY}
    assert not Access.objects.exists()


def test_the_prefilled_page_over_the_limit_says_why(client, learner):
    for n in range(LIMIT):
        visit(client, f"/odbierz_kurs/ZLY-{n}")
    response = visit(client, "/odbierz_kurs/ZLY-X")
    assert response.status_code == 429
    assert response.json() == {"error": {"message": TOO_MANY, "code": "rate_limited"}}


def test_parallel_guesses_cannot_all_pass_a_check_made_before_any_was_counted(
    client, learner, monkeypatch
):
    # Each request reaches the database while the next one arrives: with a check first
    # and the count after the answer, every one of them would pass the check.
    looked_up: list[str] = []
    redeem = services.voucher_redeem

    def racing(*, user, code):
        looked_up.append(code)
        if len(looked_up) < 3 * LIMIT:
            post_json(client, "/odbierz_kurs", {"code": f"ZLY-{len(looked_up)}"})
        return redeem(user=user, code=code)

    monkeypatch.setattr(services, "voucher_redeem", racing)
    post_json(client, "/odbierz_kurs", {"code": "ZLY-0"})

    assert len(looked_up) == LIMIT


def test_redeemed_and_existing_codes_give_their_guess_back(client, learner):
    for n in range(LIMIT + 2):
        make_voucher(code=f"KOD-{n}", product=make_course(), seats=1)
        response = post_json(client, f"/odbierz_kurs/KOD-{n}", {"code": f"KOD-{n}"})
        assert response.headers["Location"].startswith("/platforma/kurs/")
    assert Access.objects.filter(user=learner).count() == LIMIT + 2
