"""Pages and JSON answers go out gzip-compressed to clients that accept it."""

import gzip
import json

import pytest

pytestmark = pytest.mark.django_db


def test_a_page_is_compressed_for_a_client_that_accepts_it(client):
    plain = client.get("/login")
    compressed = client.get("/login", headers={"Accept-Encoding": "gzip, br"})

    assert "Content-Encoding" not in plain.headers
    assert compressed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in compressed.headers["Vary"]
    assert gzip.decompress(compressed.content).startswith(b"<!doctype html>")
    assert len(compressed.content) < len(plain.content) / 2


def test_an_inertia_visit_is_compressed_too(client):
    response = client.get("/login", headers={"X-Inertia": "true", "Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(response.content))["component"] == "Accounts/Login"
