"""A real S3 API on this machine for the tests: moto's server mode, in a process of its
own on a free port, with one bucket whose policy lets anyone read avatars (and can be
made to refuse every write, as a real bucket's policy can).

The root conftest.py starts one server per test run (`s3_server`) and points the
platform's storage at it per test (`object_storage`); anything else that needs an S3
endpoint (several nodes, say) can start a MotoServer and pass `environment()` on."""

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress

import boto3
import requests
from botocore.config import Config

BUCKET = "platforma-test"
REGION = "us-east-1"
# The platform's keys (moto's server takes any until its IAM checks are switched on).
KEYS = {"aws_access_key_id": "platforma", "aws_secret_access_key": "platforma-secret"}
# What a production bucket needs (README): anyone may read an avatar by its name; nobody
# may list the bucket, or the names could be enumerated.
PUBLIC_AVATARS = {
    "Sid": "PublicAvatars",
    "Effect": "Allow",
    "Principal": "*",
    "Action": "s3:GetObject",
    "Resource": f"arn:aws:s3:::{BUCKET}/avatars/*",
}
NO_WRITES = {
    "Sid": "NoWrites",
    "Effect": "Deny",
    "Principal": "*",
    "Action": "s3:PutObject",
    "Resource": f"arn:aws:s3:::{BUCKET}/*",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def silent_listener() -> Iterator[str]:
    """An endpoint (its URL) that accepts every connection and never answers: a storage
    that hangs."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stopped = threading.Event()

    def accept() -> None:
        listener.settimeout(0.1)
        while not stopped.is_set():
            with suppress(TimeoutError):
                held.append(listener.accept()[0])

    thread = threading.Thread(target=accept, daemon=True, name="silent-listener")
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stopped.set()
        thread.join(timeout=5)
        for connection in held:
            connection.close()
        listener.close()


class MotoServer:
    """moto's S3 on 127.0.0.1:<free port>, with BUCKET (avatars readable by anyone)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.endpoint = f"http://127.0.0.1:{self.port}"
        self._process = subprocess.Popen(
            [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._wait_until_up()
        self.keys = KEYS
        self.s3 = self.client("s3")
        self.s3.create_bucket(Bucket=BUCKET)
        self._policy(PUBLIC_AVATARS)

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + 30
        while True:
            if self._process.poll() is not None:
                raise RuntimeError("moto's server did not start")
            with suppress(requests.RequestException):
                requests.get(f"{self.endpoint}/moto-api/", timeout=1)
                return
            if time.monotonic() > deadline:
                raise RuntimeError("moto's server did not answer within 30 s")
            time.sleep(0.05)

    def client(self, service: str):
        return boto3.session.Session().client(
            service,
            endpoint_url=self.endpoint,
            region_name=REGION,
            config=Config(retries={"total_max_attempts": 1}),
            **self.keys,
        )

    def _policy(self, *statements: dict) -> None:
        policy = {"Version": "2012-10-17", "Statement": list(statements)}
        self.s3.put_bucket_policy(Bucket=BUCKET, Policy=json.dumps(policy))

    def environment(self) -> dict[str, str]:
        """The variables that point a platform process at this server's bucket."""
        return {
            "AWS_STORAGE_BUCKET_NAME": BUCKET,
            "AWS_S3_ENDPOINT_URL": self.endpoint,
            "AWS_ACCESS_KEY_ID": self.keys["aws_access_key_id"],
            "AWS_SECRET_ACCESS_KEY": self.keys["aws_secret_access_key"],
        }

    def keys_in_bucket(self) -> list[str]:
        listing = self.s3.list_objects_v2(Bucket=BUCKET)
        return sorted(item["Key"] for item in listing.get("Contents", []))

    def read(self, key: str) -> bytes:
        return self.s3.get_object(Bucket=BUCKET, Key=key)["Body"].read()

    def empty(self) -> None:
        for key in self.keys_in_bucket():
            self.s3.delete_object(Bucket=BUCKET, Key=key)

    @contextmanager
    def refusing_writes(self) -> Iterator[None]:
        """The bucket's policy denies every write meanwhile: each upload gets AccessDenied."""
        self._policy(PUBLIC_AVATARS, NO_WRITES)
        try:
            yield
        finally:
            self._policy(PUBLIC_AVATARS)

    def stop(self) -> None:
        self._process.terminate()
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()


class PlatformStorage:
    """The platform's storage set (through pytest-django's `settings`) to `server`'s
    bucket as app/settings.py sets it from the environment, and that bucket to look in."""

    def __init__(self, settings, server: MotoServer) -> None:
        self.settings = settings
        self.server = server

    def use(self, endpoint: str | None = None, *, read_timeout: float = 1) -> None:
        from app.core.object_storage import client_config

        settings = self.settings
        settings.AWS_STORAGE_BUCKET_NAME = BUCKET
        settings.AWS_S3_ENDPOINT_URL = endpoint or self.server.endpoint
        settings.AWS_ACCESS_KEY_ID = self.server.keys["aws_access_key_id"]
        settings.AWS_SECRET_ACCESS_KEY = self.server.keys["aws_secret_access_key"]
        settings.AWS_S3_REGION_NAME = REGION
        settings.AWS_QUERYSTRING_AUTH = False
        settings.AWS_S3_FILE_OVERWRITE = True
        settings.AWS_S3_OBJECT_PARAMETERS = {"CacheControl": "public, max-age=31536000, immutable"}
        settings.AWS_S3_CLIENT_CONFIG = client_config(connect_timeout=1, read_timeout=read_timeout)
        # Last: a new STORAGES makes Django build the default storage afresh.
        settings.STORAGES = {
            **settings.STORAGES,
            "default": {"BACKEND": "storages.backends.s3.S3Storage"},
        }

    def keys(self) -> list[str]:
        return self.server.keys_in_bucket()

    def read(self, key: str) -> bytes:
        return self.server.read(key)

    def refusing_writes(self):
        return self.server.refusing_writes()
