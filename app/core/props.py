"""Props of the pages every area shares."""

from typing import TypedDict

from app.core.typegen import ts_export


@ts_export
class ErrorPageProps(TypedDict):
    status: int
    message: str


@ts_export
class UpcomingPageProps(TypedDict):
    title: str
    description: str
