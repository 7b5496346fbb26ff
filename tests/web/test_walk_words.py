"""What a director and a table read along a club evening: the set-up names the ready game
chosen, a table of an event names its evening, round and table, the director's line of a
table says who won it, and negative ratings are written with the minus sign."""

from __future__ import annotations

import re

import pytest

from webhelpers import soup


@pytest.mark.parametrize("lang, yard, plain", [("ru", "Козёл, как во дворе", "Традиционное"),
                                               ("en", "Kozel, as in the yard", "Traditional")])
def test_the_event_set_up_names_the_ready_game_chosen(client, lang, yard, plain):
    client.get(f"/lang/{lang}")
    page = soup(client.get("/events/new/traditional?preset=yard"))
    heading = page.select_one("h1").get_text()
    assert yard in heading and plain not in heading
    assert yard in page.select_one("title").get_text()
    assert page.select_one("a.preset[aria-current]").get_text().strip().startswith(yard)
    assert plain in soup(client.get("/events/new/traditional")).select_one("h1").get_text()


@pytest.mark.parametrize("lang, create, filled, usual", [
    ("ru", "Создать турнир", "Заполнены по набору «Козёл, как во дворе»", "Обычные"),
    ("en", "Create the event", "Filled in from «Kozel, as in the yard»", "The usual ones")])
def test_the_event_set_up_shows_one_create_button_and_says_where_the_house_rules_come_from(
        client, lang, create, filled, usual):
    """With the house rules folded the set-up shows one «Create the event» (it showed two, one
    above and one below the folded rules); the second is inside the rules, for when they are
    open. The folded rules say they come from the ready game chosen, or are the usual ones; a
    fixed pair's example is named in the page's language."""
    client.get(f"/lang/{lang}")
    page = soup(client.get("/events/new/traditional?preset=yard"))
    rules = page.select_one("form details.house-rules")
    buttons = page.select("form button[type=submit]")
    outside = [b for b in buttons if rules not in b.parents]
    assert [b.get_text(strip=True) for b in outside] == [create]
    assert [b.get_text(strip=True) for b in rules.select("button[type=submit]")] == [create]
    assert rules.select_one("summary small").get_text(strip=True).startswith(filled)
    plain = soup(client.get("/events/new/traditional")).select_one("details.house-rules summary small")
    assert plain.get_text(strip=True).startswith(usual)
    # the example of a fixed pair in the page's language
    example = {"ru": "«Аня + Вера»", "en": "«Ann + Vera»"}[lang]
    assert example in page.select_one("label[for=entrants]").get_text()


@pytest.mark.parametrize("lang, yard, plain", [("ru", "Козёл, как во дворе", "Традиционное"),
                                               ("en", "Kozel, as in the yard", "Traditional")])
def test_the_match_set_up_names_the_ready_game_chosen(client, lang, yard, plain):
    client.get(f"/lang/{lang}")
    page = soup(client.get("/new/traditional?preset=yard"))
    assert page.select_one("h1").get_text() == yard
    assert yard in page.select_one("title").get_text()
    # the classic game's summary (who goes out takes the others' pips) is not the ready game's
    assert page.select_one("p.summary") is None
    plain_page = soup(client.get("/new/traditional"))
    assert plain_page.select_one("h1").get_text() == plain and plain_page.select_one("p.summary")


@pytest.mark.parametrize("preset, name", [("yard", "Козёл, как во дворе"), ("sea", "Морской козёл")])
def test_the_match_set_up_says_the_ready_game_chosen_once(client, preset, name):
    """The heading names the ready game chosen; its card (marked, with its words) does not show
    the name again (a screen reader still reads it there); the other card shows its own."""
    page = soup(client.get(f"/new/traditional?preset={preset}"))
    assert page.select_one("h1").get_text() == name
    cards = page.select("nav.presets a.preset")
    assert len(cards) == 2
    for card in cards:
        chosen = card.get("aria-current") == "true"
        assert card.select_one("b").get_text() == name if chosen else card.select_one("b").get_text() != name
        assert ("sr" in card.select_one("b").get("class", [])) == chosen
        assert card.select_one("small").get_text(strip=True)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_negative_ratings_are_written_with_the_minus_sign(client, lang):
    from test_club import YARD, add, club_match, make_club, pid_of, result, roster

    club = make_club(client)
    add(client, club, "А", "Б", "В", "Г")
    edit = club_match(client, club, ["А", "Б", "В", "Г"], options=YARD)
    result(client, edit, "А", {1: 30, 3: 30})
    result(client, edit, "А", {1: 30, 3: 30})
    client.get(f"/lang/{lang}")
    shown = {r[1]: r[2] for r in roster(client, club)}
    assert shown["Б"].startswith("\u2212") and "-" not in shown["Б"] and shown["А"][0].isdigit()
    page = soup(client.get(f"{club}/p/{pid_of(client, club, 'Б')}"))
    text = page.select_one("main").get_text(" ")
    assert page.select_one(".rating-chip b").get_text() == shown["Б"]
    assert "\u2212" in page.select_one(".rating-move").get_text()
    assert "-" not in "".join(t.get_text() for t in page.select(".rating-chart text, .rating-move"))
    assert "\u2212" in text


