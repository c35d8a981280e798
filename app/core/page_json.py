"""How a page's props reach the page JSON: taken by inertia-django as they are below the
top level (kept light: settings.py names the encoder).

inertia-django resolves props by walking every nested dict and list, asking the request's
headers at each node whether a partial reload wants it: about 4 ms for a page of 40
courses, on every page. Platforma's props are plain data below the top level (lazy,
deferred or once props, and the keys of partial reloads, are top-level only), so each
top-level dict or list goes to the library wrapped in `Plain`, which it takes as one value,
and the page encoder (settings.INERTIA_JSON_ENCODER, the library's documented setting)
writes what it wraps. `app/core/tests/test_inertia_adapter.py` holds the library to that.
"""

from typing import Any

from inertia.utils import InertiaJsonEncoder


class Plain:
    """Plain data (a dict or a list) the library takes as one prop value."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def as_plain(value: Any) -> Any:
    return Plain(value) if isinstance(value, (dict, list)) else value


class PageJsonEncoder(InertiaJsonEncoder):
    def default(self, o: Any) -> Any:
        if isinstance(o, Plain):
            return o.value
        return super().default(o)
