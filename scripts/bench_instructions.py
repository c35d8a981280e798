"""Serves one page `count` times in this process, through the WSGI application as gunicorn
calls it, with the benchmark's settings (scripts/bench_settings.py): run by scripts/bench.py
under valgrind's cachegrind, which counts the instructions it executes.

`python scripts/bench_instructions.py PATH COUNT [HEADER: VALUE ...]`. Every run first serves
the page a few times (imports, the process's caches, the prepared statement), so the
difference between two runs of different counts is what the further requests cost.
"""

import io
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench_settings")

from app.wsgi import application

WARM_UP = 5


def environ(path: str, headers: list[str]) -> dict:
    found = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8765",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "127.0.0.1:8765",
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
    }
    for header in headers:
        name, _, value = header.partition(":")
        found["HTTP_" + name.strip().upper().replace("-", "_")] = value.strip()
    return found


def serve(request: dict) -> None:
    statuses: list[str] = []
    body = application(
        {**request, "wsgi.input": io.BytesIO(b"")}, lambda status, *_: statuses.append(status)
    )
    b"".join(body)
    if not statuses[0].startswith("200"):
        raise SystemExit(f"{request['PATH_INFO']} answered {statuses[0]}")


def main() -> None:
    path, count, *headers = sys.argv[1:]
    request = environ(path, headers)
    for _ in range(WARM_UP + int(count)):
        serve(request)


if __name__ == "__main__":
    main()
