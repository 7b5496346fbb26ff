"""The sausage's cut says who receives which piece: each choice of the cut names the player
before the cutter and the piece he receives (and what stays on the table), on the table page and
on the check-a-tile page, in Russian and in English."""

from __future__ import annotations

import pytest

from test_web_taps import sausage_at_the_cut, tap_tile
from webhelpers import soup

SAID = {
    "ru": {"left": "Борис получает ленты до длины короткой; выступающая кость остаётся на столе",
           "right": "Борис получает выступающую кость; ленты до длины короткой остаются на столе"},
    "en": {"left": "Борис receives the lanes up to the shorter lane's length; the protruding tile stays on the table",
           "right": "Борис receives the protruding tile; the lanes up to the shorter lane's length stay on the table"},
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_cut_names_who_receives_which_piece(client, lang):
    edit = sausage_at_the_cut(client)
    client.set_cookie("lang", lang)
    # Анна cuts: Борис, before her, receives the piece
    form = soup(tap_tile(client, edit, "4:5")).select_one("form.choose")
    detail = {b["value"]: b.select_one(".words small").get_text(" ", strip=True)
              for b in form.select("button.place") if "cut" in b["value"]}
    assert detail == {f"4:5 cut give {g}": SAID[lang][g] for g in ("left", "right")}, detail
    check = soup(client.get(edit + "/check?tile=4:5")).get_text(" ", strip=True)
    assert ("кусок получает Борис" if lang == "ru" else "the piece goes to Борис") in check, check[:800]
