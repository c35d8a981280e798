"""A task goes through Redis to a real Celery worker process and its answer comes back."""

import os
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

from app.celery import app as celery_app
from app.core.tasks import ping
from app.core.tests.resilience.server import celery_worker_command


@pytest.fixture
def worker(services):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "app.settings",
        "REDIS_URL": settings.REDIS_URL,
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    process = subprocess.Popen(
        celery_worker_command("--pool=solo", "--loglevel=WARNING"),
        cwd=Path(settings.BASE_DIR),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    yield process
    process.terminate()
    process.wait(timeout=30)


def test_task_runs_in_a_real_worker_over_redis(worker, not_eager):
    result = ping.delay()
    assert result.get(timeout=60) == os.uname().nodename
    assert celery_app.conf.broker_url.startswith("redis://")
