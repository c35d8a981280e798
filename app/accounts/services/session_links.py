"""One-click session links (docs/behaviour.md#session-links): issued to learners without a
role, e-mailed, used once."""

from django.conf import settings
from django.utils.translation import gettext as _

from app.accounts import selectors
from app.accounts.models import SessionLink, User
from app.accounts.services.mail import absolute_url, link_email_send
from app.core import roles
from app.core.errors import ApplicationError
from app.core.ratelimits import Client, limit_count
from app.core.tokens import UNKNOWN

# The refusal code of a session link whose account has a role: it logs in with a password.
PASSWORD_ONLY = "password_only"


def session_link_allowed(*, user: User) -> bool:
    """Whether a one-click link may log `user` in: an active learner without any role. A
    link lives in a mailbox for days; an account that opens a panel (docs/behaviour.md#roles) logs
    in with its password only."""
    return user.is_active and not user.has_any_role(roles.ALL_ROLES)


def _outside_platform() -> ApplicationError:
    return ApplicationError(_("Ten link prowadzi poza platformę."), code="outside_platform")


def session_link_issue(
    *,
    user: User,
    path: str,
    course_id: int | None = None,
    issued_by: User | None = None,
) -> tuple[SessionLink, str]:
    """Store a new one-click login link of `user` to /platforma/<path>[/<course_id>] and
    return it with its absolute URL (shown or sent once); raises ApplicationError:
    "outside_platform" for a page outside the learner area, "session_link_refused" for
    an account that may not get one (see session_link_allowed)."""
    if not selectors.learner_page_exists(path=path, course_id=course_id):
        raise _outside_platform()
    if not session_link_allowed(user=user):
        raise ApplicationError(
            _(
                "Link logowania można wysłać tylko do aktywnego konta bez żadnej roli: konta z"
                " dostępem do panelu logują się hasłem."
            ),
            code="session_link_refused",
        )
    link, token = SessionLink.issue(
        lifetime=settings.SESSION_LINK_LIFETIME,
        user=user,
        path=path,
        course_id=course_id,
        issued_by=issued_by,
    )
    return link, absolute_url(SessionLink.address(token=token, path=path, course_id=course_id))


def session_link_send(
    *,
    user: User,
    path: str,
    course_id: int | None = None,
    issued_by: User | None = None,
) -> SessionLink:
    """Issue a session link (see session_link_issue) and e-mail it to `user` after the
    commit; raises ApplicationError ("outside_platform", "session_link_refused")."""
    link, url = session_link_issue(user=user, path=path, course_id=course_id, issued_by=issued_by)
    link_email_send(
        user=user,
        template="session_link",
        url=url,
        lifetime=settings.SESSION_LINK_LIFETIME,
        key=f"session-link:{link.pk}",
    )
    return link


def session_link_redeem(
    *, client: Client, token: str, path: str | None = None, course_id: int | None = None
) -> SessionLink:
    """Use up the session link `token` and return it (its user logs in). Opened at
    /platforma/<path>[/<course_id>], the page must be one of the learner area and the one
    the link was issued for; the mobile app exchanges the link alone (`path` None). The
    account must still be allowed one (see session_link_allowed). The secret is a guess
    counted first against RATE_LIMITS "session_link" for `client`, given back once it
    turns out to be a link; raises ApplicationError (429, "outside_platform", the link's
    refusal: unknown, used or expired, or "password_only" for an account that has a role
    now)."""
    guess = limit_count(action="session_link", client=client)
    link = _session_link_used(token=token, path=path, course_id=course_id)
    guess.refund()
    return link


def _session_link_used(*, token: str, path: str | None, course_id: int | None) -> SessionLink:
    if path is None:
        link = SessionLink.redeem(token)
    else:
        if not selectors.learner_page_exists(path=path, course_id=course_id):
            raise _outside_platform()
        link = SessionLink.redeem(token, path=path, course_id=course_id)
    if not link.user.is_active:
        raise SessionLink.refusal(UNKNOWN)
    if not session_link_allowed(user=link.user):
        raise ApplicationError(
            _("Konta z dostępem do panelu logują się tylko hasłem. Zaloguj się e-mailem i hasłem."),
            code=PASSWORD_ONLY,
        )
    return link
