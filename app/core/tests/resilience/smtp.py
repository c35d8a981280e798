"""A mail server for the tests: it records what it accepted, and can hang on the first
message (after its data, before accepting it), as a mail server that stopped answering."""

import socket
import threading
from contextlib import suppress


class FakeSMTP:
    def __init__(self, *, hang_first: bool = False) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.2)
        self.port = self._listener.getsockname()[1]
        self.messages: list[bytes] = []
        self.hanging = threading.Event()  # the first message's data arrived; no answer yet
        self._release = threading.Event()
        self._hang_next = hang_first
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def release(self) -> None:
        """Drop the hanging session without accepting its message."""
        self._release.set()

    def stop(self) -> None:
        self._stopped.set()
        self._release.set()
        self._thread.join(timeout=5)
        self._listener.close()

    def _serve(self) -> None:
        while not self._stopped.is_set():
            try:
                conn, _address = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=self._session, args=(conn,), daemon=True).start()

    def _session(self, conn: socket.socket) -> None:
        stream = conn.makefile("rb")
        try:
            conn.sendall(b"220 test ESMTP\r\n")
            while line := stream.readline():
                command = line.strip().upper()
                if command.startswith((b"EHLO", b"HELO")):
                    conn.sendall(b"250 test\r\n")
                elif command == b"DATA":
                    conn.sendall(b"354 go on\r\n")
                    data = b""
                    while (chunk := stream.readline()) not in (b".\r\n", b""):
                        data += chunk
                    with self._lock:
                        hang, self._hang_next = self._hang_next, False
                    if hang:
                        self.hanging.set()
                        self._release.wait(120)
                        return
                    with self._lock:
                        self.messages.append(data)
                    conn.sendall(b"250 accepted\r\n")
                elif command == b"QUIT":
                    conn.sendall(b"221 bye\r\n")
                    return
                else:
                    conn.sendall(b"250 ok\r\n")
        except OSError:
            pass
        finally:
            with suppress(OSError):
                stream.close()
                conn.close()
