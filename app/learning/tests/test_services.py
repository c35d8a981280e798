import io

import pytest
from PIL import Image

from app.accounts.forms import AVATAR_SIZE
from app.accounts.models import User
from app.accounts.tests.factories import make_user
from app.core.images import image_thumbnail
from app.learning import selectors, services
from app.learning.models import Access, Certificate, Favourite, LessonProgress
from app.learning.tests.factories import grant, make_course, make_exam, make_path

pytestmark = pytest.mark.django_db


def test_the_same_product_is_granted_once_whatever_the_source():
    user = make_user()
    course = make_course()

    first = services.access_grant(user=user, product=course, source=Access.Source.VOUCHER)
    second = services.access_grant(user=user, product=course, source=Access.Source.TEAM)

    assert first is not None
    assert second is None
    assert list(Access.objects.filter(user=user).values_list("source", flat=True)) == ["voucher"]


def test_many_products_are_granted_at_once_keeping_those_already_owned():
    user = make_user()
    owned, course, exam, path = make_course(), make_course(), make_exam(), make_path()
    services.access_grant(user=user, product=owned, source=Access.Source.VOUCHER)
    generation = User.objects.values_list("cache_generation", flat=True).get(pk=user.pk)

    services.access_grant_many(
        user=user,
        products=[owned, course, exam, path],
        source=Access.Source.TEAM,
        source_detail="Z",
    )

    granted = Access.objects.filter(user=user)
    assert {(a.course_id, a.exam_id, a.path_id, a.source) for a in granted} == {
        (owned.pk, None, None, "voucher"),
        (course.pk, None, None, "team"),
        (None, exam.pk, None, "team"),
        (None, None, path.pk, "team"),
    }
    # The learner's cached lists are rebuilt (bulk inserts send no signal).
    assert User.objects.values_list("cache_generation", flat=True).get(pk=user.pk) != generation


def test_a_path_makes_its_courses_owned_without_records_of_their_own():
    user = make_user()
    first, second = make_course(), make_course()
    make_course()  # outside the path: exists, and is not owned
    grant(user, make_path(courses=[first, second]))

    assert set(selectors.owned_course_list(user=user)) == {first, second}
    assert Access.objects.filter(user=user, course__isnull=False).count() == 0


def test_nobody_reaches_a_course_they_do_not_own():
    owner, stranger = make_user(), make_user()
    course = make_course()
    grant(owner, course)

    assert selectors.access_course_by_id(user=owner, course_id=course.pk) == course
    with pytest.raises(Exception) as raised:
        selectors.access_course_by_id(user=stranger, course_id=course.pk)
    assert raised.type.__name__ == "Http404"


def test_finishing_the_last_lesson_issues_the_certificate_with_the_name_as_printed():
    user = make_user(first_name="anna", last_name="nowak-kowalska")
    course = make_course(lessons=2)
    grant(user, course)
    first, last = course.lessons.all()

    assert services.lesson_set_done(user=user, lesson=first, done=True) is None
    certificate = services.lesson_set_done(user=user, lesson=last, done=True)

    assert certificate is not None
    assert certificate.participant_name == "Anna Nowak-Kowalska"
    # A later change of the account's name leaves the issued certificate as printed.
    services.profile_update(user=user, first_name="Ola", last_name="Zmiana", is_profile_public=True)
    certificate.refresh_from_db()
    assert certificate.participant_name == "Anna Nowak-Kowalska"


def test_unmarking_a_lesson_removes_its_progress_and_marking_twice_stores_once():
    user = make_user()
    course = make_course(lessons=2)
    lesson = course.lessons.first()

    services.lesson_set_done(user=user, lesson=lesson, done=True)
    services.lesson_set_done(user=user, lesson=lesson, done=True)
    assert LessonProgress.objects.filter(user=user).count() == 1
    services.lesson_set_done(user=user, lesson=lesson, done=False)
    assert LessonProgress.objects.filter(user=user).count() == 0
    assert Certificate.objects.count() == 0


def test_a_lesson_of_another_course_is_refused():
    course, other = make_course(), make_course()
    first = course.lessons.first()
    assert selectors.access_lesson_by_id(course=course, lesson_id=first.pk) == first
    with pytest.raises(Exception) as raised:
        selectors.access_lesson_by_id(course=course, lesson_id=other.lessons.first().pk)
    assert raised.type.__name__ == "Http404"


def test_favourites_are_idempotent():
    user = make_user()
    course = make_course()
    services.favourite_set(user=user, course=course, favourite=True)
    services.favourite_set(user=user, course=course, favourite=True)
    assert Favourite.objects.filter(user=user).count() == 1
    services.favourite_set(user=user, course=course, favourite=False)
    assert not Favourite.objects.filter(user=user).exists()


def test_the_avatar_is_stored_as_the_square_jpeg_made_from_the_upload(
    media_root, django_capture_on_commit_callbacks
):
    user = make_user()
    buffer = io.BytesIO()
    Image.new("RGBA", (900, 300), (255, 0, 0, 128)).save(buffer, format="PNG")
    # The form decodes and re-encodes the upload (app.core.images); the service stores it.
    avatar = image_thumbnail(data=buffer.getvalue(), size=AVATAR_SIZE)

    services.avatar_replace(user=user, image=avatar)
    first = user.avatar.name
    with Image.open(user.avatar.path) as stored:
        assert (stored.format, stored.size) == ("JPEG", (400, 400))
    # The old file goes once the change commits (a rolled-back change still finds it).
    with django_capture_on_commit_callbacks(execute=True):
        services.avatar_replace(user=user, image=avatar)

    assert user.avatar.name != first
    assert not (media_root / first).exists()
    services.avatar_remove(user=user)
    assert not user.avatar


def test_exams_and_paths_are_read_only_from_the_learners_own_records():
    user, other = make_user(), make_user()
    exam = make_exam()
    grant(other, exam)
    assert list(selectors.exam_access_list(user=user)) == []
    grant(user, exam)
    assert [access.exam for access in selectors.exam_access_list(user=user)] == [exam]
