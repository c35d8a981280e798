"""A rolling deploy: node B is taken out of the balancer, given build 2 and put back, while
node A still serves build 1; then A is taken out for its turn.

Build 2 is a real second build of the frontend (Vite, and the renderer's bundle) from a
release directory: a copy of this checkout whose profile page says one sentence more. Its
page chunk, and so the entry that maps pages to chunks, the manifest and the Inertia
version change; the other chunks keep their names. It is collected into the STATIC_ROOT
node B already had, which keeps build 1's files (STATIC_EARLIER_BUILDS_DAYS).

A browser that loaded build 1 through A keeps loading build 1's lazy chunks (the chart,
the learner menu) from either node; its next Inertia visit, once only B serves, reloads
the page once (the version changed) and it carries on with build 2."""

import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from django.conf import settings

from app.accounts.tests.factories import make_user
from app.core.tests.helpers import log_in
from app.core.tests.resilience.server import ROOT
from app.core.tests.scaleout.balancer import NODE_HEADER, visitor
from app.core.tests.scaleout.cluster import aim_at
from app.learning.tests.factories import grant, make_course

pytestmark = [pytest.mark.scaleout, pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PROFILE_SOURCE = Path("frontend/pages/Learning/Profile.tsx")
HEADING = '<PageHeading title={t("menu.profile")} />'
BUILD_2_SENTENCE = "Tu zmienisz swoje dane i awatar."
# What a release holds: the code, the templates, the static sources and the frontend's
# sources and settings (node_modules is shared, as a build machine's cache would be).
RELEASE = [
    "app",
    "templates",
    "static",
    "frontend",
    "scripts",
    "manage.py",
    "gunicorn.conf.py",
    "vite.config.js",
    "package.json",
    "tsconfig.json",
]


def build(release: Path) -> None:
    for command in (
        ["npx", "--no-install", "vite", "build", "--logLevel", "warn"],
        [
            "npx", "--no-install", "vite", "build", "--ssr", "frontend/ssr.tsx",
            "--outDir", "build/ssr", "--emptyOutDir", "--logLevel", "warn",
        ],
    ):  # fmt: skip
        done = subprocess.run(command, cwd=release, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-4000:]


@pytest.fixture(scope="module")
def release_2(tmp_path_factory) -> Path:
    """Build 2: this checkout with a changed profile page, built as a deploy builds it."""
    release = tmp_path_factory.mktemp("release-2")
    ignore = shutil.ignore_patterns("__pycache__", "dist")
    for name in RELEASE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, release / name, ignore=ignore)
        else:
            shutil.copy2(source, release / name)
    (release / "node_modules").symlink_to(ROOT / "node_modules")
    page = release / PROFILE_SOURCE
    source = page.read_text()
    assert HEADING in source
    page.write_text(
        source.replace(
            HEADING, f'<PageHeading title={{t("menu.profile")}} intro="{BUILD_2_SENTENCE}" />'
        )
    )
    build(release)
    return release


def manifest(root: Path) -> dict:
    import json

    return json.loads((root / settings.VITE_MANIFEST.relative_to(ROOT)).read_text())


def test_a_browser_of_build_1_carries_on_through_a_rolling_deploy(nodes, release_2, browser):
    build_1, build_2 = manifest(ROOT), manifest(release_2)
    profile_chunk = "frontend/pages/Learning/Profile.tsx"
    # What changed between the builds: the profile page's chunk, and so the entry that maps
    # pages to chunks (and the chunks that import from the entry).
    assert build_1[profile_chunk]["file"] != build_2[profile_chunk]["file"]
    assert build_1["frontend/main.tsx"]["file"] != build_2["frontend/main.tsx"]["file"]

    # A shop customer: the progress page, with its charts, is theirs.
    learner = make_user(email="ola@example.com", first_name="Ola", is_shop_user=True)
    grant(learner, make_course(lessons=3))
    haproxy = nodes.haproxy
    port_b = nodes.nodes["node-b"].port

    # The deploy reaches node B: out of the balancer, build 2, back in.
    haproxy.take_out("node-b")
    nodes.nodes["node-b"].stop()
    nodes.start_node("node-b", root=release_2, port=port_b)
    haproxy.set_state("node-b", "ready")
    haproxy.wait_for({"node-b": "UP"})
    try:
        _browse(nodes, learner, browser, build_1, build_2)
    finally:
        # Back to build 1 on both nodes for whatever runs next.
        haproxy.set_state("node-b", "maint")
        nodes.nodes["node-b"].stop()
        nodes.start_node("node-b", port=port_b)
        haproxy.set_state("node-b", "ready")
        haproxy.set_state("node-a", "ready")
        haproxy.wait_for({"node-a": "UP", "node-b": "UP"})


