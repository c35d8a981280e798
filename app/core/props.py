"""Props of the pages every area shares."""

from typing import TypedDict

from app.core.typegen import page_props


@page_props("Errors/Error")
class ErrorPageProps(TypedDict):
    status: int
    message: str
