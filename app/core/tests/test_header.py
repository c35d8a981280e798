import pytest
from django.test import RequestFactory
from django.urls import resolve

from app.core.header import header_type_for
from app.core.tests.helpers import page_of, visit


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/course/12", "admin"),
        ("/exam/3/edit", "admin"),
        ("/product/7", "admin"),
        ("/card/1", "admin"),
        ("/interview-questions/9", "admin"),
        ("/course/new", "default"),
        ("/courses/12", "default"),
        ("/platforma/course/12", "default"),
        ("/login", "default"),
    ],
)
def test_admin_header_variant_for_editing_paths(path, expected):
    request = RequestFactory().get(path)
    try:
        request.resolver_match = resolve(path)
    except Exception:
        request.resolver_match = None
    assert header_type_for(request) == expected


@pytest.mark.django_db
def test_pages_receive_the_header_type(client):
    assert page_of(visit(client, "/login"))["props"]["shell"]["header_type"] == "default"