def test_a_tables_pages_name_its_event_round_and_table(client):
    from eventhelpers import new_event, start, table_links

    d = new_event(client)
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    public = soup(client.get(d)).select_one("a.public-link")["href"]
    for path in ("", "/score", "/result", "/share"):
        line = soup(client.get(t2 + path)).select_one("p.event-line")
        assert line is not None and line.get_text().strip() == "Вторник в «Дупеле», round 1, table 2"
        assert public.endswith(line.select_one("a")["href"])
    client.get("/lang/ru")
    line = soup(client.get(t1)).select_one("p.event-line").get_text().strip()
    assert line == "Вторник в «Дупеле», тур 1, стол 1"
    # a match of no event has no such line
    from webhelpers import new_match

    assert soup(client.get(new_match(client))).select_one("p.event-line") is None


def test_the_directors_line_of_a_table_says_who_won_it(client):
    from eventhelpers import hand_by_result, new_event, start, table_links, win_table

    d = new_event(client)
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    win_table(client, t1, 0)        # seats 1 and 3 go out twice: their opponents reach the limit
    hand_by_result(client, t2, 1, (10, 10))
    rows = soup(client.get(d)).select(".table-row")
    sides = rows[0].select_one(".sides").get_text().split(" — ")
    result = rows[0].select_one(".result").get_text(" ", strip=True)
    assert result.endswith(f"won by {sides[0]}") and sides[1] not in result.split("won by")[1]
    # the totals follow the sides of the line above, in their order, without their names again
    totals = result.split(" · ")[0]
    assert re.fullmatch(r"\d+ — \d+ \(the target reached\)", totals), totals
    assert "118" in totals and not any(n in totals for side in sides for n in side.split(" + "))
    assert rows[1].select_one(".result") is None or "won by" not in rows[1].select_one(".result").get_text()
    client.get("/lang/ru")
    result = soup(client.get(d)).select(".table-row")[0].select_one(".result").get_text(" ", strip=True)
    assert result.endswith(f"победа: {sides[0]}")
    # a forfeit names who did not come with no verb to agree with them («не пришли Вера»)
    from eventhelpers import post

    seat = soup(client.get(d)).select(".table-row")[1]
    absent = seat.select_one(".sides").get_text().split(" — ")[1].split(" + ")[0]
    box = next(lab.select_one("input")["name"] for lab in seat.select(".forfeit-form label.choice")
               if lab.get_text(strip=True) == absent)
    assert post(client, d, "/round/1/table/2/result", {"forfeit": "1", box: "1"}).status_code == 302
    words = {"ru": f"неявка: {absent}", "en": f"forfeit: {absent} did not come"}
    for lang, said in words.items():
        client.get(f"/lang/{lang}")
        result = soup(client.get(d)).select(".table-row")[1].select_one(".result").get_text(" ", strip=True)
        assert result.startswith(said), result


@pytest.mark.parametrize("lang, out, partner, went", [
    ("ru", "У игрока А кончились кости.", "у партнёра кончились кости", "кости кончились"),
    ("en", "А went out.", "partner went out", "went out")])
def test_the_hand_just_entered_by_its_result_says_who_went_out(client, lang, out, partner, went):
    from test_club import YARD, result
    from webhelpers import new_match

    client.get(f"/lang/{lang}")
    edit = new_match(client, players=("А", "Б", "В", "Г"), options=YARD)
    result(client, edit, "А", {1: 10, 3: 12})
    summary = soup(client.get(edit)).select_one(".hand-summary")
    assert summary.select_one(".end-note").get_text().strip() == out
    members = {m.select_one(".member-name").get_text().strip(": "): m.get_text(" ", strip=True)
               for m in summary.select(".member")}
    # the player out and his partner are said in words; the others' pips as entered
    assert members["А"] == f"А: {went}" and members["В"] == f"В: {partner}"
    assert members["Б"].startswith("Б: 10 ") and members["Г"].startswith("Г: 12 ")


