"""The platform served for real by the tests: gunicorn (and Celery workers) as subprocesses
with the production-like environment, against this test run's PostgreSQL database and
Redis, and clients that talk to it the way the pages do."""

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

import httpx
from django.conf import settings

ROOT = Path(settings.BASE_DIR)


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


def platform_env(*, redis_url: str | None = None, db_url: str | None = None, **extra: str) -> dict:
    """The environment of a production-like process: DEBUG off, PostgreSQL and Redis."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "app.settings",
        "DATABASE_URL": db_url or database_url(),
        "REDIS_URL": redis_url or settings.REDIS_URL,
        "SECRET_KEY": secrets.token_urlsafe(64),
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

    def worker_pids(self) -> list[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in children.read_text().split()]

    def rss_kib(self) -> int:
        """Resident memory of the master and its workers together."""
        total = 0
        for pid in [self.process.pid, *self.worker_pids()]:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        return total

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


class Browser:
    """One visitor: cookies, the CSRF header and Inertia's headers, like the pages send."""

    def __init__(self, base_url: str, *, timeout: float = 30) -> None:
        self.http = httpx.Client(base_url=base_url, timeout=timeout, follow_redirects=False)

    def close(self) -> None:
        self.http.close()

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
        return self.http.post(path, json=data, headers=self._headers())

    def log_in(self, email: str, password: str) -> httpx.Response:
        if not self.http.cookies.get(settings.CSRF_COOKIE_NAME):
            self.open("/login")
        return self.post("/login", {"login": email, "login_password": password})
