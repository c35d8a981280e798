"""The deployment the scaleout tests run: its nodes, its balancer, and how a test reaches
one node or the other."""

import time
from pathlib import Path

import httpx
from django.conf import settings

from app.core.tests.helpers import session_key_of
from app.core.tests.object_storage import MotoServer
from app.core.tests.resilience.server import ROOT, Browser, Served
from app.core.tests.resilience.smtp import FakeSMTP
from app.core.tests.scaleout.balancer import BALANCER_ADDRESS, NODE_HEADER, HAProxy

NODES = ("node-a", "node-b")


class Cluster:
    """The nodes by name, the balancer, and what a node needs to be started (again)."""

    def __init__(self, work_dir: Path, smtp: FakeSMTP, s3: MotoServer) -> None:
        self.work_dir = work_dir
        self.smtp = smtp
        self.s3 = s3
        self.nodes: dict[str, Served] = {}
        self.balancer: HAProxy | None = None

    def environment(self) -> dict[str, str]:
        """What every node of this deployment is given (README, "How to deploy N nodes")."""
        return {
            **self.s3.environment(),
            "TRUSTED_PROXIES": BALANCER_ADDRESS,
            # The deployment's worker takes only its own tasks: the test run's other
            # workers (a task sent by a test to its own worker) share this Redis.
            "CELERY_QUEUE": "platforma-scaleout",
            "SERVE_MIGRATE": "0",
            # Two nodes share two cores: a process each is enough for the tests.
            "WEB_CONCURRENCY": "2",
            "WEB_THREADS": "8",
        }

    def start_node(
        self, name: str, *, root: Path = ROOT, port: int | None = None, prepare: bool = True
    ) -> Served:
        """A web node (renderer and gunicorn) serving the release at `root`; its static
        files are collected into the node's own STATIC_ROOT, kept between its starts (the
        first one a copy of the last collected: `Served`)."""
        node = Served(
            self.work_dir / name,
            smtp_port=self.smtp.port,
            port=port,
            root=root,
            prepare=prepare,
            SERVE_PROCESSES="ssr,web",
            **self.environment(),
        )
        self.nodes[name] = node
        return node

    def start_worker(self) -> Served:
        """The machine that only runs tasks: one Celery worker for the whole deployment."""
        return Served(
            self.work_dir / "tasks",
            smtp_port=self.smtp.port,
            port=None,
            root=ROOT,
            prepare=True,
            SERVE_PROCESSES="worker",
            **self.environment(),
        )

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.nodes[name].port}"

    def via(self, name: str) -> Browser:
        """A browser whose requests reach node `name` the way the balancer passes them
        on (from its address, saying the visitor came over HTTPS): requests made through
        that node, whatever the round robin's turn."""
        return Browser(self.nodes[name].url)

    @property
    def haproxy(self) -> HAProxy:
        assert self.balancer is not None
        return self.balancer

    def served_by(self, response: httpx.Response) -> str:
        return response.headers[NODE_HEADER]


def aim_at(browser, cluster: Cluster, name: str) -> None:
    """The balancer's next answer to `browser` comes from node `name`: round robin
    alternates, so after an answer from the other node the turn is `name`'s."""
    for _ in range(4):
        if cluster.served_by(browser.http.get("/health/live")) != name:
            return
    raise AssertionError("the balancer does not alternate between the nodes")


def with_room_in_the_limits_window(*, seconds: int = 300, room: float = 30) -> None:
    """Wait, if need be, until the rate limits' current window of `seconds` has `room`
    seconds left: the nodes count in fixed windows of the real clock (a test here cannot
    hold it), and guesses split across a window's end would start counting anew."""
    left = seconds - time.time() % seconds
    if left < room:
        time.sleep(left + 0.5)


def logged_in(browser: Browser, user) -> Browser:
    """`browser` with a session of `user` (made by the test, stored where every node
    reads sessions)."""
    browser.http.cookies.set(settings.SESSION_COOKIE_NAME, session_key_of(user), domain="127.0.0.1")
    return browser
