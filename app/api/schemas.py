"""The bodies and answers of the mobile app's calls (docs/behaviour.md#api-calls).

Bodies take strings and booleans and nothing else: an unknown field, a null or a wrong
type is refused as a whole (400, app.api.errors); a missing field reads as empty, so the
form behind the call answers with its own message (docs/behaviour.md#validation).
"""

from typing import Annotated, Literal

from ninja import Schema
from pydantic import ConfigDict, Field, StrictBool, StrictStr

# Longer than any field of the platform's forms: the form refuses with its own message,
# the schema only keeps megabytes of text away from it.
TEXT_MAX = 1000
Text = Annotated[StrictStr, Field(max_length=TEXT_MAX)]


class Body(Schema):
    model_config = ConfigDict(extra="forbid")


class LoginIn(Body):
    login: Text = ""
    loginPassword: Text = ""


class RegisterIn(Body):
    username: Text = ""
    firstName: Text = ""
    lastName: Text = ""
    password: Text = ""
    acceptTerms: StrictBool = True
    newsletter: StrictBool = False


class AdminLoginIn(Body):
    username: Text = ""
    password: Text = ""


class ReminderIn(Body):
    email: Text = ""


class TokenOut(Schema):
    value: str


class AvailabilityOut(Schema):
    available: bool


class UserOut(Schema):
    customer_id: str
    first_name: str
    last_name: str
    supervision: bool
    is_profile_public: bool
    is_student: bool
    roles: list[str]


class UserDataOut(Schema):
    user: UserOut
    # An absolute URL, or the string "null" when there is no avatar (docs/behaviour.md#api-calls).
    avatar: str


class AdminLoginOut(Schema):
    customer: UserOut
    token: str


class MessageOut(Schema):
    message: str


class VoucherOut(Schema):
    type: Literal["course", "exam", "path"]
    object_id: int


class AlertOut(Schema):
    text_desktop: str
    text_mobile: str
    button_label: str
    button_url: str
    is_close_button: bool
    background_color: str
    text_color: str


class PrivacyPolicyOut(Schema):
    body: str


class ErrorDetail(Schema):
    message: str
    code: int | str
    fields: dict[str, str] | None = None


class ErrorOut(Schema):
    error: ErrorDetail
