"""Schemathesis against /api/openapi.json, inside the test command: every operation, with
data the document allows and data it forbids, answers without a 5xx, with a status the
document lists, and with a body its schema accepts.

Bounded: a few examples per operation (FUZZ_EXAMPLES), so the run stays under a minute.

The logins are fuzzed once more as an account with a second factor would call them: the
password right, `code` whatever the document allows (or forbids), so the second step's
answers (401, 400, 429) are checked against the document too.
"""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from app.accounts.tests.factories import DEFAULT_PASSWORD, make_user
from app.accounts.tests.mfa_helpers import recovery_codes_enrol, totp_enrol
from app.api.tests.helpers import TOKEN_HEADER, token_of

FUZZ_EXAMPLES = 12

CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.status_code_conformance,
    schemathesis.checks.content_type_conformance,
    schemathesis.checks.response_schema_conformance,
    # Data the document forbids (wrong types, nulls, unknown fields) must be refused.
    schemathesis.checks.negative_data_rejection,
]


# The document as the running application serves it (no database needed to read it).
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", get_wsgi_application())


@pytest.fixture(autouse=True)
def _connection_kept():
    """The calls go through the WSGI handler, whose request signals close a database
    connection inside a transaction (the test's own): the test client unhooks them too."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


# The logins that ask an enrolled account for its code, and the fields of their
# credentials.
FACTOR_LOGINS = {"login": ("login", "loginPassword"), "admin_login": ("username", "password")}
FACTOR_EMAIL = "fuzz-admin@example.com"
logins = schema.include(operation_id=list(FACTOR_LOGINS))


@pytest.fixture
def account_token(db) -> str:
    return token_of(make_user(email="fuzz@example.com", roles=["AUTHOR"]))


@schema.parametrize()
@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)
def test_every_operation_answers_as_documented(case, account_token):
    # A live token each time: a call may have ended the last one (logout, deletion).
    headers = {TOKEN_HEADER: account_token} if case.path.startswith("/api/app/") else {}
    # Schemathesis reads a WSGI answer's bytes as they are, without undoing a compression
    # it asked for (answers are compressed for clients that accept it: test_compression.py).
    headers["Accept-Encoding"] = "identity"
    # A WSGI server always names the client; the per-IP limits need it.
    case.call_and_validate(
        headers=headers, checks=CHECKS, environ_base={"REMOTE_ADDR": "203.0.113.7"}
    )


@pytest.fixture
def enrolled_admin(db) -> None:
    admin = make_user(email=FACTOR_EMAIL, roles=["ADMIN"])
    totp_enrol(admin)
    recovery_codes_enrol(admin)


@logins.parametrize()
@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)
def test_the_logins_of_an_enrolled_account_answer_as_documented(case, enrolled_admin):
    if isinstance(case.body, dict):
        login_field, password_field = FACTOR_LOGINS[case.operation.definition.raw["operationId"]]
        # The right password (where the generated body has the field): the code decides.
        for field, value in ((login_field, FACTOR_EMAIL), (password_field, DEFAULT_PASSWORD)):
            if isinstance(case.body.get(field, ""), str):
                case.body[field] = value
    case.call_and_validate(
        headers={"Accept-Encoding": "identity"},
        # Credentials put right may make a body the document forbids acceptable: what is
        # refused is checked by the test of every operation above.
        checks=[
            check for check in CHECKS if check is not schemathesis.checks.negative_data_rejection
        ],
        environ_base={"REMOTE_ADDR": "203.0.113.8"},
    )
