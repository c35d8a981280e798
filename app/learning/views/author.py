"""The author area: the author's courses and how many learners own each."""

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from app.core.guards import author_required
from app.core.inertia import render_page
from app.core.pagination import queryset_paginate
from app.core.requests import AuthenticatedRequest
from app.core.views import area_not_found
from app.learning import props, selectors

COURSES_PER_PAGE = 30


@require_GET
@author_required
def author(request: AuthenticatedRequest) -> HttpResponse:
    courses, pagination = queryset_paginate(
        request=request,
        queryset=selectors.authored_course_list(author=request.user),
        per_page=COURSES_PER_PAGE,
    )
    page: props.AuthorProps = {
        "courses": [props.authored_course(course) for course in courses],
        "pagination": pagination,
        "total_learners": selectors.author_learner_count(author=request.user),
    }
    return render_page(request, "Learning/Author", page)


author_not_found = area_not_found(author_required)
