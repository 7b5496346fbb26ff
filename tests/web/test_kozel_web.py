"""«Козёл» in the app (test client): presets fill the setup form, options that cannot go
together are refused in words, the scoreboard counts by pairs."""

from __future__ import annotations

import re
from pathlib import Path

from webhelpers import TRAD_OPTIONS, csrf_of, new_match, soup

PLAYERS = ("Анфиса", "Всеволод", "Мария", "Пётр")
YARD = {**TRAD_OPTIONS, "opt_teams": "pairs", "opt_scoring": "kozel", "opt_limit": "101",
        "opt_kozel_min": "13", "opt_eggs": "yes", "opt_lone_blank": "25", "opt_opener": "kozel"}


def checked(page, key):
    return page.select_one(f'input[name="opt_{key}"][checked]')["value"]


def test_a_preset_fills_the_options_and_leaves_them_changeable(client):
    page = soup(client.get("/new/traditional?preset=sea"))
    assert checked(page, "teams") == "pairs" and checked(page, "scoring") == "kozel"
    assert checked(page, "eggs") == "yes" and checked(page, "opener") == "kozel"
    assert page.select_one('input[name="opt_kozel_min"]')["value"] == "25"
    assert page.select_one('input[name="opt_limit"]')["value"] == "125"
    # every other value is still there to choose
    assert page.select_one('input[name="opt_teams"][value="none"]') is not None
    assert page.select_one("a.preset.on").get_text(" ", strip=True).startswith("Морской козёл")
    plain = soup(client.get("/new/traditional?preset=nonsense"))
    assert checked(plain, "teams") == "none" and plain.select_one(".preset-note") is None
    assert soup(client.get("/new/blitz")).select_one(".presets") is None


def test_pairs_with_three_players_are_refused_in_words(client):
    page = client.get("/new/traditional")
    data = {"csrf_token": csrf_of(page), "player_1": "А", "player_2": "Б", "player_3": "В", **YARD}
    resp = client.post("/new/traditional", data=data)
    assert resp.status_code == 400
    assert "вчетвером" in soup(resp).select_one(".problem").get_text()


def test_kozel_min_with_credit_scoring_is_refused_in_words(client):
    client.get("/lang/en")
    page = client.get("/new/traditional")
    data = {"csrf_token": csrf_of(page), **dict(zip(("player_1", "player_2"), PLAYERS)),
            **TRAD_OPTIONS, "opt_kozel_min": "13"}
    resp = client.post("/new/traditional", data=data)
    assert resp.status_code == 400
    assert "applies only with kozel scoring" in soup(resp).select_one(".problem").get_text()


def test_the_scoreboard_counts_by_pairs(client):
    edit = new_match(client, players=PLAYERS, options=YARD)
    page = client.get(edit + "/result")
    form = {"csrf_token": csrf_of(page), "n": soup(page).select_one('input[name="n"]')["value"],
            "out": "Анфиса", "left_1": "20", "left_3": "4"}
    assert client.post(edit + "/result", data=form).status_code == 302
    board = soup(client.get(edit + "/score")).select_one(".scoreboard")
    heads = [th.get_text(strip=True) for th in board.select("thead th")]
    assert heads == ["#", "Анфиса и Мария", "Всеволод и Пётр"]
    assert [td.get_text(strip=True) for td in board.select("tfoot td")] == ["0", "24"]
    # the chips over the table: a pair's total once, not once for each partner
    chips = [(li.select_one(".name").get_text(strip=True), li.select_one(".total").get_text(strip=True))
             for li in board.select(".totals-strip li")]
    assert chips == [("Анфиса и Мария", "0"), ("Всеволод и Пётр", "24")]


def test_the_rules_page_holds_each_new_rule_with_its_anchor_words_and_options(client):
    ids = ["traditional.pairs", "traditional.pairs_block", "traditional.pairs_scoring",
           "traditional.kozel_min", "traditional.eggs", "traditional.goat", "traditional.presets",
           "option.teams", "option.kozel_min", "option.eggs", "record.teams_players", "record.kozel_only"]
    words = {"ru": ["Пара на пару", "висит", "Яйца", "Козёл, как во дворе", "Морской козёл", "всухую"],
             "en": ["Pair against pair", "hangs", "Eggs", "Kozel, as in the yard", "Sea kozel", "dry"]}
    for lang in ("ru", "en"):
        client.get(f"/lang/{lang}")
        page = soup(client.get("/rules/traditional"))
        for rid in ids:
            assert page.find(id=rid) is not None, rid
        text = page.get_text(" ")
        for w in words[lang]:
            assert w in text, (lang, w)
        # each new rule names the house option that changes it
        rule = page.find(id="traditional.kozel_min").get_text(" ")
        assert ("Не писать меньше" if lang == "ru" else "Nothing written under") in rule


def _result(client, edit, **fields):
    page = client.get(edit + "/result")
    form = {"csrf_token": csrf_of(page), "n": soup(page).select_one('input[name="n"]')["value"], **fields}
    resp = client.post(edit + "/result", data=form)
    assert resp.status_code == 302, soup(resp).select_one(".problem")


