"""Writes of teams: creating teams, inviting by e-mail, resending, revoking, accepting."""

import re
from dataclasses import dataclass, field
from datetime import timedelta
from urllib.parse import urlencode

from django.conf import settings
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from app.accounts import services as account_services
from app.accounts import validators
from app.accounts.models import User
from app.core.errors import ApplicationError
from app.core.ratelimits import (
    Client,
    QuotaExceeded,
    QuotaUse,
    RateLimited,
    limit_count,
    quotas_consume,
)
from app.core.tasks import send_email
from app.core.tokens import is_well_formed, new_token, token_digest
from app.learning import services as learning_services
from app.learning.models import Access
from app.teams import selectors
from app.teams.models import Invitation, Membership, Team

MAX_EMAILS_PER_INVITE = 200
EMAILS_INPUT_MAX_LENGTH = 20_000
_SEPARATORS = re.compile(r"[\s,;]+")


def invitation_lifetime() -> timedelta:
    """How long a (re)sent invitation stays valid (settings.TEAM_INVITATION_DAYS)."""
    return timedelta(days=settings.TEAM_INVITATION_DAYS)


def _invitation_link(token: str) -> str:
    """The e-mailed link to the invitation page, carrying the invitation's secret."""
    query = urlencode({"manager": token})
    return f"{settings.SITE_URL}{reverse('teams:invitation')}?{query}"


def team_create(*, leader: User, name: str) -> Team:
    """A new team run by the manager leader who creates it; raises nothing."""
    team = Team.objects.create(name=name)
    team.managers.add(leader)
    return team


def _emails_error(message: str, code: str) -> ApplicationError:
    # The message belongs to the form's field of addresses.
    return ApplicationError(message, code=code, fields={"emails": message})


def invitation_emails_parse(*, raw: str) -> list[str]:
    """The distinct lowercased addresses of a pasted list; raises ApplicationError (field
    "emails"; code: too_long, empty, too_many or invalid_emails)."""
    # Commas, semicolons, spaces or new lines separate the addresses.
    if len(raw) > EMAILS_INPUT_MAX_LENGTH:
        raise _emails_error(_("Lista adresów jest za długa."), "too_long")
    emails = list(dict.fromkeys(part.lower() for part in _SEPARATORS.split(raw) if part))
    if not emails:
        raise _emails_error(_("Wpisz co najmniej jeden adres e-mail."), "empty")
    if len(emails) > MAX_EMAILS_PER_INVITE:
        raise _emails_error(
            _("Jednorazowo możesz zaprosić najwyżej %(count)s osób.")
            % {"count": MAX_EMAILS_PER_INVITE},
            "too_many",
        )
    invalid = [email for email in emails if not validators.is_strict_email(email)]
    if invalid:
        shown = ", ".join(email[:60] for email in invalid[:5])
        raise _emails_error(
            _("Te adresy są niepoprawne: %(emails)s") % {"emails": shown}, "invalid_emails"
        )
    return emails


def _send_invitation(invitation: Invitation, token: str, *, inviter: User | None) -> None:
    account = User.objects.filter(email=invitation.email).only("language").first()
    language = account.language if account else (translation.get_language() or "pl")
    with translation.override(language):
        expires = formats.date_format(timezone.localtime(invitation.expires_at), "DATE_FORMAT")
    send_email(
        template="team_invitation",
        to=invitation.email,
        language=language,
        context={
            "team": invitation.team.name,
            "inviter": inviter.full_name if inviter else "",
            "url": _invitation_link(token),
            "expires": expires,
        },
        # Each sending is its own e-mail: a resend must go out even though the first did.
        key=f"team-invitation:{invitation.pk}:{invitation.sent_count}",
    )


@dataclass
class InviteOutcome:
    sent: list[str] = field(default_factory=list)
    members: list[str] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)


