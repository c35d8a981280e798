"""What app/settings.py needs to put uploads in an S3-compatible bucket (django-storages'
S3Storage): the client's timeouts and retries, and where the browser loads the files from
(for the Content-Security-Policy). Pure functions of the settings, so settings.py can call
them before Django is set up."""

from urllib.parse import urlsplit

from botocore.config import Config

# A storage that hangs costs an upload a few seconds, not minutes: each request gets
# CONNECT_TIMEOUT to connect and READ_TIMEOUT between bytes of the answer, and is tried
# twice (botocore's "standard" retries, with a backoff under a second). A failed upload
# whose answer never came is deleted again, at the same price (app/core/storage.py): at
# worst about 2 x (2 x 4 + 1) = 18 s, under the web server's 30 s.
CONNECT_TIMEOUT = 2
READ_TIMEOUT = 4
MAX_ATTEMPTS = 2


def client_config(
    *,
    addressing_style: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
    read_timeout: float = READ_TIMEOUT,
    max_attempts: int = MAX_ATTEMPTS,
) -> Config:
    """botocore's client configuration for the uploads' bucket (AWS_S3_CLIENT_CONFIG)."""
    return Config(
        connect_timeout=connect_timeout,
        read_timeout=read_timeout,
        retries={"mode": "standard", "total_max_attempts": max_attempts},
        signature_version="s3v4",
        s3={"addressing_style": addressing_style} if addressing_style else None,
        # botocore adds CRC checksums to every upload by default since 1.36; several
        # S3-compatible stores refuse them. Only where an operation requires one.
        request_checksum_calculation="when_required",
        response_checksum_validation="when_required",
    )


def public_origins(
    *,
    bucket: str,
    endpoint_url: str | None,
    custom_domain: str | None,
    addressing_style: str | None,
    region: str | None,
) -> list[str]:
    """The origins the browser loads uploads from (the CSP's img-src): the custom domain
    (a CDN) when there is one, else the endpoint in its path or virtual-host style."""
    if custom_domain:
        return [f"https://{custom_domain}"]
    if endpoint_url:
        # botocore's "auto" style puts the bucket in the path of an endpoint of one's own.
        parts = urlsplit(endpoint_url)
        host = f"{bucket}.{parts.netloc}" if addressing_style == "virtual" else parts.netloc
        return [f"{parts.scheme}://{host}"]
    origins = [f"https://{bucket}.s3.amazonaws.com"]
    if region:
        origins.append(f"https://{bucket}.s3.{region}.amazonaws.com")
    return origins
