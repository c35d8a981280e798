"""Reading the e-mails a test made the platform send."""

import re

from django.core import mail

_URL = re.compile(r"https?://[^\s\"'<>]+")


def links_in(message) -> list[str]:
    """Every address in the plain-text body of an e-mail, in order."""
    return _URL.findall(message.body)


def path_of(url: str) -> str:
    """The path of an e-mailed absolute link, to open it on the test server."""
    return re.sub(r"^https?://[^/]+", "", url)


def sent_to(address: str) -> list:
    return [message for message in mail.outbox if message.to == [address]]
