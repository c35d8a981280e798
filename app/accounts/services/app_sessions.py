"""The sessions of an account: the browser's (ended all at once) and the mobile app's
(tokens it sends as X-Platforma-Token, docs/behaviour.md#api-tokens)."""

from datetime import timedelta

from allauth.usersessions.models import UserSession
from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from app.accounts.models import AppToken, Session, User, role_codes_aggregate
from app.core.errors import ApplicationError
from app.core.tokens import new_token, token_digest

# The header the mobile app sends its session's token in (docs/behaviour.md#api-tokens).
APP_TOKEN_HEADER = "X-Platforma-Token"


def user_end_sessions(*, user: User, keep_session_key: str | None = None) -> int:
    """End every session of `user` except `keep_session_key` (the browser's, kept beside
    their account in the session table, and the mobile app's); returns how many browser
    sessions ended."""
    ended, _counts = (
        Session.objects.filter(account_id=user.pk)
        .exclude(session_key=keep_session_key or "")
        .delete()
    )
    # allauth's registry of the same sessions (shown to the owner and in the admin).
    UserSession.objects.filter(user=user).exclude(session_key=keep_session_key or "").delete()
    # The mobile app's sessions end with the browser's, whatever ends them.
    app_tokens_revoke(user=user)
    return ended


def app_token_issue(*, user: User, device: str = "") -> tuple[AppToken, str]:
    """Open a session of the mobile app for `user`; returns it with its secret, which is
    given out once and stored only as a digest."""
    token, digest = new_token()
    app_token = AppToken.objects.create(
        user=user, digest=digest, device=device[: AppToken._meta.get_field("device").max_length]
    )
    return app_token, token


def app_token_authenticate(*, token: str) -> User | None:
    """The active account whose app session `token` is, or None (unknown, ended, idle
    longer than API_TOKEN_IDLE_DAYS, or an inactive account); an idle session found is
    ended, a live one is marked used."""
    if not token or len(token) > 200:
        return None
    found = (
        AppToken.objects.select_related("user")
        # The account's roles come with it: every app call asks them (a role that needs a
        # second factor, the areas' guards) and pays no query of its own for them.
        .annotate(user_role_list=role_codes_aggregate("user__"))
        .filter(digest=token_digest(token))
        .first()
    )
    if found is None:
        return None
    found.user.role_list = found.user_role_list  # type: ignore[attr-defined]
    now = timezone.now()
    if found.last_used_at <= now - timedelta(days=settings.API_TOKEN_IDLE_DAYS):
        found.delete()
        return None
    if not found.user.is_active:
        return None
    if found.last_used_at <= now - timedelta(seconds=settings.API_TOKEN_TOUCH_SECONDS):
        AppToken.objects.filter(pk=found.pk).update(last_used_at=now)
    found.user.current_app_token_id = found.pk  # type: ignore[attr-defined]
    return found.user


def app_token_revoke(*, token: str) -> None:
    """End the app session `token` (the app logging out); raises nothing."""
    AppToken.objects.filter(digest=token_digest(token)).delete()


def app_token_end(*, user: User, token_id: int) -> None:
    """End one app session of `user`, chosen on the profile page; raises ApplicationError
    (404) for a session that is not theirs or is over already."""
    deleted, _counts = AppToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise ApplicationError(
            _("Ta sesja aplikacji jest już zakończona."), code="not_found", status=404
        )


def app_tokens_revoke(*, user: User) -> int:
    """End every app session of `user`; returns how many."""
    deleted, _counts = AppToken.objects.filter(user=user).delete()
    return deleted
