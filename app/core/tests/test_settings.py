from app.core.tests.helpers import run_manage

PRODUCTION_ENV = {
    "PLATFORMA_ENV": "production",
    "SECRET_KEY": "Q7f-this-is-only-a-test-key-kPz2Wm9vRt4Ln8Bc3Hd6Jg1Ys5Xa0Ue",
    "ALLOWED_HOSTS": "platforma.example",
    "EMAIL_HOST": "smtp.platforma.example",
    "DATABASE_URL": "",
    # Only named: `check` connects to nothing.
    "REDIS_URL": "redis://redis.platforma.example:6379/0",
}


def test_production_settings_pass_the_deploy_check_without_warnings():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout + result.stderr


def test_production_without_redis_fails_the_deploy_check():
    result = run_manage("check", "--deploy", env={**PRODUCTION_ENV, "REDIS_URL": ""})
    output = result.stdout + result.stderr

    assert result.returncode != 0
    assert "platforma.E001" in output and "REDIS_URL is not set" in output
    assert "platforma.E002" in output and "LocMemCache" in output


def test_the_shared_cache_check_refuses_a_per_process_cache_in_production(settings):
    from app.core.checks import shared_cache_check

    settings.IS_PRODUCTION = True
    settings.REDIS_URL = "redis://redis.platforma.example:6379/0"
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    assert [error.id for error in shared_cache_check()] == ["platforma.E002"]
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": settings.REDIS_URL,
        }
    }
    assert shared_cache_check() == []
    settings.IS_PRODUCTION = False
    settings.REDIS_URL = ""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    assert shared_cache_check() == []


def test_production_refuses_to_start_without_a_secret_key():
    result = run_manage("check", env={**PRODUCTION_ENV, "SECRET_KEY": ""})
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_seed_demo_refuses_under_production_settings():
    result = run_manage("seed_demo", env=PRODUCTION_ENV)
    assert result.returncode != 0
    assert "refuses to run with production settings" in result.stderr


def test_production_hardening_flags():
    result = run_manage(
        "shell",
        "-c",
        "from django.conf import settings as s; print(s.SECURE_HSTS_SECONDS,"
        " s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, s.DEBUG,"
        " s.SECURE_PROXY_SSL_HEADER)",
        env=PRODUCTION_ENV,
    )
    # No SECURE_PROXY_SSL_HEADER: Django would believe X-Forwarded-Proto from anyone;
    # gunicorn believes it from TRUSTED_PROXIES only (gunicorn.conf.py).
    assert result.stdout.splitlines()[-1].split() == [
        "31536000",
        "True",
        "True",
        "True",
        "False",
        "None",
    ]


def test_every_page_carries_a_content_security_policy(client):
    response = client.get("/login")
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
