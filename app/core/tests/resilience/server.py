"""The platform served for real by the tests: gunicorn (and Celery workers) as subprocesses
with the production-like environment, or the whole production set-up as `./scripts/serve`
starts it, against this test run's PostgreSQL database and Redis, and clients that talk
to it the way the pages do (through a load balancer that ended TLS, in production)."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
from django.conf import settings

from app.core.static_storage import earlier_builds_record

ROOT = Path(settings.BASE_DIR)
VITE_MANIFEST = Path(settings.VITE_MANIFEST)
SSR_BUNDLE = ROOT / "build" / "ssr" / "ssr.js"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def database_url(*, host: str | None = None, port: int | None = None) -> str:
    """This test run's database (the one pytest-django created), optionally reached at
    another address (a proxy)."""
    db = settings.DATABASES["default"]
    return (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{host or db['HOST'] or '127.0.0.1'}:"
        f"{port or db['PORT'] or 5432}/{db['NAME']}"
    )


def celery_worker_command(*options: str) -> list[str]:
    """A Celery worker of the platform, with `options` (pool, concurrency, log level), and
    without the cluster chatter a test's one worker has no use for."""
    worker = ["-m", "celery", "-A", "app", "worker", "--without-mingle", "--without-gossip"]
    return [sys.executable, *worker, *options]


def redis_url_through(proxy) -> str:
    """settings.REDIS_URL (its database number kept) with a proxy's address."""
    parts = urlsplit(settings.REDIS_URL)
    return urlunsplit(parts._replace(netloc=f"127.0.0.1:{proxy.port}"))


def platform_env(*, redis_url: str | None = None, db_url: str | None = None, **extra: str) -> dict:
    """The environment of a production-like process: DEBUG off, PostgreSQL and Redis. A
    test that logs in to such a process carries a marker of conftest.py's PRODUCTION_HASHES,
    so its accounts are hashed as production hashes them."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "app.settings",
        "DATABASE_URL": db_url or database_url(),
        "REDIS_URL": redis_url or settings.REDIS_URL,
        # The test's own key: sessions the tests create are the server's sessions.
        "SECRET_KEY": settings.SECRET_KEY,
        "DJANGO_DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "LOG_LEVEL": "WARNING",
        **extra,
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return env


class Gunicorn:
    """gunicorn serving app.wsgi on a free port; `stop()` ends it and its workers."""

    def __init__(self, env: dict, *, workers: int = 2, threads: int = 8) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(Path(env.get("MAIL_DIR", "/tmp")) / f"gunicorn-{self.port}.log", "w+b")  # noqa: SIM115
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "app.wsgi",
                f"--bind=127.0.0.1:{self.port}",
                f"--workers={workers}",
                f"--threads={threads}",
                "--worker-class=gthread",
                "--timeout=60",
                "--graceful-timeout=5",
                "--backlog=2048",
            ],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self._wait_until_serving()

    def _wait_until_serving(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.output()}")
            try:
                if httpx.get(f"{self.url}/login", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.3)
        raise RuntimeError(f"gunicorn did not answer within 60 s: {self.output()}")

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]

    def rss_kib(self) -> int:
        """Resident memory of the master and its workers together."""
        return sum(rss_kib(pid) for pid in [self.process.pid, *child_pids(self.process.pid)])

    def stop(self) -> None:
        stop_process_group(self.process)
        self.log.close()


def stop_process_group(process: subprocess.Popen, timeout: float = 20) -> None:
    """End `process` and every process it started (its own session), politely first."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=timeout)
        except ProcessLookupError:
            pass
    # Workers left behind by a master that died first.
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


