from django.urls import URLResolver, include, path

from app.api.api import api

_patterns, _app_name, _namespace = api.urls

# Included last in app/urls.py: the shell's and accounts' own JSON endpoints under /api/
# (alerts, version, notifications, username-check) keep their addresses; the app's API
# lives only under /api/public/, /api/app/ and its documents. Ninja's redirect of /api/
# itself to the docs is left out, so /api/ stays nobody's address.
urlpatterns: list[URLResolver] = [
    path(
        "api/",
        include(
            (
                [entry for entry in _patterns if getattr(entry, "name", None) != "api-root"],
                _app_name,
            ),
            namespace=_namespace,
        ),
    )
]
