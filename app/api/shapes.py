"""The answers of the app's API shaped from the platform's records (docs/behaviour.md#api-calls)."""

from django.conf import settings

from app.accounts.models import User
from app.api.schemas import UserDataOut, UserOut
from app.core import roles

# Admin roles carry a ROLE_ prefix in the app's codes, the others none (docs/behaviour.md#roles).
_ROLE_CODES = {roles.Role.ADMIN: "ROLE_ADMIN", roles.Role.SUPER_ADMIN: "ROLE_SUPER_ADMIN"}


def role_codes(user: User) -> list[str]:
    return sorted(_ROLE_CODES.get(roles.Role(code), code) for code in user.role_codes)


def user_out(user: User) -> UserOut:
    return UserOut(
        customer_id=str(user.customer_id),
        first_name=user.shown_first_name,
        last_name=user.shown_last_name,
        supervision=user.supervision,
        is_profile_public=user.is_profile_public,
        is_student=user.is_student,
        roles=role_codes(user),
    )


def avatar_url(user: User) -> str:
    """The avatar's absolute address (the configured public one, never the request's
    Host), or the string "null" the app reads as none."""
    if not user.avatar:
        return "null"
    url = user.avatar.url
    return url if url.startswith(("http://", "https://")) else f"{settings.SITE_URL}{url}"


def user_data_out(user: User) -> UserDataOut:
    return UserDataOut(user=user_out(user), avatar=avatar_url(user))
