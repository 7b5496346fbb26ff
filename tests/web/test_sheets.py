"""Sheets and hand records from the app: the match scoresheet and blank sheets as PDFs,
each hand's moves as a page and a PDF, for the edit link and the read-only link alike."""

from __future__ import annotations

import re

import pytest

from referee.rules import catalogue
from sheethelpers import event_count, imported_seed, in_lang, live_match, pdf_text
from webhelpers import SEED_MOVES, soup, view_of



def key_of(path: str) -> str:
    return path.rstrip("/").split("/")[-1]


# -- the match's sheets page ---------------------------------------------------------------------


@pytest.mark.parametrize("lang, heading", [("ru", "Протоколы и записи"), ("en", "Sheets and records")])
def test_sheets_page_lists_the_scoresheet_and_every_hand(client, lang, heading):
    edit = imported_seed(client)
    in_lang(client, lang)
    page = soup(client.get(edit + "/sheets"))
    assert page.select_one("h1").get_text() == heading
    assert page.select_one("nav.tabs a[aria-current=page]")["href"] == edit + "/sheets"
    sheet = page.select_one("a.get-sheet")
    assert sheet["href"] == f"{edit}/sheet.pdf?lang={lang}"
    other = page.select_one("a.get-sheet-other")
    assert other["href"].endswith("lang=" + ("en" if lang == "ru" else "ru"))
    (hand,) = page.select("ol.hand-list li.hand-item")
    links = [a["href"] for a in hand.select(".hand-links a")]
    assert [a.get_text() for a in hand.select(".hand-links a")][:2] == (
        ["Все ходы", "Пошагово"] if lang == "ru" else ["All moves", "Step by step"])
    assert links == [edit + "/hands/1", edit + "/hands/1/step/0", f"{edit}/hands/1.pdf?lang={lang}"]
    assert "13" in hand.select_one(".hand-title").get_text()
    # no hand in play: no dispute entry
    assert page.select_one(".dispute-entry") is None


def test_sheets_page_offers_the_dispute_tool_while_a_hand_is_in_play(client):
    edit = live_match(client, moves=3)
    page = soup(client.get(edit + "/sheets"))
    assert page.select_one(".dispute-entry a.button")["href"] == edit + "/check"
    (hand,) = page.select("li.hand-item")
    assert "3" in hand.select_one(".hand-title").get_text()


def test_entry_points_from_the_existing_pages(client):
    edit = live_match(client, moves=3)
    for url in (edit, edit + "/score", edit + "/share"):
        tabs = soup(client.get(url)).select("nav.tabs a")
        assert edit + "/sheets" in [a["href"] for a in tabs], url
    table = soup(client.get(edit))
    assert table.select_one(".check-entry a")["href"] == edit + "/check"
    view = view_of(client, edit)
    page = soup(client.get(view))
    hrefs = [a["href"] for a in page.select(".viewer-links a")]
    assert hrefs == [view + "/check", view + "/board", view + "/sheets"]
    home = soup(client.get("/"))
    assert home.select_one("a.blank-entry")["href"] == "/sheets/blank"


# -- the match scoresheet ------------------------------------------------------------------------


@pytest.mark.parametrize("lang, words", [("ru", ["Протокол матча", "Анфиса", "Всеволод", "вышел"]),
                                         ("en", ["Match scoresheet", "Анфиса", "Всеволод", "out"])])
def test_match_scoresheet_pdf_reads_back(client, lang, words):
    edit = imported_seed(client)
    resp = client.get(f"{edit}/sheet.pdf?lang={lang}")
    assert resp.status_code == 200
    assert resp.mimetype == "application/pdf"
    assert "attachment" in resp.headers["Content-Disposition"]
    text, pages = pdf_text(resp.data)
    assert pages == 1
    for w in words:
        assert w in text, w
    # the hand's row: number, how it ended, the winner, then each player's points and total
    row = [line for line in text.splitlines() if line.startswith("1 ")]
    assert row and re.search(r"Анфиса 2 2 0 0", row[0]), row


