"""A TCP proxy the tests control, in the way of Toxiproxy: it stands between the platform
and a service (PostgreSQL, Redis) and can cut every open connection, refuse new ones, hold
every byte (a service that accepts and never answers), pass requests on and hold their
answers (a service that does the work and never says so), answer late, and let everything
through again, without touching the service itself."""

import socket
import threading
import time
from contextlib import suppress


class FaultProxy:
    """Forwards 127.0.0.1:<port> to `upstream` while up; `cut()` closes every connection
    and closes new ones as soon as they are accepted, `hang()` holds every byte (in both
    directions, on open connections and new ones), `mute()` holds only what the service
    sends back, `delay(s)` forwards each chunk s seconds late; `restore()` ends any of them."""

    def __init__(self, upstream_host: str, upstream_port: int) -> None:
        self.upstream = (upstream_host, upstream_port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.2)
        self.port = self._listener.getsockname()[1]
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._up = True
        self._delay = 0.0
        # Cleared while hanging: the pumps wait on it before forwarding anything.
        self._flowing = threading.Event()
        self._flowing.set()
        # Cleared while muted: the pumps of answers wait on it.
        self._answering = threading.Event()
        self._answering.set()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True, name="fault-proxy")
        self._thread.start()

    @property
    def address(self) -> tuple[str, int]:
        return ("127.0.0.1", self.port)

    def cut(self) -> None:
        """Close every open connection (each side sees it drop) and every new one."""
        with self._lock:
            self._up = False
            sockets, self._open = self._open, set()
        for sock in sockets:
            _close(sock)

    def restore(self) -> None:
        with self._lock:
            self._up = True
            self._delay = 0.0
        self._flowing.set()
        self._answering.set()

    def mute(self) -> None:
        """Pass every request on and hold every answer: the service does the work, the
        client never hears of it."""
        self._answering.clear()

    def hang(self) -> None:
        """Accept and keep every connection, and pass nothing on: a service that hangs."""
        self._flowing.clear()

    def delay(self, seconds: float) -> None:
        """Forward everything, each chunk `seconds` late: a service that answers late."""
        with self._lock:
            self._delay = seconds

    def flap(self, *, every: float, for_seconds: float) -> threading.Thread:
        """Cut and restore in turns every `every` seconds for `for_seconds`, in the
        background; join the returned thread to wait for the end (it ends restored)."""

        def run() -> None:
            deadline = time.monotonic() + for_seconds
            down = False
            while time.monotonic() < deadline:
                if down:
                    self.restore()
                else:
                    self.cut()
                down = not down
                time.sleep(every)
            self.restore()

        thread = threading.Thread(target=run, daemon=True, name="fault-proxy-flap")
        thread.start()
        return thread

    def stop(self) -> None:
        self._stopped.set()
        self._flowing.set()
        self._answering.set()
        self.cut()
        self._thread.join(timeout=5)
        self._listener.close()

    def _accept(self) -> None:
        while not self._stopped.is_set():
            try:
                client, _address = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with self._lock:
                up = self._up
            if not up:
                _close(client)
                continue
            try:
                server = socket.create_connection(self.upstream, timeout=5)
            except OSError:
                _close(client)
                continue
            server.settimeout(None)
            client.settimeout(None)
            with self._lock:
                self._open.update((client, server))
            for source, target, answers in ((client, server, False), (server, client, True)):
                threading.Thread(
                    target=self._pump, args=(source, target, answers), daemon=True
                ).start()

    def _pump(self, source: socket.socket, target: socket.socket, answers: bool) -> None:
        try:
            while chunk := source.recv(65536):
                self._flowing.wait()
                if answers:
                    self._answering.wait()
                with self._lock:
                    delay = self._delay
                if delay:
                    time.sleep(delay)
                if self._stopped.is_set():
                    break
                target.sendall(chunk)
        except OSError:
            pass
        finally:
            with self._lock:
                self._open.discard(source)
                self._open.discard(target)
            _close(source)
            _close(target)


def _close(sock: socket.socket) -> None:
    with suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with suppress(OSError):
        sock.close()
