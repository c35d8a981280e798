"""./scripts/serve: refuses an incomplete production set-up, supervises its processes."""

import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request

import pytest
from django.conf import settings

SERVE = str(settings.BASE_DIR / "scripts" / "serve")
COMPLETE = {
    "SECRET_KEY": "Q7f-this-is-only-a-test-key-kPz2Wm9vRt4Ln8Bc3Hd6Jg1Ys5Xa0Ue",
    "ALLOWED_HOSTS": "platforma.example",
    "DATABASE_URL": "postgres://platforma@db.platforma.example/platforma",
    "REDIS_URL": "redis://redis.platforma.example:6379/0",
    "EMAIL_HOST": "smtp.platforma.example",
}
MESSAGES = {
    "SECRET_KEY": "SECRET_KEY is not set (at least 50 random characters).",
    "ALLOWED_HOSTS": "ALLOWED_HOSTS is not set (the site's host names, comma-separated).",
    "DATABASE_URL": "DATABASE_URL is not set to PostgreSQL (postgres://user@host/db).",
    "REDIS_URL": "REDIS_URL is not set to Redis (redis://host:6379/0).",
    "EMAIL_HOST": "EMAIL_HOST is not set (the SMTP server e-mails go out through).",
}


def _clean_env(**env: str) -> dict[str, str]:
    kept = {
        k: v
        for k, v in os.environ.items()
        if k not in COMPLETE and not k.startswith(("DJANGO_", "SERVE_", "PLATFORMA_"))
    }
    return {**kept, **env}


@pytest.mark.parametrize("missing", sorted(COMPLETE))
def test_serve_refuses_to_start_without_a_production_setting(missing):
    env = _clean_env(**{k: v for k, v in COMPLETE.items() if k != missing})
    result = subprocess.run(
        [SERVE], env=env, capture_output=True, text=True, timeout=60, cwd=settings.BASE_DIR
    )

    assert result.returncode == 78
    assert "Platforma cannot start in production:" in result.stderr
    assert f"  - {MESSAGES[missing]}" in result.stderr
    # Only the missing one is named, and nothing was built or started.
    assert result.stderr.count("  - ") == 1
    assert "Building" not in result.stdout


def test_serve_refuses_a_short_secret_key_and_sqlite():
    env = _clean_env(**{**COMPLETE, "SECRET_KEY": "short", "DATABASE_URL": "sqlite:///x.db"})
    result = subprocess.run([SERVE], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 78
    assert MESSAGES["SECRET_KEY"] in result.stderr
    assert MESSAGES["DATABASE_URL"] in result.stderr


def _supervisor(processes: str) -> subprocess.Popen:
    """scripts/serve.py's supervisor watching stand-in processes."""
    code = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, "scripts")
        import serve
        py = sys.executable
        serve.PROCESSES[:] = [{processes}]
        sys.exit(serve.run())
        """
    )
    return subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        env=_clean_env(**COMPLETE, SERVE_STOP_TIMEOUT="5"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


# Writes "stopped <name>" when it gets SIGTERM, as gunicorn and Celery stop gracefully.
# Each line is one write: the processes share the supervisor's stdout.
GRACEFUL = (
    "lambda: [py, '-c', 'import os,signal,sys,time; "
    'signal.signal(signal.SIGTERM, lambda *a: (os.write(1, b"stopped {name}\\\\n"), '
    'sys.exit(0))); os.write(1, b"ready {name}\\\\n"); time.sleep(60)\''
    "]"
)


def test_when_one_process_dies_the_others_are_stopped():
    supervisor = _supervisor(
        f"serve.Process('web', {GRACEFUL.format(name='web')}),"
        "serve.Process('worker', lambda: [py, '-c', 'import time; time.sleep(1); exit(3)'])"
    )
    out, err = supervisor.communicate(timeout=30)

    assert supervisor.returncode == 1
    assert "serve: worker ended with status 3: stopping the others" in err
    assert "stopped web" in out


def test_sigterm_stops_every_process_gracefully():
    supervisor = _supervisor(
        f"serve.Process('web', {GRACEFUL.format(name='web')}),"
        f"serve.Process('beat', {GRACEFUL.format(name='beat')})"
    )
    # Signalled once both listen for SIGTERM (a loaded machine starts Python slowly).
    assert supervisor.stdout is not None
    ready = {supervisor.stdout.readline().strip() for _ in range(2)}
    assert ready == {"ready beat", "ready web"}
    supervisor.send_signal(signal.SIGTERM)
    out, err = supervisor.communicate(timeout=30)

    assert supervisor.returncode == 0
    assert sorted(line for line in out.split("\n") if line) == ["stopped beat", "stopped web"]
    assert "serve: stopped" in err


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# ./scripts/serve builds the frontend in place: beside the parallel tests, one reading
# static/dist at that moment would find a file gone.
@pytest.mark.alone
def test_serve_runs_the_production_set_up(services, django_db_setup, tmp_path):
    # The test run's own database (already migrated), not the one DATABASE_URL names.
    db = settings.DATABASES["default"]
    port = f":{db['PORT']}" if db["PORT"] else ""
    database_url = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}{port}/{db['NAME']}"
    port = _free_port()
    env = _clean_env(
        SECRET_KEY=COMPLETE["SECRET_KEY"],
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=database_url,
        REDIS_URL=settings.REDIS_URL,
        # Nothing is e-mailed here; nothing listens there.
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT="9",
        BIND=f"127.0.0.1:{port}",
        WEB_CONCURRENCY="1",
        WORKER_CONCURRENCY="1",
        SECURE_SSL_REDIRECT="false",
        PLATFORMA_VAR_DIR=str(tmp_path),
    )
    serve = subprocess.Popen(
        [SERVE],
        env=env,
        cwd=settings.BASE_DIR,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 240
        while True:
            try:
                with urllib.request.urlopen(f"{base}/health/ready", timeout=5) as response:
                    assert response.status == 200
                    break
            except OSError:
                assert serve.poll() is None, serve.stdout.read() if serve.stdout else ""
                assert time.monotonic() < deadline
                time.sleep(1)
        with urllib.request.urlopen(f"{base}/login", timeout=10) as response:
            page = response.read().decode()
            assert response.headers["X-Request-ID"]
        # Static files come from collectstatic's manifest (hashed names), DEBUG is off.
        assert "/static/dist/assets/" in page
        with urllib.request.urlopen(f"{base}/static/favicon.svg", timeout=10) as response:
            assert response.status == 200
        assert (tmp_path / "staticfiles" / "staticfiles.json").exists()
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{base}/nie-ma-takiej-strony", timeout=10)
        assert "Traceback" not in missing.value.read().decode()
    finally:
        serve.send_signal(signal.SIGTERM)
        output, _ = serve.communicate(timeout=60)
    assert serve.returncode == 0, output
    assert "serve: started web" in output and "serve: started worker" in output
    assert "serve: started beat" in output and "serve: stopped" in output
