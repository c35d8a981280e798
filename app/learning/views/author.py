"""The author area: the author's courses and how many learners own each."""

from django.db.models import Q
from django.http import HttpResponse
from django.views.decorators.http import require_GET

from app.core.guards import author_required
from app.core.inertia import render_page
from app.core.pagination import paginate
from app.core.requests import AuthenticatedRequest
from app.core.views import area_not_found
from app.learning import props, selectors
from app.learning.models import Access

COURSES_PER_PAGE = 30


@require_GET
@author_required
def author(request: AuthenticatedRequest) -> HttpResponse:
    courses, pagination = paginate(
        request, selectors.authored_courses(author=request.user), per_page=COURSES_PER_PAGE
    )
    learners = (
        Access.objects.filter(
            Q(course__author=request.user) | Q(path__links__course__author=request.user)
        )
        .values("user_id")
        .distinct()
        .count()
    )
    page: props.AuthorProps = {
        "courses": [props.authored_course(course) for course in courses],
        "pagination": pagination,
        "total_learners": learners,
    }
    return render_page(request, "Learning/Author", page)


author_not_found = area_not_found(author_required)