def invitations_send(*, team: Team, invited_by: User, emails: list[str]) -> InviteOutcome:
    """E-mail each address one invitation (members and pending skipped), counting every
    address e-mailed against the manager's quotas (invitation_quota_use); raises
    ApplicationError (429) and sends nothing when they do not fit."""
    # An expired open invitation is sent again with a new link instead of a second one.
    outcome = InviteOutcome()
    member_emails = set(
        team.memberships.filter(user__email__in=emails).values_list("user__email", flat=True)
    )
    with transaction.atomic():
        open_invitations = {
            invitation.email: invitation
            for invitation in team.invitations.select_for_update().filter(
                email__in=emails, used_at__isnull=True, revoked_at__isnull=True
            )
        }
        to_send = []
        for email in emails:
            existing = open_invitations.get(email)
            if email in member_emails:
                outcome.members.append(email)
            elif existing is not None and not existing.is_expired:
                outcome.pending.append(email)
            else:
                to_send.append(email)
        invitation_quota_use(by=invited_by, emails=to_send, field="emails")
        for email in to_send:
            existing = open_invitations.get(email)
            if existing is not None:
                _resend(_lock_open(existing), by=invited_by)
            else:
                try:
                    with transaction.atomic():
                        invitation, token = Invitation.issue(
                            lifetime=invitation_lifetime(),
                            team=team,
                            email=email,
                            invited_by=invited_by,
                        )
                except IntegrityError:
                    # The same address was invited a moment ago (a double submission).
                    outcome.pending.append(email)
                    continue
                _send_invitation(invitation, token, inviter=invited_by)
            outcome.sent.append(email)
    return outcome


# Invitation e-mails a manager may send (per address e-mailed, not per request), and how
# often one manager may e-mail the same address (revoking and inviting again, resending,
# inviting to several teams): RATE_LIMITS "team_invite" and "team_invite_address".
INVITE_QUOTA = "team_invite"
ADDRESS_QUOTA = "team_invite_address"


def invitation_quota_use(*, by: User, emails: list[str], field: str | None = None) -> None:
    """Count one invitation e-mail to each of `emails` against the quotas of manager `by`,
    all or none; raises RateLimited (429 with the seconds until the full quota's window
    ends, the message under `field` when given)."""
    uses = [QuotaUse(action=INVITE_QUOTA, amount=len(emails), user_id=by.pk)]
    uses += [QuotaUse(action=ADDRESS_QUOTA, amount=1, key=f"{by.pk}:{email}") for email in emails]
    try:
        quotas_consume(uses=uses)
    except QuotaExceeded as exceeded:
        if exceeded.use.action == INVITE_QUOTA:
            message = _(
                "Limit wysyłek zaproszeń: teraz możesz wysłać jeszcze %(left)s. Skróć listę"
                " albo spróbuj później."
            ) % {"left": exceeded.left}
        else:
            message = _(
                "Na adres %(email)s wysłałeś już dziś za dużo zaproszeń. Spróbuj jutro."
            ) % {"email": str(exceeded.use.key).split(":", 1)[1]}
        fields = {field: message} if field else None
        raise RateLimited(message, retry_after=exceeded.retry_after, fields=fields) from None


def _lock_open(invitation: Invitation) -> Invitation:
    """The invitation re-read under its row lock (inside a transaction), so an acceptance
    running at the same moment is seen; raises ApplicationError when it no longer waits."""
    locked = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if not locked.is_open:
        raise ApplicationError(_("To zaproszenie nie czeka już na odpowiedź."), code="not_open")
    return locked


@transaction.atomic
def invitation_resend(*, invitation: Invitation, by: User) -> Invitation:
    """Send an open invitation again with a new, fresh link, counted against the quotas
    of `by` (invitation_quota_use); raises ApplicationError ("not_open" when it no longer
    waits, 429 when the quotas are used up)."""
    locked = _lock_open(invitation)
    invitation_quota_use(by=by, emails=[locked.email])
    return _resend(locked, by=by)


def _resend(locked: Invitation, *, by: User) -> Invitation:
    # Only the digest is stored, so the old link stops working.
    token, digest = new_token()
    now = timezone.now()
    locked.digest = digest
    locked.expires_at = now + invitation_lifetime()
    locked.last_sent_at = now
    locked.sent_count += 1
    locked.save(update_fields=["digest", "expires_at", "last_sent_at", "sent_count"])
    _send_invitation(locked, token, inviter=by)
    return locked


