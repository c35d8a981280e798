"""Starts and watches the processes of Platforma in production (`./scripts/serve`).

    python scripts/serve.py check   # is every production setting there? (exit 78 if not)
    python scripts/serve.py run     # start the processes and watch them

`run` starts the processes named by SERVE_PROCESSES (default: all of PROCESSES, in that
order) and stops them gracefully (SIGTERM) when it gets SIGTERM or SIGINT (Ctrl-C). When
one of them ends on its own it stops the others and exits with an error: the machine's
own supervisor (systemd, Docker, a Kubernetes pod) restarts the whole set, so a crash
loop shows up there rather than being hidden by restarts in here. Nothing here keeps
state: run as many sets as needed, on as many machines, against the same PostgreSQL and
Redis (Celery beat on one machine only).

Only the standard library is used: `check` runs before any package is installed.
"""

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# sysexits.h EX_CONFIG: the configuration is wrong, starting again will not help.
EXIT_CONFIG = 78


@dataclass(frozen=True)
class Process:
    name: str
    command: Callable[[], list[str]]


def web() -> list[str]:
    return [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py")]


def worker() -> list[str]:
    # --quiet: no banner, the log lines say what runs.
    command = [sys.executable, "-m", "celery", "-A", "app", "--quiet", "worker"]
    if os.environ.get("WORKER_CONCURRENCY"):
        command.append(f"--concurrency={os.environ['WORKER_CONCURRENCY']}")
    return command


def beat() -> list[str]:
    var = Path(os.environ.get("PLATFORMA_VAR_DIR", ROOT / "var"))
    var.mkdir(parents=True, exist_ok=True)
    schedule = var / "celerybeat-schedule"
    return [sys.executable, "-m", "celery", "-A", "app", "--quiet", "beat", "-s", str(schedule)]


def ssr() -> list[str]:
    # The server-side renderer, restarted by its own supervisor when it dies; Django asks
    # it at INERTIA_SSR_URL (by default this port) and renders in the browser without it.
    port = os.environ.get("SSR_PORT", "13714")
    return [sys.executable, "-m", "app.core.ssr_process", "--port", port]


# The processes of one machine, in start order (the renderer before the pages it renders).
PROCESSES: list[Process] = [
    Process("ssr", ssr),
    Process("web", web),
    Process("worker", worker),
    Process("beat", beat),
]


def missing_settings(env: dict[str, str]) -> list[str]:
    """What keeps production from starting, one sentence each."""
    problems = []
    if len(env.get("SECRET_KEY", "")) < 50:
        problems.append("SECRET_KEY is not set (at least 50 random characters).")
    if not env.get("ALLOWED_HOSTS", "").strip(" ,"):
        problems.append("ALLOWED_HOSTS is not set (the site's host names, comma-separated).")
    if not env.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        problems.append("DATABASE_URL is not set to PostgreSQL (postgres://user@host/db).")
    if not env.get("REDIS_URL", "").startswith(("redis://", "rediss://")):
        problems.append("REDIS_URL is not set to Redis (redis://host:6379/0).")
    if not env.get("EMAIL_HOST"):
        problems.append("EMAIL_HOST is not set (the SMTP server e-mails go out through).")
    return problems


def check() -> int:
    problems = missing_settings(dict(os.environ))
    if not problems:
        return 0
    print("Platforma cannot start in production:", file=sys.stderr)
    for problem in problems:
        print(f"  - {problem}", file=sys.stderr)
    print("Set them in the environment (see the README, 'Serving for real').", file=sys.stderr)
    return EXIT_CONFIG


def selected(names: str) -> list[Process]:
    wanted = [name.strip() for name in names.split(",") if name.strip()]
    known = {process.name: process for process in PROCESSES}
    unknown = [name for name in wanted if name not in known]
    if unknown:
        raise SystemExit(f"SERVE_PROCESSES names unknown processes: {', '.join(unknown)}")
    return [known[name] for name in wanted]


def run() -> int:
    if check():
        return EXIT_CONFIG
    default = [p.name for p in PROCESSES]
    if os.environ.get("INERTIA_SSR_ENABLED", "1").strip().lower() in {"0", "false", "no", "off"}:
        default.remove("ssr")
    processes = selected(os.environ.get("SERVE_PROCESSES", ",".join(default)))
    grace = float(os.environ.get("SERVE_STOP_TIMEOUT", "35"))
    running: dict[str, subprocess.Popen] = {}
    stopping: list[int] = []

    def forward(signum: int, frame: object) -> None:
        stopping.append(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    for process in processes:
        # In a session of their own: Ctrl-C reaches only this supervisor, which then
        # stops each process once, gracefully (gunicorn and Celery stop at once on a
        # second signal).
        running[process.name] = subprocess.Popen(
            process.command(), cwd=ROOT, start_new_session=True
        )
        log(f"started {process.name} (pid {running[process.name].pid})")

    status = 0
    while not stopping:
        ended = [(name, child) for name, child in running.items() if child.poll() is not None]
        if ended:
            name, child = ended[0]
            log(f"{name} ended with status {child.returncode}: stopping the others")
            status = 1
            break
        time.sleep(0.5)

    for child in running.values():
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + grace
    for name, child in running.items():
        try:
            child.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            log(f"{name} did not stop in {grace:.0f}s: killed")
            child.kill()
            child.wait()
    log("stopped")
    return status


def log(message: str) -> None:
    print(f"serve: {message}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    action = sys.argv[1] if len(sys.argv) > 1 else "run"
    if action == "check":
        sys.exit(check())
    if action == "run":
        sys.exit(run())
    sys.exit(f"usage: {sys.argv[0]} [check|run]")
