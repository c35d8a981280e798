"""What the JSON operations of every app share (each app's `api.py`): strict bodies, and
the one error body of app.core.errors as the OpenAPI document shows it.

Bodies take strings and booleans and nothing else: an unknown field, a null or a wrong
type is refused as a whole (400, app.api.errors); a missing field reads as empty, so the
form behind the call answers with its own message.
"""

from typing import Annotated

from ninja import Schema
from pydantic import ConfigDict, Field, StrictStr

# Longer than any field of the platform's forms: the form refuses with its own message,
# the schema only keeps megabytes of text away from it.
TEXT_MAX = 1000
Text = Annotated[StrictStr, Field(max_length=TEXT_MAX)]


class Body(Schema):
    model_config = ConfigDict(extra="forbid")


class MessageOut(Schema):
    message: str


class ErrorDetail(Schema):
    message: str
    # A status number for refusals without a code of their own (404 for an invitation
    # sent to another account), else a word ("invalid", "rate_limited", "used_up", …).
    code: int | str
    fields: dict[str, str] | None = None


class ErrorOut(Schema):
    error: ErrorDetail


def refusals(*statuses: int) -> dict[int, type[ErrorOut]]:
    """The error answers an operation gives itself (its input, its limits, its rules), for
    its `response=`; those of the platform around it (405, 413, 503, the CSRF check) are
    added to the document by app.api."""
    return dict.fromkeys(statuses, ErrorOut)
