"""Second factors in tests: an account enrolled with allauth's own factors, and the code
an authenticator app would show, computed here from the secret (RFC 6238) so the tests
check allauth's answer against an independent one."""

import base64
import hashlib
import hmac
import secrets
import struct
import time

from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
from allauth.mfa.totp.internal.auth import TOTP

from app.accounts.models import User


def totp_enrol(user: User) -> str:
    """Give `user` an authenticator app; returns its secret (base32)."""
    secret = base64.b32encode(secrets.token_bytes(20)).decode()
    TOTP.activate(user, secret)
    return secret


def recovery_codes_enrol(user: User) -> list[str]:
    """Give `user` recovery codes; returns them."""
    return RecoveryCodes.activate(user).generate_codes()


def totp_code(secret: str, *, at: float | None = None, step: int = 30, digits: int = 6) -> str:
    """The code an authenticator app shows for `secret` at `at` (now by default)."""
    counter = int((time.time() if at is None else at) // step)
    digest = hmac.new(base64.b32decode(secret), struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    value = struct.unpack(">I", digest[offset : offset + 4])[0] & 0x7FFFFFFF
    return str(value % 10**digits).zfill(digits)
