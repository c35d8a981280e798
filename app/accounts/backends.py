"""Authentication backends: allauth's login, and admin-panel permissions by role."""

from allauth.account.auth_backends import AuthenticationBackend
from django.contrib.auth.backends import BaseBackend

from app.accounts.models import User
from app.core import roles
from app.core.request_cache import request_cache

# Apps whose models only a SUPER_ADMIN may touch.
# "account" holds allauth's address records: whoever edits them can receive another
# account's reset link; "usersessions" lists and ends anyone's sessions.
_SUPER_ADMIN_ONLY_APPS = frozenset({"auth", "account", "usersessions"})


class PlatformaAuthenticationBackend(AuthenticationBackend):
    """allauth's backend, except that the user every request loads from the session is
    the one read with the session itself (app/accounts/sessions.py), roles included:
    always the database's, never a cached copy, and no query of its own."""

    def get_user(self, user_id):
        try:
            pk = int(user_id)
        except (TypeError, ValueError):
            return None
        state = request_cache()
        user = state.accounts.get(pk) if state is not None else None
        if user is None:
            user = User.objects.with_role_codes().filter(pk=pk).first()
        return user if user is not None and self.user_can_authenticate(user) else None


class RolePermissionBackend(BaseBackend):
    """Admin-panel permissions follow the roles: SUPER_ADMIN may do everything, ADMIN
    everything but managing the permission system itself."""

    def has_perm(self, user_obj, perm: str, obj=None) -> bool:
        return self.has_module_perms(user_obj, perm.split(".", 1)[0])

    def has_module_perms(self, user_obj, app_label: str) -> bool:
        if not user_obj.is_active or not user_obj.is_authenticated:
            return False
        if roles.Role.SUPER_ADMIN in user_obj.role_codes:
            return True
        return roles.Role.ADMIN in user_obj.role_codes and app_label not in _SUPER_ADMIN_ONLY_APPS
