"""What Platforma relies on in inertia-django's public API (app/core/page_json.py,
app/core/inertia.py): each test fails the day the library changes underneath."""

import json
import pickle

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory
from django.utils.translation import get_language
from inertia import InertiaResponse, defer, share

from app.core.page_json import (
    Encoded,
    EncodedProps,
    PageJsonEncoder,
    PageResponse,
    Plain,
    as_plain,
    encoded_props,
)
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


def test_the_first_load_is_the_page_json_alone():
    # render_page builds the HTML around it (app/core/inertia.py).
    request = request_for()
    response = PageResponse(request, "Shell/SitePage", {"title": Plain({"a": "<b>"})})

    page = json.loads(response.content)
    assert (page["component"], page["url"]) == ("Shell/SitePage", "/x")
    assert page["props"]["title"] == {"a": "<b>"}
    # The library's escaping for a script element, kept.
    assert b"<b>" not in response.content


def plain_props() -> dict:
    """Props of every kind a Platforma page passes: plain data, scalars, shared builders."""
    return {
        "data": Plain({"rows": [{"name": "Ala & <Ola>"}], "count": 1}),
        "title": "Kursy",
        "count": 3,
        "ratio": 0.5,
        "shown": True,
        "missing": None,
        "built": lambda: Plain(["a", "b"]),
        "built_raw": lambda: {"x": [1, 2]},
        "locale": get_language,
    }


@pytest.mark.parametrize("first_load", [True, False], ids=["first load", "visit"])
def test_plain_props_resolve_as_the_library_resolves_them(first_load):
    # Fails the day the library's walk gives these props another page than the short cut.
    ours_headers = {} if first_load else inertia_headers()
    library = json.loads(
        InertiaResponse(request_for(**inertia_headers()), "Shell/SitePage", plain_props()).content
    )
    ours = json.loads(
        PageResponse(request_for(**ours_headers), "Shell/SitePage", plain_props()).content
    )

    assert ours == library
    assert ours["props"]["data"] == {"rows": [{"name": "Ala & <Ola>"}], "count": 1}
    assert ours["props"]["built_raw"] == {"x": [1, 2]}
    assert ours["props"]["locale"] == get_language()


def test_a_prop_class_or_a_partial_reload_is_resolved_by_the_library():
    # Deferred props are left out of the first page and named in its metadata.
    deferred = PageResponse(
        request_for(**inertia_headers()),
        "Shell/SitePage",
        {**plain_props(), "later": defer(lambda: 1)},
    )
    page = json.loads(deferred.content)
    assert "later" not in page["props"]
    assert page["deferredProps"] == {"default": ["later"]}

    partial_headers = {
        **inertia_headers(),
        "X-Inertia-Partial-Component": "Shell/SitePage",
        "X-Inertia-Partial-Data": "title,later",
    }
    partial = PageResponse(
        request_for(**partial_headers),
        "Shell/SitePage",
        {**plain_props(), "later": defer(lambda: 1)},
    )
    assert json.loads(partial.content)["props"] == {"title": "Kursy", "later": 1}


def test_a_page_opened_by_the_browser_gets_the_layout_with_its_json(client):
    html = client.get("/login").content.decode()

    assert html.startswith("<!doctype html>")
    start = '<script data-page="app" type="application/json">'
    page_json = html.split(start, 1)[1].split("</script>", 1)[0]
    visited = page_of(visit(client, "/login"))
    assert json.loads(page_json)["component"] == visited["component"] == "Accounts/Login"
    assert json.loads(page_json)["props"].keys() == visited["props"].keys()


@pytest.mark.parametrize("first_load", [True, False], ids=["first load", "visit"])
def test_an_encoded_prop_is_written_as_the_same_prop_would_be(first_load):
    headers = {} if first_load else inertia_headers()
    value = {"rows": [{"name": "Ala & <Ola>", "done": 0.5}], "empty": [], "none": None}
    pickled = pickle.loads(pickle.dumps(Encoded(value)))

    as_data = PageResponse(request_for(**headers), "Shell/SitePage", {"kept": Plain(value)})
    as_encoded = PageResponse(request_for(**headers), "Shell/SitePage", {"kept": pickled})

    assert json.loads(as_encoded.content) == json.loads(as_data.content)
    assert json.loads(as_encoded.content)["props"]["kept"] == value
    # Escaped for a script element, as the library escapes the rest of the page.
    assert b"<Ola>" not in as_encoded.content
    assert b"\\u003cOla\\u003e" in as_encoded.content


