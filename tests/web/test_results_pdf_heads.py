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