@pytest.mark.parametrize("lang, title", [("en", "Match scoresheet"), ("ru", "Протокол матча")])
def test_match_scoresheet_speaks_the_match_language(client, lang, title):
    """A match keeps the language it was started (or imported) in; its sheets speak it, whatever
    the language of the page that asks, unless ?lang= says otherwise."""
    in_lang(client, lang)
    edit = imported_seed(client)
    for page_lang in ("ru", "en"):
        in_lang(client, page_lang)
        text, _ = pdf_text(client.get(edit + "/sheet.pdf").data)
        assert title in text
    other, other_title = ("ru", "Протокол матча") if lang == "en" else ("en", "Match scoresheet")
    assert other_title in pdf_text(client.get(f"{edit}/sheet.pdf?lang={other}").data)[0]
    exported = client.get(edit + "/export").get_json()
    assert exported["lang"] == lang


def test_an_imported_record_keeps_its_own_language(client):
    import json

    from sheethelpers import seed_record
    from webhelpers import csrf_of

    rec = seed_record()
    rec["lang"] = "en"
    in_lang(client, "ru")
    page = client.get("/import")
    resp = client.post("/import", data={"csrf_token": csrf_of(page), "text": json.dumps(rec, ensure_ascii=False)},
                       content_type="multipart/form-data")
    edit = resp.headers["Location"].removesuffix("/score")
    assert "Match scoresheet" in pdf_text(client.get(edit + "/sheet.pdf").data)[0]


def test_scoresheet_of_a_match_in_play_leaves_out_the_unfinished_hand(client):
    edit = live_match(client, moves=4)
    resp = client.get(edit + "/sheet.pdf?lang=en")
    assert resp.status_code == 200
    text, _ = pdf_text(resp.data)
    assert "Анфиса" in text and "not decided yet" in text


@pytest.mark.parametrize("lang, message", [("ru", "по-русски (ru) или по-английски (en)"),
                                           ("en", "Russian (ru) or English (en)")])
def test_a_language_we_do_not_print_is_refused_in_words(client, lang, message):
    edit = imported_seed(client)
    in_lang(client, lang)
    for url in (edit + "/sheet.pdf?lang=de", edit + "/hands/1.pdf?lang=xx",
                "/sheets/blank/traditional/2.pdf?lang=fr"):
        resp = client.get(url)
        assert resp.status_code == 400, url
        assert message in soup(resp).select_one(".problem").get_text()


@pytest.mark.parametrize("lang, title", [("ru", "Не найдено"), ("en", "Not found")])
def test_unknown_match_is_a_404_page_in_the_users_language(client, lang, title):
    in_lang(client, lang)
    for url in ("/m/nope/sheets", "/s/nope/sheets", "/m/nope/sheet.pdf", "/s/nope/hands/1",
                "/s/nope/hands/1.pdf", "/x/nope/sheets", "/s/nope/check", "/m/nope/hands/1/step/0"):
        resp = client.get(url)
        assert resp.status_code == 404, url
        assert soup(resp).select_one("h1").get_text() == title, url


# -- blank scoresheets ---------------------------------------------------------------------------


def test_blank_page_offers_every_variant_with_its_player_counts(client):
    in_lang(client, "ru")
    page = soup(client.get("/sheets/blank"))
    assert page.select_one("h1").get_text() == "Пустые протоколы"
    items = page.select("ul.blank-list li.blank-variant")
    assert len(items) == len(catalogue.VARIANTS)
    for li in items:
        name = li["id"].removeprefix("v-")
        counts = [int(a.get_text()) for a in li.select("a.count")]
        assert counts == list(catalogue.spec(name).player_counts), name
        assert all(2 <= n <= 8 for n in counts)
        for a in li.select("a.count"):
            assert a["href"] == f"/sheets/blank/{name}/{a.get_text()}.pdf?lang=ru"
    current = page.select_one(".seg a[aria-current]")
    assert current.get_text() == "Русский"


def test_blank_page_switches_the_sheet_language(client):
    in_lang(client, "ru")
    page = soup(client.get("/sheets/blank?sheet_lang=en"))
    assert page.select_one(".seg a[aria-current]").get_text() == "English"
    assert all(a["href"].endswith("?lang=en") for a in page.select("a.count"))
    assert page.select_one("h1").get_text() == "Пустые протоколы"  # the page stays in Russian
    assert client.get("/sheets/blank?sheet_lang=de").status_code == 400


@pytest.mark.parametrize("lang, words", [("ru", ["Протокол матча (бланк)", "Традиционное", "100"]),
                                         ("en", ["Match scoresheet (blank)", "Traditional", "100 points"])])