class Served:
    """The platform in production as `./scripts/serve` runs it: its supervisor
    (`scripts/serve.py run`, what the script ends in) starting the processes it names by
    default (the renderer, gunicorn with gunicorn.conf.py, a Celery worker, Celery beat)
    with PLATFORMA_ENV=production on free ports, against this test run's database and
    Redis, sending e-mails to `smtp_port`. `url` is the https address visitors use through
    the load balancer (see `Browser`); `stop()` signals the supervisor, which stops the rest.

    Of what the script does before that, the test run already installed the packages,
    built the frontend and compiled the translations (./scripts/test), and pytest-django
    migrated the database; the deploy checks and `collectstatic` (into this server's own
    STATIC_ROOT) are done here.

    A server's first STATIC_ROOT starts as a copy of the last one this test run collected
    (as a new machine's disk may start from an image): its own collect then finds the
    files and their compressed copies up to date instead of compressing all of them again,
    which takes a minute of this machine's two cores.
    """

    # The STATIC_ROOT of the last collect that finished in this test run.
    _static_image: Path | None = None

    def __init__(
        self,
        var_dir: Path,
        *,
        smtp_port: int,
        port: int | None = None,
        root: Path = ROOT,
        prepare: bool = True,
        **extra: str,
    ) -> None:
        """`port`: the web process's (a free one by default; a node started again behind
        a balancer takes its old one); `root`: the release it serves (this checkout by
        default, another one built elsewhere for a deploy); `prepare=False`: the deploy
        checks and collectstatic were done before, as when a machine's supervisor starts
        the processes again after a crash."""
        bundles = (root / VITE_MANIFEST.relative_to(ROOT), root / SSR_BUNDLE.relative_to(ROOT))
        missing = [path for path in bundles if not path.exists()]
        if missing:
            raise RuntimeError(f"build the frontend first (./scripts/test does): {missing}")
        self.root = root
        var_dir.mkdir(parents=True, exist_ok=True)
        static_root = var_dir / "staticfiles"
        self.port = port or free_port()
        self.url = f"https://127.0.0.1:{self.port}"
        self.health_url = f"http://127.0.0.1:{self.port}/health/ready"
        ssr_port = free_port()
        env = platform_env(
            PLATFORMA_ENV="production",
            LOG_FORMAT="json",
            BIND=f"127.0.0.1:{self.port}",
            SSR_PORT=str(ssr_port),
            INERTIA_SSR_URL=f"http://127.0.0.1:{ssr_port}",
            # Media, the collected static files and beat's schedule: this server's own.
            PLATFORMA_VAR_DIR=str(var_dir),
            STATIC_ROOT=str(static_root),
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=str(smtp_port),
            EMAIL_USE_TLS="0",
            SERVE_STOP_TIMEOUT="20",
            # The stand-in load balancer (`Browser` to an https address) is on this machine.
            **{"TRUSTED_PROXIES": "127.0.0.1", **extra},
        )
        # As scripts/serve: DEBUG is production's (off), whatever the caller's says.
        env.pop("DJANGO_DEBUG", None)
        self.serves_web = "web" in env.get("SERVE_PROCESSES", "web").split(",")
        commands = [["check", "--deploy", "--fail-level", "ERROR"]] if prepare else []
        if self.serves_web and prepare:
            commands.append(["collectstatic", "--noinput"])
            image = Served._static_image
            if image is not None and not static_root.exists():
                shutil.copytree(image, static_root)
                shutil.copy2(earlier_builds_record(image), earlier_builds_record(static_root))
        for command in commands:
            done = subprocess.run(
                [sys.executable, "manage.py", *command],
                cwd=root,
                env=env,
                capture_output=True,
                text=True,
                # Compressing every static file takes a minute of a busy two-core machine.
                timeout=300,
            )
            if done.returncode:
                raise RuntimeError(f"manage.py {command[0]} failed: {done.stderr[-4000:]}")
            if command[0] == "collectstatic":
                Served._static_image = static_root
        self.log_path = var_dir / "serve.log"
        self.log = open(self.log_path, "wb")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "scripts/serve.py", "run"],
            cwd=root,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        # Known while they run: whatever the supervisor leaves behind is ended by `stop()`.
        self._children: set[int] = set()
        try:
            self._wait_until_serving(ssr_port)
        except BaseException:
            self.stop()
            raise

    def _wait_until_serving(self, ssr_port: int) -> None:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"scripts/serve.py exited: {self.output()}")
            self._children.update(self.children())
            if not self.serves_web:
                # A machine that only runs tasks: its processes started, nothing to probe.
                if self._children:
                    return
                time.sleep(0.3)
                continue
            try:
                ready = httpx.get(self.health_url, timeout=5).status_code == 200
                ready = ready and httpx.get(f"http://127.0.0.1:{ssr_port}/health").is_success
            except httpx.HTTPError:
                ready = False
            if ready:
                self._children.update(self.children())
                return
            time.sleep(0.3)
        raise RuntimeError(f"the platform was not ready within 90 s: {self.output()}")

    def output(self) -> str:
        """The end of what the supervisor and its processes wrote."""
        return self.log_path.read_bytes().decode(errors="replace")[-4000:]

    def children(self) -> list[int]:
        return child_pids(self.process.pid)

    def rss_kib(self) -> int:
        """Resident memory of gunicorn's master and its workers together."""
        [master] = [pid for pid in self.children() if b"gunicorn" in command_line(pid)]
        return sum(rss_kib(pid) for pid in [master, *child_pids(master)])

    def kill(self) -> None:
        """The machine dies: SIGKILL to the supervisor and to every process it started, at
        once, with no chance to finish a request."""
        self._children.update(self.children())
        with suppress(ProcessLookupError):
            self.process.kill()
        for pid in self._children:
            with suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
        self.process.wait()
        self.log.close()

    def stop(self) -> int | None:
        """SIGTERM to the supervisor, as the machine's own supervisor stops it; returns its
        exit status (None when it had to be killed)."""
        status = None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            with suppress(subprocess.TimeoutExpired):
                status = self.process.wait(timeout=30)
        else:
            status = self.process.returncode
        if status is None:
            self.process.kill()
            self.process.wait()
        # Each process runs in a session of its own: anything left of one is ended here.
        for pid in self._children:
            with suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
        self.log.close()
        return status