def test_the_hand_summary_is_per_pair(client):
    """Between hands the table says what each pair scored, what hangs for it and the eggs,
    one row a pair (each partner's tiles inside), not a row a player."""
    edit = new_match(client, players=PLAYERS, options=YARD)
    _result(client, edit, out="Анфиса", left_1="5", left_3="4")  # 9 < 13: it hangs
    box = soup(client.get(edit)).select_one(".hand-summary")
    rows = box.select("table.summary.pairs tbody tr")
    assert [r.th.get_text(strip=True) for r in rows] == ["Анфиса и Мария", "Всеволод и Пётр"]
    assert "winner" in rows[0]["class"]
    assert [m.select_one(".member-name").get_text(strip=True) for m in rows[1].select(".member")] == \
        ["Всеволод:", "Пётр:"]
    assert "5 очков" in rows[1].get_text(" ") and "4 очка" in rows[1].get_text(" ")
    assert rows[1].select_one(".hang").get_text(strip=True) == "висит 9"
    assert box.select_one("table.summary:not(.pairs)") is None
    # an equal block: the eggs, written for nobody, said under the pairs
    _result(client, edit, out="*block*", left_0="10", left_1="6", left_2="0", left_3="4")
    box = soup(client.get(edit)).select_one(".hand-summary")
    assert "Яйца" in box.select_one(".eggs-now").get_text()
    # nothing written on an equal block; the 9 of the first hand still hangs
    assert [td.get_text(" ", strip=True) for td in box.select("table.summary.pairs td.pts")] == \
        ["яйца", "яйца висит 9"]


def test_the_result_form_asks_what_the_variant_declares(client):
    """The result page asks the variant (in_pairs, maker_wins_block), not the options' values:
    pairs say a partner's tiles may be left empty; a fish won by its maker asks who made it."""
    pairs = soup(client.get(new_match(client, players=PLAYERS, options=YARD) + "/result"))
    assert "Пара на пару" in pairs.get_text() and pairs.select_one('select[name="maker"]') is None
    maker = soup(client.get(new_match(client, options={**TRAD_OPTIONS, "opt_fish_winner": "maker"}) + "/result"))
    assert maker.select_one('select[name="maker"]') is not None and "Пара на пару" not in maker.get_text()
    plain = soup(client.get(new_match(client) + "/result"))
    assert plain.select_one('select[name="maker"]') is None and "Пара на пару" not in plain.get_text()


def test_the_sheets_and_the_step_through_are_titled_kozel(client):
    """A «Козёл» match's sheets page, a hand's sheet, the step-through and the tile check are
    titled «Козёл» as its other pages are; so is the printed sheet's heading (its HTML)."""
    from referee import pdf
    from sheethelpers import kozel_record
    from webhelpers import imported

    record = kozel_record()
    edit = imported(client, record)
    for lang, title in (("ru", "Козёл"), ("en", "Kozel")):
        client.get(f"/lang/{lang}")
        for path in ("/sheets", "/hands/1", "/hands/1/step/1", "/check"):
            page = soup(client.get(edit + path))
            assert f"· {title} ·" in page.title.get_text(), (lang, path, page.title.get_text())
        html = pdf.hand_record_html(record, None, 1, lang)
        assert f"— {title}</title>" in html, lang
    # a traditional match for itself keeps the variant's title
    plain = {**record, "options": {}, "players": record["players"][:2],
             "hands": [{"result": {"out": "Анфиса", "left": {"Всеволод": 5}}}]}
    client.get("/lang/ru")
    assert "· Традиционное ·" in soup(client.get(imported(client, plain) + "/sheets")).title.get_text()


def test_the_house_rules_are_folded_under_the_names_and_a_refusal_opens_them(client):
    page = soup(client.get("/new/traditional?preset=yard"))
    rules = page.select_one("form.setup details.house-rules")
    assert rules is not None and not rules.has_attr("open")
    # every option is inside the fold, the names and the start buttons above it
    assert len(rules.select("[name^=opt_]")) == len(page.select("form.setup [name^=opt_]")) > 0
    assert not rules.select("[name^=player_]")
    first_start = page.select_one("form.setup button.primary")
    assert rules not in first_start.parents
    # the summary says the ready set filled them
    assert "Козёл, как во дворе" in rules.select_one("summary .preset-note").get_text()
    plain = soup(client.get("/new/traditional")).select_one("details.house-rules summary")
    assert plain.select_one(".preset-note") is None and plain.get_text(strip=True)
    # a refusal opens them: the option to change is in view
    resp = client.post("/new/traditional", data={"csrf_token": csrf_of(client.get("/new/traditional")),
                                                 "player_1": "А", "player_2": "Б", "player_3": "В", **YARD})
    assert soup(resp).select_one("details.house-rules").has_attr("open")


def test_the_start_is_one_bar_fixed_at_the_bottom_and_the_button_enter_presses(client):
    for url in ("/new/traditional?preset=yard", "/new/traditional", "/new/blind_blitz"):
        form = soup(client.get(url)).select_one("form.setup")
        # one start and one start with the deal, in the bar the phone keeps at the bottom of the
        # screen (the names typed, the thumb is there whatever the height of the page)
        assert len(form.select("button.primary")) == 1 and len(form.select("button.with-deal")) == 1, url
        bar = form.select_one("div.bar")
        assert bar.select_one("button.primary") and bar.select_one("button.with-deal"), url
        # first of the form's buttons: Enter in a name starts the match as before
        assert form.select("button")[0].get_text(strip=True) in ("Начать матч", "Start the match"), url
    css = (Path(__file__).parents[2] / "static" / "app.css").read_text()
    assert ".bar { position: fixed;" in css
    assert re.search(r"\.setup:has\(> \.bar\) \{ padding-bottom: \d+px; \}", css)
