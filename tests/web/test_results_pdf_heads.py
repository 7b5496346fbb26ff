"""The results PDF's standings on paper: each column's heading in whole words (a phone's page
keeps its short headings, the full words in their titles)."""

from __future__ import annotations

from webhelpers import soup

from eventhelpers import new_event, post, start, table_links, win_table
from sheethelpers import pdf_text

WHOLE = {"ru": ("Очки", "Бухгольц", "Разница", "Личные встречи", "Сыграно"),
         "en": ("Match points", "Buchholz", "Score difference", "Head to head", "Played")}
SHORT = {"ru": ("Бух.", "Разн.", "Личн.", "Игр"), "en": ("Pts", "Buch.", "Diff.", "H2H", "Pld")}


def test_the_results_pdf_heads_its_standings_in_whole_words(client):
    d = new_event(client, rounds="2")
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    win_table(client, t1, 0)
    win_table(client, t2, 1)
    post(client, d, "/round/1/close")
    href = soup(client.get(d)).select_one("a.public-link")["href"]
    pub = href[href.index("/ev/"):]
    for lang, title in (("ru", "Таблица"), ("en", "Standings")):
        lines = pdf_text(client.get(pub + f"/results.pdf?lang={lang}").data)[0].splitlines()
        heads = lines[lines.index(title) + 1]          # the standings' heading row, as printed
        assert heads.startswith("# "), heads
        for word in WHOLE[lang]:
            assert word in heads, (lang, word, heads)
        assert not set(SHORT[lang]) & set(heads.split()), heads
        # the phone's page keeps its short headings, the whole words in their titles
        client.get(f"/lang/{lang}")
        page = soup(client.get(pub))
        shown = {a.get_text(): a["title"] for a in page.select("table.standings thead abbr")}
        assert set(SHORT[lang]) <= set(shown), shown


def test_each_ones_matches_read_as_a_player_says_them(client):
    """A unit's match reads as a player says it, on the public page and in the results PDF:
    the round and the table, the sides (the unit's own first), the score (its own first), who
    won, and what it counted (it read «0 : 118, 1 (+118)»)."""
    import re

    d = new_event(client, rounds="2")
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    win_table(client, t1, 0)            # seats 1 and 3 go out twice: 0 against 118
    win_table(client, t2, 1)
    page = soup(client.get(d))
    sides = page.select_one(".table-row .sides").get_text(strip=True).split(" — ")
    post(client, d, "/round/1/close")
    href = page.select_one("a.public-link")["href"]
    pub = href[href.index("/ev/"):]
    said = {"en": (f"Round 1, table 1: {sides[0]} — {sides[1]}, 0 : 118 — won (match points: 1, difference: +118)",
                   f"Round 1, table 1: {sides[1]} — {sides[0]}, 118 : 0 — lost (match points: 0, difference: −118)"),
            "ru": (f"Тур 1, стол 1: {sides[0]} — {sides[1]}, 0 : 118 — победа (очки: 1, разница: +118)",
                   f"Тур 1, стол 1: {sides[1]} — {sides[0]}, 118 : 0 — поражение (очки: 0, разница: −118)")}
    for lang, (won, lost) in said.items():
        text = pdf_text(client.get(pub + f"/results.pdf?lang={lang}").data)[0]
        flat = re.sub(r"\s+", " ", text)
        assert won in flat and lost in flat, (lang, flat)
        client.get(f"/lang/{lang}")
        lines = [li.get_text(" ", strip=True) for li in soup(client.get(pub)).select("details li")]
        assert any(line.startswith(won) for line in lines), lines
        assert any(line.startswith(lost) for line in lines), lines


def test_a_matchs_outcome_is_a_word_at_two_sides_and_a_place_at_more(app):
    """Two sides: won, drawn (places shared, 1.5) or lost (also when nobody came); three or more
    players: the place, a shared one as its half."""
    from flask_babel import force_locale

    from referee.web.tournaments import _outcome_words

    want = {"en": ["won", "drawn", "lost", "lost", "place 2.5 of 4"],
            "ru": ["победа", "ничья", "поражение", "поражение", "место 2.5 из 4"]}
    cells = [{"place": "1", "of": 2}, {"place": "1.5", "of": 2}, {"place": "2", "of": 2},
             {"place": None, "of": 4}, {"place": "2.5", "of": 4}]
    for lang, words in want.items():
        with app.test_request_context(), force_locale(lang):
            assert [_outcome_words(c) for c in cells] == words
