"""CSV for a spreadsheet, safe to open: every cell that a spreadsheet would read as a formula is
written as text.

A player's name such as ``=HYPERLINK("http://…","click")``, ``=1+1``, ``+1+1``, ``-1+1`` or
``@SUM(A1)`` is run as a formula by Excel, LibreOffice and Google Sheets when the CSV is
opened (CSV injection). As OWASP's guidance on CSV injection says, a text cell that begins with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return is prefixed with a single quote (the
spreadsheet shows the text as it was, the quote hidden or plain), and every text cell is
quoted, so that a separator inside it (``,`` or the ``;`` of a Russian spreadsheet) never
starts a cell of its own. Numbers are written as numbers (``-5`` points stays a number).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import IO

#: what a spreadsheet reads as the start of a formula (or strips before one)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A cell as it is written: a text that a spreadsheet would run as a formula gets ``'``
    in front; numbers, empty cells and other texts are unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def write(out: IO[str], head: Iterable[object], rows: Iterable[Iterable[object]]) -> int:
    """Write the CSV (its head, then ``rows``) to the text stream ``out``; the number of rows."""
    w = csv.writer(out, quoting=csv.QUOTE_NONNUMERIC, lineterminator="\r\n")
    w.writerow([cell(v) for v in head])
    n = 0
    for r in rows:
        w.writerow([cell("" if v is None else v) for v in r])
        n += 1
    return n
