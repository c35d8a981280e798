"""The adapter over allauth's internals (app/accounts/mfa_allauth.py): each function it
calls still exists with the parameters it passes."""

import inspect

import pytest
from allauth.account.internal import stagekit
from allauth.account.internal.flows import reauthentication
from allauth.mfa import stages
from allauth.mfa.recovery_codes.internal import flows as recovery_codes_flows
from allauth.mfa.totp.internal import auth as totp_auth
from allauth.mfa.totp.internal import flows as totp_flows
from allauth.mfa.webauthn.internal import auth as webauthn_auth
from allauth.mfa.webauthn.internal import flows as webauthn_flows


@pytest.mark.parametrize(
    ("function", "parameters"),
    [
        (reauthentication.did_recently_reauthenticate, ["request"]),
        (reauthentication.reauthenticate_by_password, ["request"]),
        (stagekit.clear_login, ["request"]),
        (totp_auth.get_totp_secret, ["regenerate"]),
        (totp_flows.activate_totp, ["request", "form"]),
        (totp_flows.deactivate_totp, ["request", "authenticator"]),
        (recovery_codes_flows.generate_recovery_codes, ["request"]),
        (webauthn_auth.begin_registration, ["user", "passwordless"]),
        (webauthn_auth.begin_authentication, ["user"]),
        (webauthn_flows.add_authenticator, ["request", "name", "credential"]),
        (webauthn_flows.remove_authenticator, ["request", "authenticator"]),
        (webauthn_flows.perform_passwordless_login, ["request", "authenticator", "login"]),
        (stages.AuthenticateStage._should_handle, ["self", "request"]),
    ],
)
def test_the_internal_functions_keep_their_parameters(function, parameters):
    assert list(inspect.signature(function).parameters) == parameters


def test_the_flows_still_answer_with_the_new_factor_and_its_recovery_codes():
    # activate_totp and add_authenticator return (authenticator, recovery codes or None).
    for flow in (totp_flows.activate_totp, webauthn_flows.add_authenticator):
        assert "tuple[Authenticator, Authenticator | None]" in str(
            inspect.signature(flow).return_annotation
        )


def test_the_login_stage_still_decides_the_second_step_the_same_way():
    # second_step_due asks the stage's private decision; its handle() must still be the
    # one asking it (the platform's stage replaces handle() and keeps the decision).
    assert "_should_handle" in inspect.getsource(stages.AuthenticateStage.handle)
