"""The account's part of a learner's data export (app.core.data_export)."""

from typing import Any

from app.accounts.models import User


def account_export(user: User) -> dict[str, Any]:
    return {
        "email": user.email,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "customer_id": user.customer_id,
        "language": user.language,
        "date_joined": user.date_joined,
        "last_login": user.last_login,
        "roles": sorted(user.roles.values_list("code", flat=True)),
        "is_shop_user": user.is_shop_user,
        "is_student": user.is_student,
        "is_profile_public": user.is_profile_public,
        "avatar": user.avatar.name or None,
        "newsletter": user.newsletter,
        "terms_accepted_at": user.terms_accepted_at,
    }
