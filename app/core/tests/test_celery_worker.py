"""A task goes through Redis to a real Celery worker process and its answer comes back."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from app.celery import app as celery_app
from app.core.tasks import ping


@pytest.fixture
def worker(services):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "app.settings",
        "REDIS_URL": settings.REDIS_URL,
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "app",
            "worker",
            "--pool=solo",
            "--without-mingle",
            "--without-gossip",
            "--loglevel=WARNING",
        ],
        cwd=Path(settings.BASE_DIR),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    yield process
    process.terminate()
    process.wait(timeout=30)


@pytest.fixture
def not_eager():
    # Tests run tasks in-process; this one sends it to the broker like production does.
    celery_app.conf.task_always_eager = False
    yield
    celery_app.conf.task_always_eager = True


def test_task_runs_in_a_real_worker_over_redis(worker, not_eager):
    result = ping.delay()
    assert result.get(timeout=60) == os.uname().nodename
    assert celery_app.conf.broker_url.startswith("redis://")