@transaction.atomic
def invitation_revoke(*, invitation: Invitation) -> None:
    """Withdraw an open invitation: its link stops working. Raises ApplicationError
    ("not_open") otherwise."""
    locked = _lock_open(invitation)
    locked.revoked_at = timezone.now()
    locked.save(update_fields=["revoked_at"])


# Guesses at invitation secrets: the page, the acceptance and the way through login count.
GUESS_ACTION = "invitation_failed"


def invitation_open(*, client: Client, user: User | None, token: str) -> Invitation | None:
    """The invitation a link's secret belongs to, whatever its state, as a page opens it
    (the invitation page, its acceptance, the way through login): each look counts as a
    guess unless the secret is an invitation's (RATE_LIMITS "invitation_failed", per
    account and per address). Opened by the logged-in account `user` it was sent to, a
    waiting invitation verifies that account's address: the secret came from its mailbox.
    Raises ApplicationError ("rate_limited", 429) once the guesses are used up."""
    if not token:
        return None
    message = _("Zbyt wiele nieudanych prób. Spróbuj ponownie za kilka minut.")
    guess = limit_count(action=GUESS_ACTION, client=client, message=message)
    invitation = selectors.invitation_find(token=token)
    if invitation is None:
        return None
    guess.refund()
    if (
        user is not None
        and invitation.email == user.email.lower()
        and invitation.is_open
        and not invitation.is_expired
    ):
        account_services.email_mark_verified(user=user)
    return invitation


def invitation_open_unless_limited(*, client: Client, token: str) -> Invitation | None:
    """invitation_open for the way through login (a visitor without an account): None,
    not a refusal, once the visitor's guesses are used up (the plain login page then
    reveals nothing); raises nothing else than invitation_open does."""
    try:
        return invitation_open(client=client, user=None, token=token)
    except ApplicationError as refused:
        if refused.status != 429:
            raise
        return None


def invitation_accept_limited(*, client: Client, user: User, token: str) -> Team:
    """Accept the invitation of `token` (see invitation_accept), counted as a guess at a
    link's secret first unless the secret is an invitation's (see invitation_open). The
    invitation page and the app's API alike; raises ApplicationError (429, or the codes
    of selectors.invitation_check)."""
    invitation_open(client=client, user=user, token=token)
    return invitation_accept(user=user, token=token)


def invitation_accept(*, user: User, token: str) -> Team:
    """Join the invitation's team as a student with its products; raises ApplicationError
    (the codes of selectors.invitation_check)."""
    with transaction.atomic():
        # A malformed secret is not even looked up: it is a link to no invitation.
        invitation = (
            Invitation.objects.select_for_update(of=("self",))
            .select_related("team")
            .filter(digest=token_digest(token))
            .first()
            if is_well_formed(token)
            else None
        )
        problem = selectors.invitation_check(invitation=invitation, user=user)
        if problem is not None:
            raise problem
        assert invitation is not None
        team = invitation.team
        # The team's products first, before anything of the account is written: every
        # grant takes the access before the account, so a redemption of one of them at
        # the same moment waits for this one (or this one for it) and never deadlocks.
        learning_services.access_grant_many(
            user=user,
            products=[*team.courses.all(), *team.exams.all(), *team.paths.all()],
            source=Access.Source.TEAM,
            source_detail=team.name,
        )
        # The secret came from the invited mailbox to the account of that address.
        account_services.email_mark_verified(user=user)
        try:
            with transaction.atomic():
                Membership.objects.create(team=team, user=user)
        except IntegrityError:
            raise ApplicationError(
                _("Już należysz do zespołu %(team)s.") % {"team": team.name},
                code="member",
                status=409,
            ) from None
        invitation.used_at = timezone.now()
        invitation.accepted_by = user
        invitation.save(update_fields=["used_at", "accepted_by"])
        if not user.is_student:
            user.is_student = True
            user.save(update_fields=["is_student"])
    return team
