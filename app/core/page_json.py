"""How a page's props reach the page JSON: taken by inertia-django as they are below the
top level (kept light: settings.py names the encoder), by `PageResponse` without the
library's walk where nothing asks for one, and from cached pages already encoded.

inertia-django resolves props by walking every nested dict and list, asking the request's
headers at each node whether a partial reload wants it: about 4 ms for a page of 40
courses, on every page. Platforma's props are plain data below the top level (lazy,
deferred or once props, and the keys of partial reloads, are top-level only), so each
top-level dict or list goes to the library wrapped in `Plain`, which it takes as one value,
and the page encoder (settings.INERTIA_JSON_ENCODER, the library's documented setting)
writes what it wraps. `app/core/tests/test_inertia_adapter.py` holds the library to that.
"""

import hashlib
import json
import re
import secrets
from collections.abc import ItemsView, Iterator, KeysView, Mapping, ValuesView
from contextvars import ContextVar
from types import BuiltinFunctionType, FunctionType, MappingProxyType
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from inertia import InertiaResponse
from inertia.utils import InertiaJsonEncoder

from app.core.frozen import Frozen


class Plain:
    """Plain data (a dict or a list) the library takes as one prop value."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def as_plain(value: Any) -> Any:
    return Plain(value) if isinstance(value, (dict, list)) else value


def script_safe(page_json: str) -> str:
    """The page JSON as it may stand in a <script> element: what inertia-django does to
    the page it encodes, done here to the parts kept encoded."""
    return page_json.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


# Stands for an encoded prop in the page the library encodes, until the prop's JSON
# replaces it. Unguessable (a fresh secret per process), so no text a user typed can be
# taken for it.
_STAND_IN = f"platforma-encoded-{secrets.token_hex(16)}-"
_STAND_INS = re.compile(rb'"' + _STAND_IN.encode() + rb'(\d+)"')
# Stands for a page's EncodedProps among the props the library encodes: the member
# `"<key>": 0`, which the page's members replace.
_OWN_PROPS_KEY = f"{_STAND_IN}own-props"
_OWN_PROPS_MEMBER = json.dumps({_OWN_PROPS_KEY: 0})[1:-1].encode()
# The encoded props of the page being encoded, in the order their stand-ins were written.
_encoded_written: ContextVar[list["Encoded"] | None] = ContextVar("encoded_written", default=None)


class Encoded:
    """A prop value kept as its page JSON, encoded once when its cache entry is built: a
    cached page of fifty members is then neither rebuilt from its pickle nor encoded again
    on each visit, only written into the page (`PageResponse`)."""

    __slots__ = ("json",)
    json: bytes

    def __init__(self, value: Any) -> None:
        # Encoded on its own, even while a page is being encoded: one nested in the value
        # is refused rather than left as a stand-in (and the process's secret) in its JSON.
        # ASCII (json.dumps escapes the rest), so kept as the bytes the page is made of.
        token = _encoded_written.set(None)
        try:
            encoded = script_safe(json.dumps(value, cls=PageJsonEncoder)).encode()
        finally:
            _encoded_written.reset(token)
        object.__setattr__(self, "json", encoded)

    def __setattr__(self, name: str, value: Any) -> None:
        # Shared as it is by every reader of a cached page (EncodedProps, Frozen).
        raise AttributeError(f"An encoded prop cannot be changed ({name}).")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_encoded_of, (self.json,))


class EncodedProps(Frozen, Mapping[str, Encoded]):
    """A page's own props, each kept encoded (partial reloads still pick props by name),
    and all of them as one piece of the page JSON (`members`, the props object's members
    without its braces), which a full visit writes into the page in one go. Nothing about
    it can be changed once built, so a process's copy is shared by its readers (Frozen)."""

    __slots__ = ("_props", "digest", "members")
    _props: Mapping[str, Encoded]
    members: bytes
    digest: bytes

    def __init__(self, props: Mapping[str, Any]) -> None:
        self._fill({name: Encoded(value) for name, value in props.items()})

    def _fill(self, encoded: dict[str, Encoded]) -> None:
        # Set once, here: the object is shared by every reader in the process (Frozen),
        # and its members must keep matching their digest, which names them in a page's
        # identity (PageResponse.identity).
        members = b", ".join(
            script_safe(json.dumps(name)).encode() + b": " + value.json
            for name, value in encoded.items()
        )
        object.__setattr__(self, "_props", MappingProxyType(encoded))
        object.__setattr__(self, "members", members)
        object.__setattr__(self, "digest", hashlib.sha256(members).digest())

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"A page's encoded props cannot be changed ({name}).")

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as the props' JSON alone (half the bytes in Redis): the rest is built
        # from it again.
        return (_encoded_props_of, (dict(self._props),))

    def unpickled_bytes(self) -> int:
        return len(self.members)

    def __getitem__(self, name: str) -> Encoded:
        return self._props[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._props)

    def __len__(self) -> int:
        return len(self._props)

    # The dict's own views, for what a page does with its props on every visit (unpacking
    # them, comparing their names with the shared ones): the Mapping defaults' loops cost
    # more than the rest of writing them.
    def keys(self) -> KeysView[str]:
        return self._props.keys()

    def items(self) -> ItemsView[str, Encoded]:
        return self._props.items()

    def values(self) -> ValuesView[Encoded]:
        return self._props.values()

    def __contains__(self, name: object) -> bool:
        return name in self._props


