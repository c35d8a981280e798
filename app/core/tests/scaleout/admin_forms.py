"""Django's admin as an admin uses it, over HTTP: a change or add form read from its page,
some fields changed, and sent back as the browser sends it."""

from html.parser import HTMLParser

import httpx

from app.core.tests.resilience.server import Browser


class _FormFields(HTMLParser):
    """The values the page's form would send as they are: inputs (checked boxes only,
    no files or buttons), selected options, text areas."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self._select: str | None = None
        self._textarea: str | None = None
        self._text = ""

    def handle_starttag(self, tag: str, attrs) -> None:
        attr = {name: value or "" for name, value in attrs}
        name = attr.get("name")
        if tag == "input" and name:
            kind = attr.get("type", "text")
            if kind in ("file", "submit", "button", "image", "reset"):
                return
            if kind in ("checkbox", "radio") and "checked" not in attr:
                return
            self.fields.append((name, attr.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select" and name:
            self._select = name
        elif tag == "option" and self._select and "selected" in attr:
            self.fields.append((self._select, attr.get("value", "")))
        elif tag == "textarea" and name:
            self._textarea, self._text = name, ""

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea" and self._textarea:
            self.fields.append((self._textarea, self._text))
            self._textarea = None


def form_fields(html: str) -> list[tuple[str, str]]:
    parser = _FormFields()
    parser.feed(html)
    return parser.fields


def submit(browser: Browser, path: str, change) -> httpx.Response:
    """Opens the admin form at `path`, lets `change(fields)` return the fields to send,
    and saves it; the admin answers a saved form with a redirect."""
    page = browser.open(path)
    assert page.status_code == 200, page.text[:500]
    fields = change(form_fields(page.text))
    return browser.http.post(
        path,
        data=dict(_grouped(fields)),
        headers={"Origin": browser.origin, "Referer": f"{browser.origin}{path}"},
    )


def _grouped(fields: list[tuple[str, str]]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for name, value in fields:
        grouped.setdefault(name, []).append(value)
    return grouped
