"""The naming chain of ARCHITECTURE.md, checked: URL name → view → page name → page file →
props type, and no address written by hand outside the URL configuration."""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import Resolver404, resolve
from django.utils.module_loading import autodiscover_modules

from app.core.tests.helpers import page_of, visit
from app.core.typegen import page_names
from app.shell.middleware import shared_props_registered
from app.shell.props import SharedProps

ROOT = Path(settings.BASE_DIR)
PAGES = ROOT / "frontend" / "pages"


def _registered_pages() -> frozenset[str]:
    autodiscover_modules("props")
    return page_names()


def _page_files() -> dict[str, Path]:
    return {
        str(path.relative_to(PAGES).with_suffix("")): path
        for path in PAGES.rglob("*.tsx")
        if not path.name.endswith(".test.tsx")
    }


def test_every_page_file_has_its_props_type_and_every_props_type_its_file():
    assert set(_page_files()) == set(_registered_pages())


@pytest.mark.parametrize("name", sorted(_page_files()))
def test_a_page_takes_the_props_the_server_registered_for_its_name(name):
    source = _page_files()[name].read_text()
    assert f'PageProps<"{name}">' in source


def _python_sources() -> list[Path]:
    return [
        path
        for path in (ROOT / "app").rglob("*.py")
        if "tests" not in path.parts and "migrations" not in path.parts
    ]


def test_every_page_name_rendered_by_a_view_is_registered():
    rendered = set()
    for path in _python_sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", None)) == "render_page"
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
            ):
                rendered.add(node.args[1].value)
    assert rendered
    assert rendered <= _registered_pages()


def _edge_sources() -> list[Path]:
    """The edge of every app: its views and its API operations."""
    return [
        path
        for path in _python_sources()
        if path.name in ("views.py", "api.py") or path.parent.name == "views"
    ]


def _names_in(node: ast.expr | None) -> set[str]:
    """The names an `except` clause catches (`except (A, b.B)` → {"A", "B"})."""
    if node is None:
        return set()
    if isinstance(node, ast.Tuple):
        return set().union(*(_names_in(item) for item in node.elts))
    if isinstance(node, ast.Attribute):
        return {node.attr}
    return {node.id} if isinstance(node, ast.Name) else set()


def test_no_view_or_operation_catches_an_application_error():
    # A refusal is answered in one place (ApplicationErrorMiddleware, app.api.errors): a
    # view that catches one decides a second way to answer it.
    offenders = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in _edge_sources()
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ExceptHandler)
        and _names_in(node.type) & {"ApplicationError", "Exception", "BaseException"}
    ]
    assert offenders == []


# Where an ApplicationError becomes an answer (ARCHITECTURE.md, "Errors").
ERROR_ANSWERERS = frozenset({"app/core/errors.py", "app/api/errors.py"})
# The only places where a refusal is, by design, a value instead of an answer, and why.
# The list only shrinks: every other `except` of one passes it on.
REFUSALS_KEPT_AS_VALUES = {
    "app/accounts/admin.py:UserChangeForm.full_clean": (
        "Django's admin shows the storage's refusal of an avatar as the field's error"
    ),
    "app/accounts/admin.py:UserAdmin.send_session_link": (
        "a bulk action of Django's admin skips the accounts refused a link and counts them"
    ),
    "app/accounts/ratelimits.py:link_refusal": (
        "an e-mailed link's page shows why the link cannot be used as its content"
        " (docs/behaviour.md#link-refusals)"
    ),
    "app/teams/services.py:invitation_open_unless_limited": (
        "on the way through login, a visitor out of guesses gets the plain login page,"
        " which reveals nothing (docs/behaviour.md#invitation-page)"
    ),
}


def _application_errors(sources: list[Path]) -> frozenset[str]:
    """ApplicationError and the names of the platform's classes derived from it."""
    classes = [
        (node.name, {name for base in node.bases for name in _names_in(base)})
        for path in sources
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef)
    ]
    found = {"ApplicationError"}
    while True:
        more = {name for name, bases in classes if bases & found} - found
        if not more:
            return frozenset(found)
        found |= more


def _passes_it_on(handler: ast.ExceptHandler) -> bool:
    """The handler ends by raising (the error itself, after giving a guess back, or its
    own layer's error made from it: a form's ValidationError, a command's CommandError)
    and never returns."""
    returns = [
        node
        for statement in handler.body
        for node in ast.walk(statement)
        if isinstance(node, ast.Return)
    ]
    return isinstance(handler.body[-1], ast.Raise) and not returns