def _encoded_props_of(encoded: dict[str, Encoded]) -> EncodedProps:
    """EncodedProps of props already encoded (as unpickled), without encoding them again."""
    props = EncodedProps.__new__(EncodedProps)
    props._fill(encoded)
    return props


def _encoded_of(page_json: bytes) -> "Encoded":
    encoded = Encoded.__new__(Encoded)
    object.__setattr__(encoded, "json", page_json)
    return encoded


def encoded_props(props: Mapping[str, Any]) -> EncodedProps:
    """Each top-level prop kept encoded, and all of them at once (EncodedProps)."""
    return EncodedProps(props)


class PageJsonEncoder(InertiaJsonEncoder):
    def default(self, o: Any) -> Any:
        if isinstance(o, Plain):
            return o.value
        if isinstance(o, Encoded):
            # The library's encoder takes a string for it; PageResponse puts the JSON in
            # its place.
            written = _encoded_written.get()
            if written is None:
                raise TypeError("An encoded prop is written by PageResponse only.")
            written.append(o)
            return f"{_STAND_IN}{len(written) - 1}"
        return super().default(o)


# Top-level prop values whose resolution is the library's walk reduced to a call: plain
# data, and builders (shared props) called as they are. The library's own prop classes
# (deferred, optional, once, merge) are callable objects, none of these.
_SIMPLE = (Plain, Encoded, str, int, float, bool, type(None), FunctionType, BuiltinFunctionType)


class PageResponse(InertiaResponse):
    """inertia-django's response, short of the steps a Platforma page does not need.

    - Resolving the props: with every top-level value plain (`_SIMPLE`) and no partial
      reload asked for, the library's walk calls each builder and asks the request's
      headers three or four times for each prop, finding nothing to skip and no metadata.
      A tenth of a team page's CPU. Anything else (a partial reload, a prop class) is
      left to the library.
    - Encoding kept props again: an `Encoded` prop's JSON goes into the page JSON as it
      is, in the place of the stand-in the page encoder wrote for it.
    - The first load: the library renders its template with the request's context
      processors around the page JSON; `render_page` builds the HTML from the JSON itself
      (app/core/inertia.py), so the JSON alone is kept.
    `test_inertia_adapter.py` checks each against the library's own answer.
    """

    # The page's own props, when resolve_props left them to be written in one piece.
    _own_props: EncodedProps | None = None
    # What tells this page's JSON from any other's, for the SSR cache (app/core/ssr.py):
    # the JSON itself, or for a page of kept props the JSON around them and their digest,
    # which hashes in a tenth of the time.
    identity: tuple[bytes, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        written: list[Encoded] = []
        token = _encoded_written.set(written)
        try:
            super().__init__(*args, **kwargs)
        finally:
            _encoded_written.reset(token)
        if written:
            # The page JSON is ASCII (json.dumps escapes the rest), so the encoded props go
            # into its bytes as they are.
            self.content = _STAND_INS.sub(
                lambda found: written[int(found.group(1))].json, self.content
            )
        self.identity = (self.content,)
        if self._own_props is not None:
            before, found, after = self.content.partition(_OWN_PROPS_MEMBER)
            if not found:
                raise ImproperlyConfigured("The page's own props were not written.")
            # (No page JSON starts like this: the two kinds of identity never meet.)
            self.identity = (b"own props\0", self.content, self._own_props.digest)
            self.content = b"".join((before, self._own_props.members, after))

    def resolve_props(self) -> tuple[dict[str, Any], dict[str, Any]]:
        own = self.props
        # A page's own props kept encoded go into the page in one piece, after the shared
        # ones, instead of one stand-in each (they are all Encoded, so plain).
        whole = isinstance(own, EncodedProps) and len(own) > 0
        props = self.request.inertia if whole else {**self.request.inertia, **own}
        if self.request.is_a_partial_render(self.component) or not all(
            isinstance(prop, _SIMPLE) for prop in props.values()
        ):
            return super().resolve_props()
        resolved: dict[str, Any] = {}
        for name, prop in props.items():
            value = prop() if callable(prop) else prop
            if callable(value):
                # A builder returning a prop class (deferred, once, merge) needs the
                # library's resolution; the builders have run, so it cannot be handed over
                # now (the form errors would be popped twice).
                raise ImproperlyConfigured(f"The builder of prop {name!r} returned a callable")
            resolved[name] = as_plain(value)
        if whole:
            self._own_props = own  # type: ignore[assignment]
            resolved[_OWN_PROPS_KEY] = 0
        return resolved, {}

    def build_first_load(self, data: Any) -> str:
        return data
