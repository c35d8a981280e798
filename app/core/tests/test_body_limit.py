from unittest import mock

import pytest
from django.http.multipartparser import MultiPartParser

from app.core.tests.helpers import inertia_headers


@pytest.mark.django_db
def test_a_huge_upload_is_refused_before_anything_reads_it(client, settings):
    settings.MAX_REQUEST_BODY_BYTES = 1024
    body = b"x" * 4096
    with mock.patch.object(MultiPartParser, "parse") as parse:
        response = client.post(
            "/platforma/profil/awatar",
            data=body,
            content_type="multipart/form-data; boundary=abc",
            headers=inertia_headers(),
        )
    assert response.status_code == 413
    assert response.json() == {"error": {"message": "Przesyłane dane są za duże.", "code": 413}}
    parse.assert_not_called()


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/public/login", "/zgody"])
def test_a_huge_body_to_an_api_call_is_refused_in_the_error_body_and_language(
    client, settings, path
):
    # Whatever the call accepts: it is an operation of the API.
    settings.MAX_REQUEST_BODY_BYTES = 1024
    response = client.post(
        path, data=b"x" * 4096, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en"
    )

    assert response.status_code == 413
    assert response.json() == {"error": {"message": "The data sent is too large.", "code": 413}}


@pytest.mark.django_db
def test_bodies_of_the_allowed_size_pass(client, settings):
    settings.MAX_REQUEST_BODY_BYTES = 1024
    response = client.post("/login", data=b"{}", content_type="application/json")
    assert response.status_code == 302


def test_a_body_without_a_declared_length_is_refused(rf):
    from app.core.middleware import RequestBodyLimitMiddleware

    request = rf.post("/login", data=b"x", content_type="text/plain")
    del request.META["CONTENT_LENGTH"]
    request.META["HTTP_TRANSFER_ENCODING"] = "chunked"
    response = RequestBodyLimitMiddleware(lambda r: None)(request)
    assert response.status_code == 411