def _handlers_by_function(tree: ast.AST) -> list[tuple[str, ast.ExceptHandler]]:
    """Each `except` clause with the qualified name of the function it is in."""
    found = []

    def visit(node: ast.AST, scope: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                visit(child, [*scope, child.name])
            else:
                if isinstance(child, ast.ExceptHandler):
                    found.append((".".join(scope), child))
                visit(child, scope)

    visit(tree, [])
    return found


def _refusals_kept(sources: list[Path]) -> dict[str, list[int]]:
    """Where an `except` of an ApplicationError (or of a class derived from it) does not
    pass it on, outside the modules that answer them: {"path:function": [lines]}."""
    refusals = _application_errors(sources)
    kept: dict[str, list[int]] = {}
    for path in sources:
        name = str(path.relative_to(ROOT))
        if name in ERROR_ANSWERERS:
            continue
        for function, handler in _handlers_by_function(ast.parse(path.read_text())):
            if _names_in(handler.type) & refusals and not _passes_it_on(handler):
                kept.setdefault(f"{name}:{function}", []).append(handler.lineno)
    return kept


def test_a_refusal_caught_anywhere_is_passed_on():
    # The rule above, for every module: a helper, a service or a form that catches a
    # refusal and answers it itself is a second way to answer it, out of the view's sight.
    # Catching one to give a guess back, then raising it again, is what services do.
    assert sorted(_refusals_kept(_python_sources())) == sorted(REFUSALS_KEPT_AS_VALUES)


# Calls that put a task on the queue: Celery's, and the platform's helpers (app.core.tasks).
ENQUEUEING = frozenset(
    {"delay", "delay_on_commit", "apply_async", "send_task", "task_enqueue_on_commit"}
)


def _tasks_enqueued(tree: ast.AST) -> list[str]:
    """Where a module calls a task or imports a tasks module: ["<line> calls a task"]."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (
            getattr(node.func, "attr", None) in ENQUEUEING
            or getattr(node.func, "id", None) in ENQUEUEING
        ):
            found.append(f"{node.lineno} calls a task")
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imported = [alias.name for alias in node.names]
            if isinstance(node, ast.ImportFrom):
                imported = [node.module or ""] + [f"{node.module}.{name}" for name in imported]
            if any(name.split(".")[-1] == "tasks" for name in imported):
                found.append(f"{node.lineno} imports tasks")
    return found


def test_tasks_are_enqueued_only_by_services():
    # A view that enqueues a task does a service's work: the task would be missed by the
    # app's API, the admin and the tests of the service.
    offenders = [
        f"{path.relative_to(ROOT)}:{where}"
        for path in _edge_sources()
        for where in _tasks_enqueued(ast.parse(path.read_text()))
    ]
    assert offenders == []


def test_the_edge_rules_see_what_they_are_about():
    # The rules above read these files; a rule that reads nothing passes for nothing.
    names = {str(path.relative_to(ROOT)) for path in _edge_sources()}
    assert {"app/shell/api.py", "app/vouchers/views/batches.py", "app/shell/views.py"} <= names
    caught = ast.parse("try:\n    pass\nexcept (errors.ApplicationError, KeyError):\n    pass")
    handler = next(node for node in ast.walk(caught) if isinstance(node, ast.ExceptHandler))
    assert _names_in(handler.type) == {"ApplicationError", "KeyError"}
    assert {"RateLimited", "MfaCodeRefused"} <= _application_errors(_python_sources())
    # A view enqueueing through the platform's helper, however it got hold of it.
    view = "from app.vouchers import services\ntask_enqueue_on_commit('x')\nservices.send_task()"
    assert _tasks_enqueued(ast.parse(view)) == ["2 calls a task", "3 calls a task"]


def test_the_rule_of_caught_refusals_sees_what_it_is_about():
    module = ast.parse(
        "class Late(RateLimited): ...\n"
        "def passes():\n"
        "    try: ...\n"
        "    except ApplicationError as refused:\n"
        "        if refused.code != 'unknown':\n"
        "            guess.refund()\n"
        "        raise\n"
        "class Form:\n"
        "    def clean(self):\n"
        "        try: ...\n"
        "        except Late:\n"
        "            if ok:\n"
        "                raise\n"
        "            return None\n"
    )
    handlers = _handlers_by_function(module)
    assert [(function, _passes_it_on(handler)) for function, handler in handlers] == [
        ("passes", True),
        ("Form.clean", False),
    ]
    assert _names_in(handlers[1][1].type) == {"Late"}


def _service_sources() -> list[Path]:
    """The rooms below the edge: every app's services and selectors (modules or packages)."""
    return [
        path
        for path in _python_sources()
        if path.stem in ("services", "selectors") or path.parent.name in ("services", "selectors")
    ]


def _functions_taking_a_request(tree: ast.AST) -> list[ast.FunctionDef]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and any(
            argument.arg == "request"
            or "HttpRequest" in ast.unparse(argument.annotation or ast.Constant(""))
            for argument in [*node.args.args, *node.args.kwonlyargs, *node.args.posonlyargs]
        )
    ]