def test_blank_sheet_pdf_reads_back(client, lang, words):
    resp = client.get(f"/sheets/blank/traditional/3.pdf?lang={lang}")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    text, pages = pdf_text(resp.data)
    assert pages == 1
    for w in words:
        assert w in text, w
    assert ("Игрок 3" if lang == "ru" else "Player 3") in text


@pytest.mark.parametrize("lang, message", [("ru", "играют от 2 до 4 игроков, а не 9"),
                                           ("en", "is played by 2 to 4 players, not 9")])
def test_blank_sheet_for_a_wrong_player_count_says_why(client, lang, message):
    in_lang(client, lang)
    resp = client.get("/sheets/blank/traditional/9.pdf")
    assert resp.status_code == 400
    assert message in soup(resp).select_one(".problem").get_text()
    resp = client.get("/sheets/blank/nosuch/2.pdf")
    assert resp.status_code == 404
    assert "nosuch" in soup(resp).select_one(".problem").get_text()


# -- hand records --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, first", [("ru", "кладёт 6:6"), ("en", "lays 6:6")])
def test_hand_record_page_lists_every_move_in_order(client, lang, first):
    edit = imported_seed(client)
    in_lang(client, lang)
    page = soup(client.get(edit + "/hands/1"))
    rows = page.select("ol.move-list li.move-row")
    assert len(rows) == len(SEED_MOVES)
    assert [r.select_one(".move-no").get_text() for r in rows] == [str(i) for i in range(1, 14)]
    assert [r.select_one(".move-token").get_text() for r in rows] == SEED_MOVES
    assert [r.select_one(".move-player").get_text() for r in rows] == ["Анфиса", "Всеволод"] * 6 + ["Анфиса"]
    assert rows[0].select_one(".move-words").get_text() == first
    assert "6:5" in rows[3].select_one(".move-words").get_text()  # 5:0>6:5: against 6:5
    assert rows[4].select_one("a.move-link")["href"] == edit + "/hands/1/step/5"
    # the result and the deal
    result = page.select_one(".hand-result")
    assert [td.get_text() for td in result.select("td")] == ["2", "0"]
    assert "Анфиса" in result.select_one("p").get_text()
    assert page.select_one(".deal-shown") is not None
    assert page.select_one("a.get-pdf")["href"] == f"{edit}/hands/1.pdf?lang={lang}"


def test_hand_record_of_a_hand_in_play(client):
    edit = live_match(client, moves=4)
    in_lang(client, "en")
    page = soup(client.get(edit + "/hands/1"))
    tokens = [r.select_one(".move-token").get_text() for r in page.select("li.move-row")]
    assert [t.split(">")[0] for t in tokens] == ["6:6", "6:0", "6:5", "5:0"]
    assert tokens[3] == "5:0>6:5"
    assert page.select_one(".hand-result") is None


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_hand_record_pdf_reads_back(client, lang):
    edit = imported_seed(client)
    resp = client.get(f"{edit}/hands/1.pdf?lang={lang}")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    text, pages = pdf_text(resp.data)
    assert pages >= 1
    assert "Анфиса" in text and "Всеволод" in text
    assert ("Запись кона" if lang == "ru" else "Hand record") in text
    for token in ("5:0>6:5", "0:4>5:0", "1:3>2:1"):
        assert token in text


@pytest.mark.parametrize("lang, message", [("ru", "В этом матче нет кона {n} (конов: 1)."),
                                           ("en", "This match has no hand {n} (it has 1).")])
def test_a_bad_hand_number_is_a_404_in_words(client, lang, message):
    edit = imported_seed(client)
    in_lang(client, lang)
    for url, n in ((edit + "/hands/2", 2), (edit + "/hands/0", 0), (edit + "/hands/2.pdf", 2),
                   (edit + "/hands/7/step/0", 7)):
        resp = client.get(url)
        assert resp.status_code == 404, url
        assert soup(resp).select_one(".problem").get_text() == message.format(n=n), url
    for url in (edit + "/hands/abc", edit + "/hands/-1"):
        assert client.get(url).status_code == 404


# -- the read-only link --------------------------------------------------------------------------


