"""Two web nodes and a task node behind HAProxy, once for the whole scaleout suite
(`pytest -m scaleout`): each node is the production set-up `./scripts/serve` starts
(`scripts/serve.py run`, app/core/tests/resilience/server.py) on a port of its own, with
its own renderer and collected static files, against this run's PostgreSQL, Redis and an
S3 bucket (moto's server); HAProxy runs deploy/haproxy.cfg in front of the web nodes.
Every process started here is stopped at the end, whatever happened."""

from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from django.conf import settings

from app.core.tests.resilience.smtp import FakeSMTP
from app.core.tests.scaleout.balancer import HAProxy, visitor
from app.core.tests.scaleout.cluster import NODES, Cluster


@pytest.fixture(scope="session")
def cluster(tmp_path_factory, django_db_setup, s3_server) -> Iterator[Cluster]:
    # Skipped without PostgreSQL and Redis, as the `services` fixture skips (with
    # REQUIRE_SERVICES=1 the run refused to start without them).
    if "postgresql" not in settings.DATABASES["default"]["ENGINE"] or not settings.REDIS_URL:
        pytest.skip("needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)")
    work_dir = tmp_path_factory.mktemp("scaleout")
    s3 = s3_server
    with ExitStack() as stack:
        smtp = FakeSMTP()
        stack.callback(smtp.stop)
        cluster = Cluster(work_dir, smtp, s3)
        # Whatever was started is stopped, in reverse order, also when a start fails.
        stack.callback(lambda: [node.stop() for node in cluster.nodes.values()])
        worker = cluster.start_worker()
        stack.callback(worker.stop)
        for name in NODES:
            cluster.start_node(name)
        cluster.balancer = HAProxy(
            work_dir, node_a=cluster.nodes["node-a"].port, node_b=cluster.nodes["node-b"].port
        )
        stack.callback(cluster.balancer.stop)
        yield cluster


@pytest.fixture
def nodes(cluster, services) -> Cluster:
    """The cluster with both nodes up and in the balancer's rotation, the bucket empty."""
    for node in cluster.nodes.values():
        assert node.process.poll() is None, node.output()
    cluster.haproxy.wait_for({name: "UP" for name in NODES})
    cluster.s3.empty()
    return cluster


@pytest.fixture
def through_balancer(nodes):
    """A visitor's browser through the balancer, from an address of its own."""
    browser = visitor(nodes.haproxy.url)
    yield browser
    browser.close()