def _browse(nodes, learner, browser, build_1: dict, build_2: dict) -> None:
    haproxy = nodes.haproxy
    context = browser.new_context(
        base_url=haproxy.url, ignore_https_errors=True, locale="pl-PL", timezone_id="Europe/Warsaw"
    )
    page = context.new_page()
    log_in(page, haproxy, learner)
    assets: list[tuple[str, int, str]] = []
    documents: list[tuple[str, str]] = []

    def answered(response) -> None:
        path = response.url.split(haproxy.url, 1)[-1]
        if "/static/dist/assets/" in path:
            assets.append((path, response.status, response.headers.get(NODE_HEADER.lower(), "")))
        elif response.request.resource_type == "document":
            documents.append((path, response.headers.get(NODE_HEADER.lower(), "")))

    page.on("response", answered)
    problems: list[str] = []
    page.on("console", lambda message: problems.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: problems.append(f"error: {error}"))
    try:
        # The page of build 1, from node A (the round robin's turn); its chart is drawn by
        # the chart chunk, fetched from whichever node the balancer picks.
        with visitor(haproxy.url) as aiming:
            aim_at(aiming, nodes, "node-a")
        page.goto("/platforma/postepy")
        assert documents == [("/platforma/postepy", "node-a")]
        try:
            page.locator("canvas").first.wait_for(state="attached")
        except Exception as error:
            raise AssertionError(f"{page.url} {problems} {page.content()[:3000]}") from error
        # The learner menu, a chunk loaded when it is first opened. Its button, like the
        # canvas, is in the server's HTML: clicked before React has taken the page over (its
        # data script read), it would do nothing.
        page.wait_for_function("() => !document.querySelector('script[data-page]')")
        page.get_by_role("button", name=re.compile(r"^Menu użytkownika")).click()
        page.get_by_role("button", name="Wyloguj się").wait_for()
        page.keyboard.press("Escape")

        lazy = {
            f"/static/dist/{build_1[key]['file']}"
            for key in (
                "frontend/components/learning/charts.tsx",
                "frontend/components/charts/chartjs.ts",
                "frontend/components/shell/UserMenu.tsx",
            )
        }
        # The canvas is on the page before the chart library it draws with has arrived.
        _wait_for_answers(page, assets, lazy)
        loaded = {path for path, _, _ in assets}
        assert all(status == 200 for _, status, _ in assets), assets
        # Both nodes served build 1's files to this page, B from its earlier builds.
        assert {node for _, _, node in assets} == {"node-a", "node-b"}
        assert f"/static/dist/{build_1['frontend/main.tsx']['file']}" in loaded
        # Every file this page loaded, from either node: the same bytes, cached for good.
        for path in loaded:
            answers = []
            for name in ("node-a", "node-b"):
                with nodes.via(name) as through:
                    answers.append(through.http.get(path))
            assert [answer.status_code for answer in answers] == [200, 200], path
            assert answers[0].content == answers[1].content
            assert "immutable" in answers[1].headers["Cache-Control"]

        # Node A's turn in the deploy: drained, then out once it has no session left, so
        # only B (build 2) answers now.
        haproxy.take_out("node-a")
        # The learner menu's links (by address: the profile's also warns it is not public).
        page.locator('nav a[href="/platforma/profil"]:visible').first.click()
        page.get_by_text(BUILD_2_SENTENCE).wait_for()
        page.wait_for_url("**/platforma/profil")
        # The text above is in the server's HTML; the page is build 2's when its chunk (which
        # only build 2 has) has come, and React has taken the page over (its data script read).
        page.wait_for_function("() => !document.querySelector('script[data-page]')")
        _wait_for_answers(
            page, assets, {f"/static/dist/{build_2['frontend/pages/Learning/Profile.tsx']['file']}"}
        )
        # One reload, into build 2, from B: Inertia's answer to a visit of another version
        # loads the page it visited; the update watch, if it saw the new version first,
        # reloads the page it was on and then visits the link.
        assert len(documents) == 2, documents
        assert documents[1] in (("/platforma/profil", "node-b"), ("/platforma/postepy", "node-b"))
        # And it carries on: the next visit is an Inertia visit, no reload.
        page.locator('nav a[href="/platforma/postepy"]:visible').first.click()
        page.wait_for_url("**/platforma/postepy")
        page.locator("canvas").first.wait_for()
        assert len(documents) == 2
    finally:
        context.close()


def _wait_for_answers(page, assets: list, paths: set[str], seconds: float = 15) -> None:
    """Lets the browser go on until it has had an answer for each of `paths`: what the
    page shows can come before the chunks it loads (server-rendered text, a canvas drawn
    into later)."""
    deadline = time.monotonic() + seconds
    while not paths <= {path for path, _, _ in assets}:
        answered = sorted(path for path, _, _ in assets)
        assert time.monotonic() < deadline, f"no answer for {paths - set(answered)}: {answered}"
        page.wait_for_timeout(100)
