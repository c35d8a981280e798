"""The mobile app's JSON API (docs/behaviour.md#mobile-api): `/api/public/` and
`/api/app/`, its OpenAPI document at /api/openapi.json and the interactive docs at /api/docs."""

from typing import Any

from django.urls import reverse
from ninja import NinjaAPI

from app.api import app_calls, errors, public


class PlatformaAPI(NinjaAPI):
    def get_root_path(self, path_params: dict[str, Any]) -> str:
        # Ninja finds its root by its redirect of /api/ to the docs, which is not mounted
        # (app/api/urls.py): the document's address names the same root.
        document = reverse(f"{self.urls_namespace}:openapi-json", kwargs=path_params)
        return document.removesuffix("openapi.json")


api = PlatformaAPI(
    title="Platforma",
    version="1",
    description=(
        "The calls of Platforma's mobile app. Calls under /api/app/ carry the token of "
        "/api/public/login in the X-Platforma-Token header. Refusals read "
        '{"error": {"message", "code", "fields"?}}, the message in the language of '
        "Accept-Language (Polish by default)."
    ),
    urls_namespace="mobile_api",
    openapi_url="/openapi.json",
    docs_url="/docs",
)
api.add_router("/public/", public.router)
api.add_router("/app/", app_calls.router)
errors.install(api)
