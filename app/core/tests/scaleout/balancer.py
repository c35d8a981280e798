"""HAProxy from Debian's packages in front of the web nodes, with the repository's own
configuration (deploy/haproxy.cfg), its addresses given in the environment; and clients
that reach it (or a node directly) from an address of their choosing on this machine."""

import datetime
import os
import socket
import subprocess
import time
from contextlib import suppress
from pathlib import Path

import httpx
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from app.core.tests.resilience.server import ROOT, Browser, free_port

CONFIG = ROOT / "deploy" / "haproxy.cfg"
HAPROXY = "/usr/sbin/haproxy"
# The nodes trust the balancer's address only: 127.0.0.1, where HAProxy connects from.
# Everyone else in the tests comes from other loopback addresses (Linux answers all of
# 127.0.0.0/8): a visitor calling a node directly is not the balancer.
BALANCER_ADDRESS = "127.0.0.1"
OUTSIDER = "127.0.0.3"
NODE_HEADER = "X-Platforma-Node"


def self_signed_pem(path: Path) -> Path:
    """A certificate for 127.0.0.1 and its key, in one PEM file as HAProxy takes it."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=2))
        .sign(key, hashes.SHA256())
    )
    path.write_bytes(
        certificate.public_bytes(serialization.Encoding.PEM)
        + key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return path


class HAProxy:
    """`haproxy -f deploy/haproxy.cfg` in the foreground on a free port, TLS with a
    certificate of its own, in front of the nodes at `nodes` (node-a, node-b)."""

    def __init__(self, work_dir: Path, *, node_a: int, node_b: int) -> None:
        if not Path(HAPROXY).exists():
            raise RuntimeError(
                f"{HAPROXY} is missing: install Debian's haproxy (./scripts/test does)"
            )
        self.port = free_port()
        self.url = f"https://127.0.0.1:{self.port}"
        self.socket_path = work_dir / "haproxy.sock"
        env = {
            **os.environ,
            "PLATFORMA_BIND": f"127.0.0.1:{self.port}",
            "PLATFORMA_CERT": str(self_signed_pem(work_dir / "balancer.pem")),
            "PLATFORMA_NODE_A": f"127.0.0.1:{node_a}",
            "PLATFORMA_NODE_B": f"127.0.0.1:{node_b}",
            "HAPROXY_ADMIN_SOCKET": str(self.socket_path),
        }
        checked = subprocess.run(
            [HAPROXY, "-c", "-f", str(CONFIG)], env=env, capture_output=True, text=True
        )
        if checked.returncode:
            raise RuntimeError(f"haproxy refuses {CONFIG}: {checked.stderr}{checked.stdout}")
        self.log = open(work_dir / "haproxy.log", "w+b")  # noqa: SIM115
        # -db: in the foreground, stopped by the test like any process it starts.
        self.process = subprocess.Popen(
            [HAPROXY, "-db", "-f", str(CONFIG)],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            self.wait_for({"node-a": "UP", "node-b": "UP"})
        except BaseException:
            self.stop()
            raise

    def command(self, line: str) -> str:
        """One command of HAProxy's runtime API (what `socat` sends in production)."""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(5)
            sock.connect(str(self.socket_path))
            sock.sendall(line.encode() + b"\n")
            chunks = []
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def _node_stats(self) -> dict[str, dict[str, str]]:
        lines = self.command("show stat").splitlines()
        header = lines[0].lstrip("# ").split(",")
        rows = [dict(zip(header, line.split(","), strict=False)) for line in lines[1:] if line]
        return {
            row["svname"]: row
            for row in rows
            if row.get("pxname") == "platforma_nodes" and row["svname"].startswith("node-")
        }

    def states(self) -> dict[str, str]:
        """Each node's state as the balancer sees it: UP, DOWN, DRAIN, MAINT, or on its way
        ("UP 1/2": failing its probes, "DOWN 1/2": passing them)."""
        return {name: row["status"] for name, row in self._node_stats().items()}

    def take_out(self, node: str, timeout: float = 30) -> None:
        """What the README's operator does: drain the node, wait until it has no session
        left, then put it in maintenance, where it gets nothing at all."""
        self.set_state(node, "drain")
        started = time.monotonic()
        while int(self._node_stats()[node]["scur"] or 0) > 0:
            if time.monotonic() - started > timeout:
                raise RuntimeError(f"{node} kept its sessions: {self._node_stats()[node]}")
            time.sleep(0.1)
        self.set_state(node, "maint")
        self.wait_for({node: "MAINT"})

    def wait_for(self, wanted: dict[str, str], timeout: float = 60) -> float:
        """Waits until the nodes named are in those states; returns the seconds it took."""
        started = time.monotonic()
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"haproxy exited: {self.output()}")
            states: dict[str, str] = {}
            with suppress(OSError):
                states = self.states()
            # Exactly: "UP 1/2" is a node failing its probes, not one that is up.
            if all(states.get(name) == state for name, state in wanted.items()):
                return time.monotonic() - started
            if time.monotonic() - started > timeout:
                raise RuntimeError(f"nodes {states}, wanted {wanted}: {self.output()}")
            time.sleep(0.1)

    def set_state(self, node: str, state: str) -> None:
        """ready, drain or maint: what an operator does to add or take out a node."""
        answer = self.command(f"set server platforma_nodes/{node} state {state}")
        assert answer.strip() == "", answer

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]

    def stop(self) -> None:
        from app.core.tests.resilience.server import stop_process_group

        stop_process_group(self.process)
        self.log.close()


def transport(source: str = OUTSIDER, *, keep_alive: bool = True) -> httpx.HTTPTransport:
    """A client's connections from the address `source` (a visitor of its own); TLS to
    the balancer's self-signed certificate is not verified."""
    limits = httpx.Limits() if keep_alive else httpx.Limits(max_keepalive_connections=0)
    return httpx.HTTPTransport(local_address=source, verify=False, limits=limits)


def visitor(url: str, source: str = OUTSIDER, *, keep_alive: bool = True) -> Browser:
    """A `Browser` from `source` to `url`: the balancer's https address, or a node's
    http address called directly."""
    return Browser(url, keep_alive=keep_alive, transport=transport(source, keep_alive=keep_alive))


def address(n: int) -> str:
    """The n-th simulated visitor's own address (127.1.0.0/16)."""
    return f"127.1.{n // 250 % 250}.{n % 250 + 1}"
