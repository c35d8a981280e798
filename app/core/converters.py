"""Path converters of the platform's own (registered by CoreConfig.ready)."""

from django.urls import register_converter


class LinkSecretConverter:
    """A link's secret in an address, as the visitor sent it: any text, empty or holding
    slashes too. A malformed secret then reaches its call and is refused with the link's
    own message (400), instead of a 404 the app reads as another account's invitation."""

    regex = r"[\s\S]*"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


def register() -> None:
    register_converter(LinkSecretConverter, "secret")
