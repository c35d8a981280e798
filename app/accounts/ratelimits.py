"""Guessing the secrets of e-mailed links: every page and call that looks one up counts a
guess first ("link_check", per address; docs/behaviour.md#limits), on opening (GET) and
on using (POST) alike, and a secret that turned out to be a link gives the guess back, so
only misses use the budget up (a classroom opening its links is never refused)."""

from collections.abc import Callable

from django.http import HttpRequest

from app.core.errors import ApplicationError
from app.core.ratelimits import Client, client_of, limit_count

LINK_CHECK = "link_check"


def link_guessed[T](*, client: Client, look: Callable[[], T], also: str | None = None) -> T:
    """`look()`'s result, the link's secret counted as a guess (LINK_CHECK, and the
    action `also` names) before it is looked up and given back once it was found; raises
    ApplicationError (429, or what `look` raises: the link's refusal, counted)."""
    counted = [limit_count(action=LINK_CHECK, client=client)]
    if also is not None:
        counted.append(limit_count(action=also, client=client))
    found = look()
    for guess in counted:
        guess.refund()
    return found


def link_refusal(request: HttpRequest, *, check: Callable[[], object]) -> ApplicationError | None:
    """Why a page's link cannot be used, checked as the page opens: too many links guessed
    by this visitor lately, or the link's own refusal (what `check` raises); None when it
    can be used. The page shows the reason instead of its form: the refusal is its
    content, not an error answer (docs/behaviour.md#link-refusals)."""
    try:
        link_guessed(client=client_of(request), look=check)
    except ApplicationError as refused:
        return refused
    return None
