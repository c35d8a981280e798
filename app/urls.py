from django.conf import settings
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from django.views.static import serve

urlpatterns: list[URLPattern | URLResolver] = [
    path("", include("app.core.urls")),
    path("", include("app.accounts.urls")),
    path("", include("app.shell.urls")),
    path("", include("app.teams.urls")),
    path("", include("app.learning.urls")),
    path("", include("app.vouchers.urls")),
    path("", include("app.consent.urls")),
    path("", include("app.api.urls")),
    path("admin/", admin.site.urls),
]

if not settings.IS_PRODUCTION and not settings.AWS_STORAGE_BUCKET_NAME:
    # Avatars on the local disk; in production the web server serves them, and files in
    # object storage are served by it (their URLs point there).
    urlpatterns.append(path("media/<path:path>", serve, {"document_root": settings.MEDIA_ROOT}))

handler400 = "app.core.views.bad_request"
handler403 = "app.core.views.forbidden"
handler404 = "app.core.views.not_found"
handler500 = "app.core.views.server_error"
