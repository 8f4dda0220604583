"""Formula-injection-safe CSV writing."""
from __future__ import annotations

import csv
import io
import re
from typing import Any, Iterable

_TRIGGER = re.compile(r"^[=+\-@\t\r\uFF1D]")
_LEADING = " \t\"'"


def sanitize_cell(value: Any) -> Any:
    """Return value unchanged unless it is a string a spreadsheet would treat as a formula."""
    if not isinstance(value, str):
        return value  # real numbers stay numbers, so -5 is still -5
    if _TRIGGER.match(value.lstrip(_LEADING)) or _TRIGGER.match(value):
        return "'" + value
    return value


def write_csv(rows: Iterable[Iterable[Any]], fh: io.TextIOBase) -> None:
    w = csv.writer(fh, quoting=csv.QUOTE_ALL)
    for row in rows:
        w.writerow([sanitize_cell(c) for c in row])


def to_csv_string(rows: Iterable[Iterable[Any]]) -> str:
    buf = io.StringIO()
    write_csv(rows, buf)
    return buf.getvalue()
