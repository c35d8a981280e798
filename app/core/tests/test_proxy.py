"""Behind the load balancers of TRUSTED_PROXIES each visitor counts as their own address
(X-Forwarded-For); from anyone else the header is ignored, so a client calling a web node
directly can neither borrow another address's rate-limit budget nor claim HTTPS."""

import pytest
from django.test import RequestFactory

from app.core.requests import client_address

BALANCER = "10.0.0.1"


def address(remote: str, forwarded: str | None = None) -> str:
    request = RequestFactory().get("/", REMOTE_ADDR=remote)
    if forwarded is not None:
        request.META["HTTP_X_FORWARDED_FOR"] = forwarded
    return client_address(request)


def test_without_trusted_proxies_the_peer_is_the_client(settings):
    settings.TRUSTED_PROXIES = []
    assert address(BALANCER, "203.0.113.7") == BALANCER


def test_behind_a_trusted_balancer_the_visitor_counts(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/24"]
    assert address(BALANCER, "203.0.113.7") == "203.0.113.7"
    # The balancer appends the address it saw: what the visitor sent before it is theirs.
    assert address(BALANCER, "198.51.100.1, 203.0.113.7") == "203.0.113.7"
    # Two balancers in a row, both trusted.
    assert address(BALANCER, "203.0.113.7, 10.0.0.9") == "203.0.113.7"
    assert address(BALANCER) == BALANCER


@pytest.mark.parametrize("forged", ["203.0.113.7", "127.0.0.1", "10.0.0.1, 203.0.113.9"])
def test_a_client_calling_a_node_directly_cannot_claim_another_address(settings, forged):
    settings.TRUSTED_PROXIES = ["10.0.0.0/24"]
    assert address("198.51.100.23", forged) == "198.51.100.23"


def test_garbage_in_the_chain_stops_what_is_believed(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/24"]
    assert address(BALANCER, "203.0.113.7, not-an-address") == BALANCER


def test_django_never_takes_https_from_a_header():
    # gunicorn decides the scheme, believing X-Forwarded-Proto from TRUSTED_PROXIES only.
    request = RequestFactory().get("/", HTTP_X_FORWARDED_PROTO="https")
    assert not request.is_secure()
