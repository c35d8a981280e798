"""Helpers of the API tests: calls as the mobile app makes them."""

import json
from typing import Any

from django.test import Client

from app.accounts.models import User
from app.accounts.services import app_token_issue

TOKEN_HEADER = "X-Platforma-Token"


def post_api(client: Client, path: str, body: Any, **headers: str) -> Any:
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(path, data=data, content_type="application/json", headers=headers)


def get_api(client: Client, path: str, *, token: str | None = None, **headers: str) -> Any:
    if token is not None:
        headers[TOKEN_HEADER] = token
    return client.get(path, headers=headers)


def token_of(user: User) -> str:
    _app_token, token = app_token_issue(user=user, device="Platforma-App/1.0 (test)")
    return token


def error_of(response: Any) -> dict[str, Any]:
    """The error object of a refusal, checking the shape every refusal has."""
    body = response.json()
    assert set(body) == {"error"}, body
    error = body["error"]
    assert set(error) <= {"message", "code", "fields"}, error
    assert isinstance(error["message"], str) and error["message"]
    assert isinstance(error["code"], (int, str))
    return error
