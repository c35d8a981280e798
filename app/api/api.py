"""The mobile app's JSON API (SPEC §7): `/api/public/` and `/api/app/`, its OpenAPI
document at /api/openapi.json and the interactive docs at /api/docs."""

from ninja import NinjaAPI

from app.api import app_calls, errors, public

api = NinjaAPI(
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
