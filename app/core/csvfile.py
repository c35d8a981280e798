"""CSV files people open in a spreadsheet: streamed line by line, safe from formulas."""

import csv
from collections.abc import Iterable, Iterator

# A cell starting with one of these would run as a formula in a spreadsheet (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> str:
    """The cell's text, with a leading apostrophe when it would start a formula."""
    text = str(value)
    return f"'{text}" if text[:1] in FORMULA_STARTS else text


class _Echo:
    """A file that hands back what is written to it: csv.writer then returns each line."""

    def write(self, value: str) -> str:
        return value


def csv_lines(rows: Iterable[Iterable[object]]) -> Iterator[str]:
    """The rows as CSV lines to stream, after a byte-order mark (spreadsheets then read the
    file as UTF-8, Polish letters included); every cell passes through csv_cell."""
    yield "\ufeff"
    writer = csv.writer(_Echo())
    for row in rows:
        yield writer.writerow([csv_cell(cell) for cell in row])