def test_a_tables_scoresheet_names_its_event_round_and_table(client):
    from eventhelpers import new_event, start, table_links, win_table
    from sheethelpers import pdf_text
    from webhelpers import new_match

    d = new_event(client)
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    win_table(client, t2, 1)
    text, _pages = pdf_text(client.get(t2 + "/sheet.pdf?lang=en").data)
    assert "Event Вторник в «Дупеле»: round 1, table 2" in " ".join(text.split())
    text, _pages = pdf_text(client.get(t2 + "/sheet.pdf?lang=ru").data)
    assert "Турнир Вторник в «Дупеле»: тур 1, стол 2" in " ".join(text.split())
    # a match of no event: no such line
    text, _pages = pdf_text(client.get(new_match(client) + "/sheet.pdf?lang=en").data)
    assert "round 1, table" not in text and "Event" not in text


def test_the_blank_for_a_match_set_up_from_a_ready_set_is_that_sets_blank(client):
    from test_club import YARD
    from webhelpers import new_match

    kozel = new_match(client, players=("А", "Б", "В", "Г"), options=YARD)
    href = soup(client.get(kozel + "/sheets")).select_one('a[href*="/sheets/blank/traditional/4.pdf"]')["href"]
    assert "preset=yard" in href
    plain = new_match(client, players=("А", "Б", "В", "Г"))
    href = soup(client.get(plain + "/sheets")).select_one('a[href*="/sheets/blank/traditional/4.pdf"]')["href"]
    assert "preset" not in href


def test_an_event_with_no_round_started_says_so_not_round_0(client):
    from eventhelpers import new_event, start

    d = new_event(client)
    public = soup(client.get(d)).select_one("a.public-link")["href"]
    public = public[public.index("/ev/"):]
    subs = [soup(client.get(path)).select_one(".event-sub").get_text(" ", strip=True)
            for path in (d, public, public + "/board")]
    assert subs[0].endswith("rounds: 3; none started yet") and subs[1].endswith("rounds: 3; none started yet")
    assert subs[2] == "Rounds: 3; none started yet"
    assert not any(" 0 of " in s for s in subs)
    client.get("/lang/ru")
    assert soup(client.get(d)).select_one(".event-sub").get_text(" ", strip=True).endswith(
        "туров: 3; ни один ещё не начат")
    start(client, d, 1)
    assert soup(client.get(d)).select_one(".event-sub").get_text(" ", strip=True).endswith("тур 1 из 3")


def test_between_hands_the_next_hand_starts_from_the_bar(app, client):
    from sheethelpers import event_count
    from test_club import result
    from webhelpers import form_data, new_match

    edit = new_match(client)
    first = soup(client.get(edit))
    assert first.select_one(".bar button.next-hand") is None    # the first hand's button is at the top
    result(client, edit, "Анфиса", {1: 10})
    page = soup(client.get(edit))
    button = page.select_one(".bar button.next-hand")
    form = page.select_one("form#start-form")
    assert button is not None and button["form"] == "start-form" and form["action"] == edit + "/hand"
    before = event_count(app, edit)
    assert client.post(edit + "/hand", data=form_data(client.get(edit), "form#start-form")).status_code == 302
    assert event_count(app, edit) == before + 1
    assert soup(client.get(edit)).select_one(".bar button.next-hand") is None   # a hand in play
    # a ladder hand starts from a tile turned up from the bazaar: tapped on the page first, no bar button
    from eventhelpers import setup_fields

    ladder = new_match(client, variant="ladder", options=setup_fields(client.get("/new/ladder")))
    result(client, ladder, "Анфиса", {1: 10})
    assert soup(client.get(ladder)).select_one(".bar button.next-hand") is None


def test_the_standings_show_the_byes_column_only_when_someone_had_a_bye(client):
    from eventhelpers import NAMES8, new_event, start, table_links, win_table

    def heads(director: str) -> list[str]:
        href = soup(client.get(director)).select_one("a.public-link")["href"]
        page = soup(client.get(href[href.index("/ev/"):]))
        return [th.abbr["title"] if th.abbr else th.get_text(" ", strip=True)
                for th in page.select("table.standings thead th")]

    full = new_event(client)
    start(client, full, 1)
    for edit in table_links(client, full):
        win_table(client, edit, 0)
    assert "Played" in heads(full) and "Byes" not in heads(full)
    five = new_event(client, entrants=NAMES8[:5])
    start(client, five, 1)
    win_table(client, table_links(client, five)[0], 0)
    assert "Played" in heads(five) and "Byes" in heads(five)