def child_pids(pid: int) -> list[int]:
    with suppress(FileNotFoundError):
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        return [int(child) for child in children.split()]
    return []


def command_line(pid: int) -> bytes:
    with suppress(FileNotFoundError):
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    return b""


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class LoadBalancer(httpx.HTTPTransport):
    """The load balancer in front of production, as the platform sees it: it ended the
    visitor's TLS and passes the request on over plain HTTP, saying so in
    X-Forwarded-Proto (which production believes from it: TRUSTED_PROXIES, gunicorn's
    forwarded_allow_ips). The visitor's side stays https, so its secure
    cookies are kept and sent as a browser's are."""

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        forwarded = httpx.Request(
            request.method,
            request.url.copy_with(scheme="http"),
            headers=[*request.headers.raw, (b"X-Forwarded-Proto", b"https")],
            stream=request.stream,
            extensions=request.extensions,
        )
        return super().handle_request(forwarded)


class Browser:
    """One visitor: cookies, the CSRF header and Inertia's headers, like the pages send;
    to an https address, through the `LoadBalancer`."""

    def __init__(
        self,
        base_url: str,
        *,
        timeout: float = 30,
        keep_alive: bool = True,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        # Without keep-alive each request opens its own connection: a client that waits
        # longer than the server keeps an idle connection would otherwise race its close.
        limits = httpx.Limits() if keep_alive else httpx.Limits(max_keepalive_connections=0)
        # `transport`: how it reaches `base_url` (a real load balancer's, say); by default
        # the stand-in `LoadBalancer` for an https address.
        if transport is None and base_url.startswith("https:"):
            transport = LoadBalancer(limits=limits)
        self.origin = base_url.rstrip("/")
        self.http = httpx.Client(
            base_url=base_url,
            timeout=timeout,
            follow_redirects=False,
            limits=limits,
            transport=transport,
        )

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _headers(self) -> dict[str, str]:
        headers = {"X-Inertia": "true", "X-Inertia-Version": settings.INERTIA_VERSION}
        token = self.http.cookies.get(settings.CSRF_COOKIE_NAME)
        if token:
            headers["X-XSRF-TOKEN"] = token
        return headers

    def open(self, path: str) -> httpx.Response:
        """The first page: HTML, and the CSRF cookie."""
        return self.http.get(path)

    def visit(self, path: str) -> httpx.Response:
        return self.http.get(path, headers=self._headers())

    def post(self, path: str, data: dict[str, Any]) -> httpx.Response:
        # Browsers name the page's origin on every POST of a script (the CSRF check
        # compares it with the site's address).
        return self.http.post(path, json=data, headers={**self._headers(), "Origin": self.origin})

    def log_in(self, email: str, password: str) -> httpx.Response:
        if not self.http.cookies.get(settings.CSRF_COOKIE_NAME):
            self.open("/login")
        return self.post("/login", {"login": email, "login_password": password})
