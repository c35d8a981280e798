"""The Inertia SSR process next to Django: started, restarted when it dies, stopped with it.

Run as `python -m app.core.ssr_process [--port N] [--parent PID]` (scripts/lib.sh start_ssr,
used by ./scripts/run and ./scripts/serve), or from Python (`SsrProcess`, the tests). It needs
no Django settings: it only runs `node build/ssr/ssr.js` on a port.
"""

import argparse
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent.parent
BUNDLE = BASE_DIR / "build" / "ssr" / "ssr.js"
DEFAULT_PORT = 13714
# A process that keeps dying is restarted less and less often, up to this pause.
MAX_BACKOFF_SECONDS = 30.0


class SsrProcess:
    """One `node build/ssr/ssr.js` on 127.0.0.1:`port`, restarted whenever it exits."""

    def __init__(self, port: int = DEFAULT_PORT, *, bundle: Path = BUNDLE) -> None:
        self.port = port
        self.bundle = bundle
        self.url = f"http://127.0.0.1:{port}"
        self._child: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()
        self._supervisor: threading.Thread | None = None

    def _spawn(self) -> subprocess.Popen[bytes]:
        env = {**os.environ, "SSR_PORT": str(self.port), "NODE_ENV": "production"}
        return subprocess.Popen(["node", str(self.bundle)], env=env, cwd=BASE_DIR)  # noqa: S603, S607

    def healthy(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/health", timeout=1) as answer:  # noqa: S310
                return answer.status == 200
        except OSError:
            return False

    def wait_healthy(self, timeout: float = 60.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.healthy():
                return True
            time.sleep(0.05)
        return False

    def start(self) -> None:
        if not self.bundle.exists():
            raise FileNotFoundError(f"{self.bundle} is missing: build it with vite build --ssr")
        self._stopping.clear()
        self._child = self._spawn()
        self._supervisor = threading.Thread(target=self._supervise, daemon=True)
        self._supervisor.start()

    def _supervise(self) -> None:
        backoff = 0.5
        while not self._stopping.is_set():
            child = self._child
            assert child is not None
            started = time.monotonic()
            code = child.wait()
            if self._stopping.is_set():
                return
            # A process that ran a while before dying starts again at once.
            ran_long = time.monotonic() - started > 60
            backoff = 0.5 if ran_long else min(backoff * 2, MAX_BACKOFF_SECONDS)
            print(f"SSR process exited ({code}); restarting in {backoff:.1f} s", file=sys.stderr)
            if self._stopping.wait(backoff):
                return
            self._child = self._spawn()

    def kill_child(self) -> None:
        """Kill the Node process only (as a crash would); the supervisor starts a new one."""
        if self._child is not None:
            self._child.kill()
            self._child.wait()

    def stop(self) -> None:
        self._stopping.set()
        child = self._child
        if child is not None and child.poll() is None:
            child.terminate()
            try:
                child.wait(timeout=5)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        if self._supervisor is not None:
            self._supervisor.join(timeout=5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=int(os.environ.get("SSR_PORT", DEFAULT_PORT)))
    parser.add_argument("--parent", type=int, help="stop when this process has exited")
    args = parser.parse_args()
    process = SsrProcess(args.port)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    process.start()
    try:
        while not stop.wait(1.0):
            if args.parent and not _alive(args.parent):
                break
    finally:
        process.stop()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


if __name__ == "__main__":
    main()
