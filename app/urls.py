from importlib import import_module

from django.conf import settings
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from django.views.static import serve

from app.api import urls as api_urls
from app.core.url_memo import RememberedResolver


def app_urls(module: str) -> tuple[list[URLPattern | URLResolver], str]:
    """An app's URL configuration, its pages' JSON calls (operations of the API, in the
    app's `api.py`) listed after its pages under the same namespace."""
    urls = import_module(module)
    return [*urls.urlpatterns, *api_urls.operations(urls.app_name)], urls.app_name


# Django tries the patterns one by one, so the busiest areas come first: the manager's and
# the learner's (learning after accounts, whose pages under platforma/profil/ its catch-all
# would answer). No pattern of an include is shadowed by one before it.
urlpatterns: list[URLPattern | URLResolver] = [
    path("", include(app_urls("app.teams.urls"))),
    path("", include(app_urls("app.accounts.urls"))),
    path("", include(app_urls("app.learning.urls"))),
    path("", include(app_urls("app.core.urls"))),
    path("", include(app_urls("app.shell.urls"))),
    path("", include(app_urls("app.vouchers.urls"))),
    path("", include(app_urls("app.consent.urls"))),
    path("", include("app.api.urls")),
    path("admin/", admin.site.urls),
]

if not settings.IS_PRODUCTION and not settings.AWS_STORAGE_BUCKET_NAME:
    # Avatars on the local disk; in production the web server serves them, and files in
    # object storage are served by it (their URLs point there).
    urlpatterns.append(path("media/<path:path>", serve, {"document_root": settings.MEDIA_ROOT}))

# Resolved as Django resolves them, each path once per process (app/core/url_memo.py).
urlpatterns = [RememberedResolver(urlpatterns)]

handler400 = "app.core.views.bad_request"
handler403 = "app.core.views.forbidden"
handler404 = "app.core.views.not_found"
handler500 = "app.core.views.server_error"
