"""The hand just over stays on screen until the next one starts: how it ended, its final
table, what each player kept and scored (the table page and the read-only view, ru and en)."""

from __future__ import annotations

from sheethelpers import SEED_DEAL, imported_seed, in_lang
from webhelpers import SEED_MOVES, form_data, soup, view_of


def laid_by(moves: list[str]) -> set[str]:
    return {":".join(sorted(m.split(">")[0].split(":"))) for m in moves}


def test_the_finished_hand_stays_on_the_table_page_until_the_next_starts(client):
    edit = imported_seed(client)
    in_lang(client, "ru")
    page = soup(client.get(edit))
    box = page.select_one("section.hand-summary")
    assert box is not None
    assert box.select_one("h2").get_text() == "Кон 1 окончен"
    assert "Анфиса" in box.select_one(".end-note").get_text()
    assert len(box.select(".layout svg.tile")) == len(SEED_MOVES)
    assert box.select_one(".layout svg.tile.last")["aria-label"] in ("1:3", "3:1")
    rows = {r.select_one("th").get_text(): r for r in box.select("tbody tr")}
    assert set(rows) == {"Анфиса", "Всеволод"}
    assert rows["Анфиса"].select_one("td.pts").get_text() == "2"
    assert "winner" in rows["Анфиса"]["class"]
    kept = [t["aria-label"] for t in rows["Всеволод"].select(".kept-tiles svg.tile")]
    laid = laid_by(SEED_MOVES)
    expected = sorted(":".join(sorted(t.split(":"))) for t in SEED_DEAL["Всеволод"] if ":".join(sorted(t.split(":"))) not in laid)
    assert sorted(":".join(sorted(k.split(":"))) for k in kept) == expected
    assert rows["Всеволод"].select_one(".kept-pips").get_text() == "2 очка"
    # the same on the read-only view, in English
    in_lang(client, "en")
    view = soup(client.get(view_of(client, edit)))
    assert view.select_one("section.hand-summary h2").get_text() == "Hand 1 is over"
    assert view.select_one("section.hand-summary .kept-pips").get_text() == "2 pips"
    # the next hand starts: the summary goes
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    assert client.post(edit + "/hand", data=data).status_code in (200, 302)
    assert soup(client.get(edit)).select_one("section.hand-summary") is None
