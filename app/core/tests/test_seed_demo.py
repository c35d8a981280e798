"""The demo data looks like a platform in use: a catalogue, a learner part-way through six
courses, a manager's team of eight, an institution's and a reseller's batches in use."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.db.models import Count

from app.accounts.models import User
from app.learning.models import Course, Exam, LearningPath, LessonProgress
from app.learning.selectors import lesson_activity_weekly, progress_list
from app.teams import selectors as team_selectors
from app.teams.models import Team
from app.vouchers.models import VoucherBatch
from app.vouchers.selectors import batch_list

pytestmark = pytest.mark.django_db


@pytest.fixture
def seeded():
    call_command("seed_demo", stdout=StringIO())


def test_the_catalogue_has_twelve_courses_with_lessons_four_exams_and_three_paths(seeded):
    courses = Course.objects.annotate(n=Count("lessons"))
    assert courses.count() >= 12
    assert not courses.filter(n=0).exists()
    assert Exam.objects.count() == 4
    paths = LearningPath.objects.annotate(n=Count("links"))
    assert paths.count() == 3
    assert not paths.filter(n=0).exists()


def test_the_demo_learner_owns_six_courses_at_different_stages_over_twelve_weeks(seeded):
    learner = User.objects.get(email="learner@example.com")
    stages = [(course.done_count, course.lesson_count) for course in progress_list(user=learner)]
    assert len(stages) == 6
    assert any(done == 0 for done, _total in stages)
    assert any(done == total for done, total in stages)
    assert any(0 < done < total for done, total in stages)
    weeks = lesson_activity_weekly(user=learner)
    assert sum(1 for _week, count in weeks if count) >= 10
    assert (
        sum(count for _week, count in weeks) == LessonProgress.objects.filter(user=learner).count()
    )


def test_the_managers_team_has_eight_members_with_varied_progress(seeded):
    team = Team.objects.get(managers__email="manager@example.com")
    members = list(team_selectors.membership_list(team=team))
    assert len(members) == 8
    done = {member.done_count for member in members}
    assert 0 in done
    assert len(done) >= 5
    assert len(list(team_selectors.membership_list_not_started(team=team))) == 2


def test_the_institution_and_the_reseller_have_batches_in_use(seeded):
    institution = User.objects.get(email="institution@example.com")
    reseller = User.objects.get(email="reseller@example.com")
    batches = batch_list(user=institution, channel=VoucherBatch.Channel.INSTITUTION)
    assert [0 < b.seats_taken < b.seats_total for b in batches] == [True, True]
    pools = batch_list(user=reseller, channel=VoucherBatch.Channel.RESELLER)
    assert sorted(0 < b.seats_taken < b.seats_total for b in pools) == [False, True]
    assert sorted(b.seats_taken for b in pools)[0] == 0
    # Their codes exist: no batch page waits for a generation that never comes.
    assert [b.is_generated for b in [*batches, *pools]] == [True] * 4


def test_seeding_again_changes_nothing(seeded):
    def counts() -> list[int]:
        return [
            model.objects.count()
            for model in (User, Course, LessonProgress, VoucherBatch, Team, Exam)
        ]

    before = counts()
    call_command("seed_demo", stdout=StringIO())
    assert counts() == before