def test_no_service_or_selector_takes_the_request():
    # HTTP stays at the edge: a service names the values it needs (a user, a code, the
    # client), so a view, an operation, a task, a command and a test call it alike.
    offenders = [
        f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
        for path in _service_sources()
        for node in _functions_taking_a_request(ast.parse(path.read_text()))
    ]
    assert offenders == []


# Parts of a library's module path that say it is not the library's public API.
PRIVATE = re.compile(r"(^|\.)(internal|_[a-z][a-z0-9_]*)(\.|$)")


def _private_imports(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if not name.startswith("app") and PRIVATE.search(name):
                found.append((node.lineno, name))
                break
    return found


# The adapters over a library's internals, each with its own test (ARCHITECTURE.md).
PRIVATE_IMPORT_ADAPTERS = {"app/accounts/mfa_allauth.py"}


def test_no_private_library_imports():
    # A library's internals may change in any release; where its public API lacks
    # something, a small adapter says why, with a test (ARCHITECTURE.md, "Libraries").
    offenders = [
        f"{path.relative_to(ROOT)}:{line} {name}"
        for path in _python_sources()
        if str(path.relative_to(ROOT)) not in PRIVATE_IMPORT_ADAPTERS
        for line, name in _private_imports(ast.parse(path.read_text()))
    ]
    assert offenders == []


def test_the_layer_rules_see_what_they_are_about():
    # The two rules above read these files and would catch these lines.
    names = {str(path.relative_to(ROOT)) for path in _service_sources()}
    assert {"app/vouchers/services.py", "app/accounts/services/account.py"} <= names
    assert "app/consent/selectors.py" in names
    service = ast.parse("def f(*, request: HttpRequest, code): ...\ndef g(req: HttpRequest): ...")
    assert [node.name for node in _functions_taking_a_request(service)] == ["f", "g"]
    assert _private_imports(ast.parse("from allauth.core.internal import ratelimit")) == [
        (1, "allauth.core.internal")
    ]
    assert _private_imports(ast.parse("from inertia.http import _is_partial")) == [
        (1, "inertia.http._is_partial")
    ]
    assert _private_imports(ast.parse("from django.db import models")) == []


def _is_platform_path(candidate: str) -> bool:
    """Whether a literal is an address of one of the platform's own pages or calls."""
    path = candidate.split("?")[0].split("#")[0]
    if not path.startswith("/") or path in ("/", "//") or path.startswith("//"):
        return False
    try:
        resolve(path)
    except Resolver404:
        return False
    return True


def _python_literals(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.JoinedStr):
            text = "".join(
                str(part.value) if isinstance(part, ast.Constant) else "1" for part in node.values
            )
            found.append((node.lineno, text))
    return found


def test_python_names_routes_instead_of_writing_their_paths():
    # URL configurations and the API's operations define the paths; settings name them
    # (LOGIN_URL is a URL name).
    sources = [p for p in _python_sources() if p.name not in ("urls.py", "api.py")]
    offenders = [
        f"{path.relative_to(ROOT)}:{line} {text!r}"
        for path in sources
        for line, text in _python_literals(path)
        if _is_platform_path(text)
    ]
    assert offenders == []


_TS_STRING = re.compile(r"""(["'`])(/(?:[^"'`\\\n]|\\.)*)\1""")


def test_typescript_names_routes_instead_of_writing_their_paths():
    generated = {ROOT / "frontend" / "routes.ts", ROOT / "frontend" / "types" / "generated.ts"}
    # Sample props stand in for what the server sends (URLs among them), as tests do.
    generated.add(ROOT / "frontend" / "ssr" / "samples.ts")
    offenders = []
    for path in sorted((ROOT / "frontend").rglob("*.ts*")):
        if path in generated or ".test." in path.name:
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            for match in _TS_STRING.finditer(line):
                text = re.sub(r"\$\{[^}]*\}", "1", match.group(2))
                if _is_platform_path(text):
                    offenders.append(f"{path.relative_to(ROOT)}:{number} {text!r}")
    assert offenders == []


@pytest.mark.django_db
def test_the_frontends_shared_props_type_has_the_keys_the_server_shares(client):
    page = page_of(visit(client, "/login"))
    # Apps above the shell register theirs (typed in frontend/types/inertia.d.ts).
    expected = set(SharedProps.__annotations__) | shared_props_registered()
    assert set(page["sharedProps"]) == expected
    typed = (ROOT / "frontend" / "types" / "inertia.d.ts").read_text()
    assert [name for name in shared_props_registered() if f"{name}: " not in typed] == []
