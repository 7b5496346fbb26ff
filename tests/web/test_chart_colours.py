"""A player's line on the running totals' chart is the same colour on the phone's score page and
on the printed scoresheet (the sheet's dashes keep the lines apart in black and white)."""

from __future__ import annotations

import re

from referee import pdf

from sheethelpers import imported_seed
from webhelpers import soup


def test_each_players_line_keeps_its_colour_from_the_screen_to_the_sheet(client, monkeypatch):
    edit = imported_seed(client)
    screen = [p["stroke"] for p in soup(client.get(edit + "/score")).select(".chart svg polyline")]
    assert len(screen) == 2 and screen[0] != screen[1]
    printed: list[str] = []
    monkeypatch.setattr(pdf, "_to_pdf", lambda html: printed.append(html) or b"%PDF-1.7\n")
    assert client.get(edit + "/sheet.pdf?lang=ru").status_code == 200
    lines = re.findall(r'<polyline points="[^"]*" fill="none" stroke="([^"]+)"', printed[0])
    assert lines == screen