def test_a_viewer_reaches_the_sheets_and_never_the_edit_key(client, app):
    edit = imported_seed(client)
    view = view_of(client, edit)
    before = event_count(app, edit)
    for suffix in ("/sheets", "/hands/1", "/hands/1/step/4"):
        resp = client.get(view + suffix)
        assert resp.status_code == 200, suffix
        html = resp.get_data(as_text=True)
        assert key_of(edit) not in html, suffix
        page = soup(resp)
        assert page.select("form[method=post]") == []
        assert page.select_one("nav.tabs") is None
        assert page.select_one(".door-back a")["href"] == view
    assert client.get(view + "/sheet.pdf?lang=en").mimetype == "application/pdf"
    assert client.get(view + "/hands/1.pdf").mimetype == "application/pdf"
    hrefs = [a["href"] for a in soup(client.get(view + "/sheets")).select("main a[href]")]
    assert all(not h.startswith("/m/") for h in hrefs)
    assert event_count(app, edit) == before


# -- weight and origin ---------------------------------------------------------------------------

LIMIT = 100 * 1024


def weight(client, url: str) -> int:
    """The bytes of a page and of every asset it links to (all of them from this server)."""
    resp = client.get(url)
    assert resp.status_code == 200, url
    total = len(resp.data)
    page = soup(resp)
    for tag in page.select("link[href], [src]"):
        ref = tag.get("href") or tag.get("src")
        assert ref.startswith("/") and not ref.startswith("//"), f"{url} loads {ref}"
        asset = client.get(ref)
        assert asset.status_code == 200, ref
        total += len(asset.data)
        asset.close()
    for tag in page.select("[href], [action]"):
        ref = tag.get("href") or tag.get("action")
        assert not ref.startswith(("http:", "https:", "//")), (url, ref)
    return total


def test_every_new_page_is_light_and_local(client):
    import os

    done = imported_seed(client)
    live = live_match(client, moves=5)
    view = view_of(client, live)
    pages = {"sheets": done + "/sheets", "sheets-live": live + "/sheets", "blank": "/sheets/blank",
             "hand": done + "/hands/1", "step-0": done + "/hands/1/step/0",
             "step-13": done + "/hands/1/step/13", "step-5-check": done + "/hands/1/step/5?tile=0:0",
             "check": live + "/check",
             "check-fits": live + "/check?tile=0:1", "check-nofit": live + "/check?tile=3:3",
             "view-check": view + "/check?tile=0:1", "view-sheets": view + "/sheets"}
    lines = []
    for lang in ("ru", "en"):
        in_lang(client, lang)
        for name, url in pages.items():
            size = weight(client, url)
            lines.append(f"{lang} {name} {size / 1024:.1f} KB")
            assert size <= LIMIT, f"{name} ({lang}) weighs {size} bytes"
            page = soup(client.get(url))
            assert len(page.select("h1")) == 1 and page.select_one("title").get_text().strip()
    os.makedirs("/tmp/shots5", exist_ok=True)
    with open("/tmp/shots5/page-weights.txt", "w") as f:
        f.write("\n".join(lines) + "\n")


def test_hand_record_pdf_of_a_hand_in_play_prints_no_result(client):
    edit = live_match(client, moves=4)
    text, _ = pdf_text(client.get(edit + "/hands/1.pdf?lang=en").data)
    assert "5:0>6:5" in text
    assert "Result" not in text and "None" not in text


@pytest.mark.parametrize("lang, words", [("ru", "окончен, считают оставшиеся кости"),
                                         ("en", "over: the tiles left are being counted")])
def test_a_hand_waiting_for_the_tiles_left_is_labelled(client, lang, words):
    edit = live_match(client, moves=len(SEED_MOVES))  # Анфиса went out; Всеволод's tiles not entered
    in_lang(client, lang)
    page = soup(client.get(edit + "/sheets"))
    assert words in page.select_one("li.hand-item .hand-title").get_text()
    assert page.select_one(".dispute-entry") is None
    # the last step shows the final table, and the hand record has every move
    step = soup(client.get(edit + f"/hands/1/step/{len(SEED_MOVES)}"))
    assert len(step.select(".layout svg.tile")) == len(SEED_MOVES)
    assert len(soup(client.get(edit + "/hands/1")).select("li.move-row")) == len(SEED_MOVES)
