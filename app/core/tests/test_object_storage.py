"""How app/settings.py configures the storage of users' files from the environment, and
the pieces of app/core/object_storage.py checked against django-storages itself."""

import json

import pytest
from storages.backends.s3 import S3Storage

from app.core.object_storage import public_origins
from app.core.tests.helpers import run_manage

SHOW = """
import json
from django.conf import settings
from django.core.files.storage import storages
config = getattr(settings, "AWS_S3_CLIENT_CONFIG", None)
print(json.dumps({
    "storage": type(storages["default"]).__name__,
    "url": storages["default"].url("avatars/ab.jpg"),
    "querystring_auth": getattr(settings, "AWS_QUERYSTRING_AUTH", None),
    "timeouts": config and [config.connect_timeout, config.read_timeout, config.retries],
    "img_src": settings.SECURE_CSP["img-src"],
}))
"""


def settings_with(env: dict[str, str]) -> dict:
    result = run_manage("shell", "-c", SHOW, env={"AWS_STORAGE_BUCKET_NAME": "", **env})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_without_a_bucket_files_stay_on_the_local_disk():
    shown = settings_with({})
    assert shown["storage"] == "AtomicFileSystemStorage"
    assert shown["url"] == "/media/avatars/ab.jpg"
    assert shown["timeouts"] is None


def test_a_bucket_from_the_environment_takes_the_files():
    shown = settings_with(
        {
            "AWS_STORAGE_BUCKET_NAME": "platforma-media",
            "AWS_S3_ENDPOINT_URL": "https://s3.example.com",
            "AWS_ACCESS_KEY_ID": "key",
            "AWS_SECRET_ACCESS_KEY": "secret",
        }
    )
    assert shown["storage"] == "S3Storage"
    # Public by their unguessable names: no signature in the address.
    assert shown["url"] == "https://s3.example.com/platforma-media/avatars/ab.jpg"
    assert shown["querystring_auth"] is False
    assert "https://s3.example.com" in shown["img_src"]
    # A storage that hangs costs seconds: 2 s to connect, 4 s to answer, two tries.
    assert shown["timeouts"] == [2, 4, {"mode": "standard", "total_max_attempts": 2}]


def test_a_custom_domain_serves_the_files():
    shown = settings_with(
        {
            "AWS_STORAGE_BUCKET_NAME": "platforma-media",
            "AWS_S3_CUSTOM_DOMAIN": "media.platforma.example",
        }
    )
    assert shown["url"] == "https://media.platforma.example/avatars/ab.jpg"
    assert "https://media.platforma.example" in shown["img_src"]


@pytest.mark.parametrize(
    "options",
    [
        {"endpoint_url": "http://127.0.0.1:9000"},
        {"endpoint_url": "https://s3.example.com"},
        {"endpoint_url": "https://s3.example.com", "addressing_style": "path"},
        {"endpoint_url": "https://s3.example.com", "addressing_style": "virtual"},
        {"region_name": "eu-central-1"},
        {},
        {"custom_domain": "media.platforma.example"},
    ],
    ids=["ip", "host", "path", "virtual", "aws-region", "aws", "cdn"],
)
def test_the_csp_admits_the_origin_django_storages_serves_from(options):
    storage = S3Storage(
        bucket_name="platforma-media",
        querystring_auth=False,
        access_key="key",
        secret_key="secret",
        **options,
    )
    url = storage.url("avatars/ab.jpg")
    origins = public_origins(
        bucket="platforma-media",
        endpoint_url=options.get("endpoint_url"),
        custom_domain=options.get("custom_domain"),
        addressing_style=options.get("addressing_style"),
        region=options.get("region_name"),
    )
    assert any(url.startswith(f"{origin}/") for origin in origins), (url, origins)
