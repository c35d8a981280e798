from allauth.core.internal.httpkit import get_client_ip
from django.test import RequestFactory


def test_behind_a_proxy_rate_limits_count_the_visitors_address(settings):
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7")
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 0
    assert get_client_ip(request) == "10.0.0.1"
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    assert get_client_ip(request) == "203.0.113.7"
