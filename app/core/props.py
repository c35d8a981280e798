"""Props of the pages every area shares."""

from typing import TypedDict

from app.core.typegen import ts_export


@ts_export
class ErrorPageProps(TypedDict):
    status: int
    message: str
