"""The learner's team page (/platforma/student, only for students)."""

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from app.core.guards import capability_required
from app.core.inertia import render_page
from app.core.requests import AuthenticatedRequest
from app.teams import props, selectors


@require_GET
@capability_required(lambda user: user.is_student)
def student(request: AuthenticatedRequest) -> HttpResponse:
    page: props.StudentProps = {
        "teams": [
            props.student_team(membership)
            for membership in selectors.membership_list_joined(user=request.user)
        ],
    }
    return render_page(request, "Teams/Student", page)
