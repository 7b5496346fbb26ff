"""Every CSV the app writes (the player pages' and ``referee csv``) is safe to open in a
spreadsheet: a name that a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, a tab
or a carriage return first) is written as text, with a single quote in front (OWASP's guidance
on CSV injection); numbers stay numbers."""

from __future__ import annotations

import csv
import io
import json
from urllib.parse import quote

from referee.matches.spreadsheet import FORMULA_START, cell
from webhelpers import form_data

FORMULAS = ['=HYPERLINK("//x.io")', "=1+1", "+1+1", "-1+1"]
MORE = ["@SUM(A1)", "Анфиса"]


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _safe(rows: list[list[str]], names: list[str]) -> None:
    assert len(rows) > 1
    cells = [c for r in rows for c in r]
    for c in cells:
        assert _is_number(c) or not c.startswith(FORMULA_START), repr(c)
    for name in names:  # each name is there, as text
        assert "'" + name in cells or name in cells, name
        if name.startswith(FORMULA_START):
            assert name not in cells


def _record(players: list[str]) -> dict:
    return {"format": "referee-record/1", "variant": "traditional", "players": players,
            "options": {"target": 101},
            "hands": [{"result": {"out": players[0], "left": {p: 12 for p in players[1:]}}}]}


def test_a_formula_in_a_name_is_text_in_every_csv(app, client, tmp_path):
    from referee.cli import main

    for players in (FORMULAS, MORE):
        page = client.get("/import")
        data = dict(form_data(page, "form"), text=json.dumps(_record(players), ensure_ascii=False))
        assert client.post("/import", data=data).status_code == 302
    everyone = FORMULAS + MORE
    _safe(_rows(client.get("/players/all.csv").get_data(as_text=True)), everyone)
    for name in everyone:
        resp = client.get("/players/" + quote(name, safe="") + ".csv")
        assert resp.status_code == 200, name
        _safe(_rows(resp.get_data(as_text=True)), [name])
    out = tmp_path / "all.csv"
    assert main(["csv", "--database", app.config["DATABASE"], "--output", str(out), "--lang", "en"]) == 0
    with open(out, encoding="utf-8-sig", newline="") as f:  # a carriage return in a cell stays one
        rows = _rows(f.read())
    _safe(rows, everyone)
    points = [r[5] for r in rows[1:]]
    assert "-12" not in points and all(_is_number(p) for p in points)  # numbers are not text


def test_the_cell_rule():
    """(A name with a tab or a carriage return is refused by every form and by the import; the
    rule covers them all the same.)"""
    assert cell("=1+1") == "'=1+1" and cell("@SUM(A1)") == "'@SUM(A1)" and cell("\tx") == "'\tx"
    assert cell("-1+1") == "'-1+1" and cell("+1") == "'+1" and cell("\rx") == "'\rx"
    assert cell("Анфиса") == "Анфиса" and cell(-5) == -5 and cell(3) == 3 and cell("") == ""
