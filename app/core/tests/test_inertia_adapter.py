"""What Platforma relies on in inertia-django's public API (app/core/page_json.py,
app/core/inertia.py): each test fails the day the library changes underneath."""

import json

import pytest
from django.test import RequestFactory
from inertia import InertiaResponse

from app.core.page_json import Plain, as_plain
from app.core.tests.helpers import inertia_headers, page_of, visit

pytestmark = pytest.mark.django_db


class Probe:
    """A nested value the library would call if it walked into it (lazy props are called
    wherever they are); serialised as {} by the library's InertiaMeta rule."""

    class InertiaMeta:
        fields = ()

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> str:
        self.calls += 1
        return "called"


def request_for(**headers: str):
    request = RequestFactory().get("/x", headers=headers)
    # What the library reads of a session: its history flags, popped.
    request.session = {}  # type: ignore[assignment]
    return request


def test_the_library_takes_a_plain_value_whole_and_the_setting_writes_it():
    inside, walked = Probe(), Probe()
    request = request_for(**inertia_headers())
    props = {"kept": Plain({"nested": [{"probe": inside}]}), "walked": {"probe": walked}}

    page = json.loads(InertiaResponse(request, "Shell/SitePage", props).content)

    assert page["props"]["kept"] == {"nested": [{"probe": {}}]}
    assert inside.calls == 0
    # The same data unwrapped is walked (and its callables called): what Plain saves.
    assert page["props"]["walked"] == {"probe": "called"}
    assert walked.calls == 1


def test_a_partial_reload_still_picks_top_level_props():
    headers = {
        **inertia_headers(),
        "X-Inertia-Partial-Component": "Shell/SitePage",
        "X-Inertia-Partial-Data": "one",
    }
    request = request_for(**headers)
    props = {"one": as_plain({"a": 1}), "two": as_plain([1, 2])}

    page = json.loads(InertiaResponse(request, "Shell/SitePage", props).content)

    assert page["props"] == {"one": {"a": 1}}


def test_the_librarys_first_load_is_the_page_json_alone():
    # templates/inertia.html overrides the library's: app/core/inertia.py builds the HTML.
    request = request_for()
    response = InertiaResponse(request, "Shell/SitePage", {"title": Plain({"a": "<b>"})})

    page = json.loads(response.content)
    assert (page["component"], page["url"]) == ("Shell/SitePage", "/x")
    assert page["props"]["title"] == {"a": "<b>"}
    # The library's escaping for a script element, kept.
    assert b"<b>" not in response.content


def test_a_page_opened_by_the_browser_gets_the_layout_with_its_json(client):
    html = client.get("/login").content.decode()

    assert html.startswith("<!doctype html>")
    start = '<script data-page="app" type="application/json">'
    page_json = html.split(start, 1)[1].split("</script>", 1)[0]
    visited = page_of(visit(client, "/login"))
    assert json.loads(page_json)["component"] == visited["component"] == "Accounts/Login"
    assert json.loads(page_json)["props"].keys() == visited["props"].keys()
