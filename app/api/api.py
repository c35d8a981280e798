"""The one JSON API of the platform (django-ninja): the pages' calls and the mobile app's
(docs/behaviour.md#web-calls, #mobile-api), its OpenAPI document at /api/openapi.json and
the interactive docs at /api/docs.

Each app keeps its operations on its own routers, in its `api.py`, one router per kind of
caller; here they are mounted, each with its caller's auth (app.api.auth), and the
refusals of every operation get the one error body (app.api.errors):

- `web`, `web_account`: the pages' calls, on their own paths (the session, CSRF on
  changes; `web_account` for logged-in accounts only);
- `public`: the app's calls under /api/public/ (a token only when the app has one);
- `app_calls`: the app's calls under /api/app/ (its token, always).

Their URL names stay those of each app's namespace (`shell:alerts`, `consent:log`, …; the
pages' typed routes are generated from them); the app's calls are in the `api`
namespace (app.api.urls).
"""

from http import HTTPStatus
from typing import Any

from ninja import NinjaAPI, Router
from ninja.operation import Operation

from app.accounts import api as accounts_api
from app.api import auth, errors
from app.consent import api as consent_api
from app.shell import api as shell_api
from app.teams import api as teams_api
from app.vouchers import api as vouchers_api

API_NAMESPACE = "api"
PUBLIC_PREFIX = "api/public/"
APP_PREFIX = "api/app/"
ERROR_SCHEMA = {"$ref": "#/components/schemas/ErrorOut"}
RETRY_AFTER = {
    "description": "Seconds to wait before trying again.",
    "schema": {"type": "integer", "minimum": 0},
}


class PlatformaAPI(NinjaAPI):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.url_namespaces: dict[Router, str] = {}

    def mount(self, router: Router, *, prefix: str, auth: Any, namespace: str) -> None:
        """Mount an app's router at `prefix`, for the callers `auth` lets in; its
        operations are named in the URL namespace `namespace`."""
        self.url_namespaces[router] = namespace
        self.add_router(prefix, router, auth=auth)

    def get_operation_url_name(self, operation: Operation, router: Router) -> str:
        # "shell:alerts": app.api.urls lists each operation under its namespace.
        return f"{self.url_namespaces[router]}:{operation.view_func.__name__}"

    def get_root_path(self, path_params: dict[str, Any]) -> str:
        # Mounted at the site's root (app.api.urls): the operations' paths are their own.
        return "/"

    def get_openapi_schema(
        self, *, path_prefix: str | None = None, path_params: dict[str, Any] | None = None
    ) -> Any:
        schema = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        for item in schema["paths"].values():
            for method, operation in item.items():
                _document_the_platforms_answers(method, operation)
        schemes = schema["components"].get("securitySchemes", {})
        for visitor, caller in (
            (auth.WebVisitor, auth.WebSession),
            (auth.AppVisitor, auth.AppToken),
        ):
            if visitor.__name__ in schemes:
                schemes.setdefault(caller.__name__, schemes.pop(visitor.__name__))
        return schema


def _document_the_platforms_answers(method: str, operation: dict[str, Any]) -> None:
    """What any operation may answer besides its own refusals: an outage (503), another
    method (405), for a body one too large (413) or of unknown length (411), for a change
    by a page its CSRF check (403), for the app's token an account that must enrol a
    second factor first (403); a 429 says when to try again. A caller auth that lets
    visitors in is an optional one."""
    responses = operation["responses"]
    extra = [405, 503]
    security = operation.get("security", [])
    names = {name for requirement in security for name in requirement}
    if method == "post":
        extra += [411, 413]
        if names & {auth.WebSession.__name__, auth.WebVisitor.__name__}:
            extra.append(403)
    if names & {auth.AppToken.__name__, auth.AppVisitor.__name__}:
        extra.append(403)
    for status in extra:
        responses.setdefault(
            status,
            {
                "description": HTTPStatus(status).phrase,
                "content": {"application/json": {"schema": ERROR_SCHEMA}},
            },
        )
    if 429 in responses:
        responses[429]["headers"] = {"Retry-After": RETRY_AFTER}
    for visitor, caller in ((auth.WebVisitor, auth.WebSession), (auth.AppVisitor, auth.AppToken)):
        if visitor.__name__ in names:
            operation["security"] = [{}, {caller.__name__: []}]
    operation["responses"] = dict(sorted(responses.items(), key=lambda pair: int(pair[0])))


api = PlatformaAPI(
    title="Platforma",
    version="1",
    description=(
        "The JSON calls of Platforma: those of its pages (tag `web`: the session cookie, "
        "and on changes the page's CSRF token in X-XSRF-TOKEN) and those of its mobile app "
        "(tags `public` and `app`: calls under /api/app/ carry the token of "
        "/api/public/login in the X-Platforma-Token header). Refusals read "
        '{"error": {"message", "code", "fields"?}}, the message in the language of '
        "Accept-Language (Polish by default)."
    ),
    urls_namespace=API_NAMESPACE,
    openapi_url="/api/openapi.json",
    docs_url="/api/docs",
)

# The pages' calls.
for namespace, module in (
    ("accounts", accounts_api),
    ("shell", shell_api),
    ("consent", consent_api),
):
    api.mount(module.web, prefix="", auth=auth.WebVisitor(), namespace=namespace)
for namespace, module in (("shell", shell_api), ("consent", consent_api)):
    api.mount(module.web_account, prefix="", auth=auth.WebSession(), namespace=namespace)
# The mobile app's calls.
for module in (accounts_api, shell_api, consent_api):
    api.mount(module.public, prefix=PUBLIC_PREFIX, auth=auth.AppVisitor(), namespace=API_NAMESPACE)
for module in (accounts_api, vouchers_api, teams_api):
    api.mount(module.app_calls, prefix=APP_PREFIX, auth=auth.AppToken(), namespace=API_NAMESPACE)
errors.install(api)