@pytest.mark.parametrize("first_load", [True, False], ids=["first load", "visit"])
def test_a_pages_encoded_props_are_written_in_one_piece_as_its_props_would_be(first_load):
    headers = {} if first_load else inertia_headers()
    own = {"rows": [{"name": "Ala & <Ola>"}], "count": 2, "none": None}
    kept = pickle.loads(pickle.dumps(encoded_props(own)))

    def page_of_response(props) -> dict:
        request = request_for(**headers)
        share(request, errors=lambda: Plain({}), locale=get_language)
        return json.loads(PageResponse(request, "Shell/SitePage", props).content)

    as_data = page_of_response({name: as_plain(value) for name, value in own.items()})
    as_encoded = page_of_response(kept)

    assert as_encoded == as_data
    assert list(as_encoded["props"]) == ["errors", "locale", "rows", "count", "none"]
    assert as_encoded["sharedProps"] == ["errors", "locale"]
    content = PageResponse(request_for(**headers), "Shell/SitePage", kept).content
    assert b"<Ola>" not in content and b"platforma-encoded" not in content


def test_kept_props_cannot_be_changed_once_built():
    # One object is shared by every reader of a cached page in the process (Frozen).
    props = pickle.loads(pickle.dumps(encoded_props({"rows": [1, 2]})))
    for target, name in [(props, "members"), (props, "digest"), (props["rows"], "json")]:
        with pytest.raises(AttributeError):
            setattr(target, name, b"[]")
    with pytest.raises(TypeError):
        props._props["rows"] = Encoded([3])  # type: ignore[index]
    assert props.members == encoded_props({"rows": [1, 2]}).members == b'"rows": [1, 2]'


def test_a_partial_reload_picks_encoded_props_by_name():
    headers = {
        **inertia_headers(),
        "X-Inertia-Partial-Component": "Shell/SitePage",
        "X-Inertia-Partial-Data": "count",
    }
    props = encoded_props({"rows": [1, 2], "count": 2})

    page = json.loads(PageResponse(request_for(**headers), "Shell/SitePage", props).content)

    assert page["props"] == {"count": 2}


def test_a_page_without_props_of_its_own_is_written_whole():
    page = json.loads(
        PageResponse(request_for(**inertia_headers()), "Shell/SitePage", EncodedProps({})).content
    )
    assert page["props"] == {}


def test_text_that_looks_like_a_stand_in_stays_as_it_was_typed():
    # A stand-in carries a secret of the process: one typed by a user is only text.
    typed = "platforma-encoded-00000000000000000000000000000000-0"
    props = {"name": typed, "kept": Encoded({"a": 1}), "list": Plain([typed])}

    page = json.loads(
        PageResponse(request_for(**inertia_headers()), "Shell/SitePage", props).content
    )

    assert page["props"] == {"name": typed, "kept": {"a": 1}, "list": [typed]}


def test_an_encoded_prop_is_written_by_the_page_response_only():
    with pytest.raises(TypeError):
        json.dumps({"kept": Encoded([1])}, cls=PageJsonEncoder)


def test_shared_props_come_first_and_each_builder_runs_once():
    # The form errors are popped from the session by their builder: run twice, they would
    # be gone from the page.
    calls = []

    def errors_once():
        calls.append("errors")
        return Plain({"email": "Zły adres"} if len(calls) == 1 else {})

    def page_of_response(response_class) -> dict:
        calls.clear()
        request = request_for(**inertia_headers())
        share(request, errors=errors_once, locale=get_language)
        return json.loads(response_class(request, "Shell/SitePage", plain_props()).content)

    library, ours = page_of_response(InertiaResponse), page_of_response(PageResponse)

    assert ours == library
    assert calls == ["errors"]
    assert ours["props"]["errors"] == {"email": "Zły adres"}
    assert list(ours["props"])[:2] == ["errors", "locale"]
    assert ours["sharedProps"] == ["errors", "locale"]


def test_a_builder_returning_a_prop_class_is_refused_not_written():
    request = request_for(**inertia_headers())
    share(request, later=lambda: defer(lambda: 1))

    with pytest.raises(ImproperlyConfigured):
        PageResponse(request, "Shell/SitePage", plain_props())


def test_an_encoded_value_inside_another_is_refused_even_while_a_page_is_encoded():
    # Its stand-in, with the process's secret, would otherwise be kept in the outer JSON.
    inner = Encoded({"a": 1})
    request = request_for(**inertia_headers())
    share(request, nested=lambda: Encoded({"inner": inner}))

    with pytest.raises(TypeError):
        PageResponse(request, "Shell/SitePage", {})
