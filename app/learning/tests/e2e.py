"""Helpers shared by the end-to-end tests of the learning, voucher and team areas."""

from django.conf import settings
from django.test import Client

from app.core.testing import DESKTOP, PHONE, axe_violations

VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}


def log_in(page, live_server, user) -> None:
    """Give the browser a session of `user` (the login page itself is tested elsewhere)."""
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )


def settled_axe_violations(page) -> list:
    """axe's violations once CSS transitions have finished: a button fading from its
    disabled grey to its colour would otherwise be measured halfway."""
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.playState !== 'running')",
        timeout=5000,
    )
    return axe_violations(page)