@pytest.mark.parametrize("lang, full", [
    ("en", ["Place", "match points", "Buchholz", "score difference", "head to head", "Played"]),
    ("ru", ["Место", "очки", "Бухгольц", "разница", "личные встречи", "Сыграно"])])
def test_the_standings_headings_are_short_with_their_full_words_in_titles(client, lang, full):
    """A phone's width holds the standings: each figure's heading a few letters, its full words
    in the heading's title (the public page and the hall's board draw the same table)."""
    from eventhelpers import new_event, start, table_links, win_table

    d = new_event(client, lang=lang)
    start(client, d, 1)
    for edit in table_links(client, d):
        win_table(client, edit, 0)
    href = soup(client.get(d)).select_one("a.public-link")["href"]
    public = href[href.index("/ev/"):]
    for page in (soup(client.get(public)), soup(client.get(public + "/board"))):
        ths = page.select("table.standings thead th")
        figures = [th for th in ths if "num" in th.get("class", [])]
        assert [th.abbr["title"] for th in figures] == full
        assert all(len(th.get_text(strip=True)) <= 5 for th in figures), [th.get_text() for th in figures]


def test_blind_blitz_last_three_take_two_rows_of_fourteen_in_landscape():
    """On a phone held sideways the reveal's picker in four rows of seven left its button under
    the bar; the deal's landscape rule (two rows of 14) serves it too."""
    from pathlib import Path

    css = (Path(__file__).parents[2] / "static" / "app.css").read_text()
    # the media block that lays the reveal's picker out (found by its rule, not by a comment)
    at = css.index(".open-form .picker { grid-template-columns")
    block = css[css.rindex("@media", 0, at):]
    block = block[:block.index("\n}\n")]
    assert block.startswith("@media (orientation: landscape) and (max-height: 540px)")
    assert re.search(r"\.open-form \.picker \{ grid-template-columns: repeat\(14, 1fr\)", block)
    assert ".open-form .pick .tile.v {" in block


def test_the_bar_says_whose_turn_beside_its_buttons_where_they_fit():
    """Whose turn sits beside the bar's buttons wherever they fit (a line less: the picker's
    last row was under the bar at 360x640 with four players, and sideways), above them where
    they do not (a wrap, not a media rule); sideways the choices in words stand beside the layout."""
    from pathlib import Path

    css = (Path(__file__).parents[2] / "static" / "app.css").read_text()
    assert re.search(r"^\.bar:has\(\.bar-turn\) \{ display: flex; flex-wrap: wrap; align-items: center;", css, re.M)
    assert re.search(r"^\.bar > \.bar-buttons \{ flex: 1 1 auto; \}", css, re.M)
    block = css[css.index("@media (orientation: landscape) and (max-height: 540px) and (min-width: 640px) {"):]
    block = block[:block.index("\n}\n")]
    # the choices in words (blind blitz's tile turned up, the places: whatever stands before the
    # layout in the page) beside the layout, at the right's top, as the picker
    assert re.search(r"main > :has\(~ \.hand\):not\(\.tabs\) \{ float: right;", block)
    assert ".bar:has(.bar-turn)" not in block   # one rule for every screen


def test_in_play_undo_is_its_arrow():
    """In play the bar's undo is its arrow (its label stays), so that whose turn, draw and pass
    share a 360-px line with it; between hands it keeps its word."""
    from pathlib import Path

    css = (Path(__file__).parents[2] / "static" / "app.css").read_text()
    assert re.search(r"^\.bar:has\(\.bar-turn\) \.undo \.word \{ display: none; \}", css, re.M)
    table = (Path(__file__).parents[2] / "templates" / "play" / "table.html").read_text()
    # whose turn is in the bar only in play
    assert "{% if phase == 'play' and hv and hv.to_move and not hv.over %}\n  <p class=\"bar-turn\"" in table
    assert 'aria-label="{{ _(\'Undo\') }}">↶ <span class="word">' in table


def test_the_tile_tabs_stay_in_sight_over_the_pickers():
    """The tabs of the players' tiles (a hand's tiles left, the result's tiles) stick to the top
    of the screen while the player scrolls through a picker: the next player's tab is one tap,
    not a scroll up and a tap; they are drawn on the page's background, over the tiles."""
    from pathlib import Path

    css = (Path(__file__).parents[2] / "static" / "result.css").read_text()
    rule = re.search(r"^\.tile-tabs \{([^}]*)\}", css, re.M)
    assert rule and "position: sticky; top: 0;" in rule.group(1) and "background: var(--bg)" in rule.group(1)
