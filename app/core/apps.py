from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "app.core"
    label = "core"

    def ready(self) -> None:
        # Registers the deploy checks; lowers Pillow's pixel limit for every image the
        # process opens (admin uploads included) before any request is served.
        from app.core import checks, converters, images  # noqa: F401
        from app.core.release import code_release

        converters.register()
        # The release the cache entries are kept under (request_cache.stored_key): read from
        # the modules as they are when the process starts, not at its first cached page.
        code_release()
