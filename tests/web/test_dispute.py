"""The dispute tool: a tile checked against the table without recording anything, and
a recorded hand stepped through move by move."""

from __future__ import annotations

import copy
import json

import pytest

from referee import record as rec
from referee.rules import catalogue
from referee.web.drawing import reading_order
from sheethelpers import event_count, imported_seed, in_lang, live_match, seed_record
from webhelpers import SEED_MOVES, csrf_of, form_data, imported, soup, view_of


# after the first five seed moves (6:6 6:0 6:5 5:0>6:5 0:4>5:0) the ends show 0 and 4, and it
# is Всеволод's turn; the deal is not known to the app
FITS = "0:1"        # fits the 0 end: against 6:0
NO_FIT = "3:3"      # fits neither 0 nor 4


@pytest.mark.parametrize("lang, words", [("ru", "кладёт 0:1 к 6:0"), ("en", "lays 0:1 against 6:0")])
def test_a_fitting_tile_shows_where_it_fits(client, lang, words):
    edit = live_match(client, moves=5)
    in_lang(client, lang)
    resp = client.get(edit + "/check", query_string={"tile": FITS})
    assert resp.status_code == 200
    page = soup(resp)
    answer = page.select_one("section#answer")
    assert "fits" in answer["class"]
    places = answer.select("ul.places li.place-item")
    assert [p.select_one("code.token").get_text() for p in places] == ["0:1>6:0"]
    assert places[0].select_one(".place-words").get_text() == words
    assert places[0].select_one("svg.tile")["aria-label"] == "6:0"  # the tile it goes against
    assert "Всеволод" in answer.select_one(".answer-tile").get_text()
    assert page.select_one("button.pick.chosen")["value"] == FITS


@pytest.mark.parametrize("lang, why, verdict", [
    ("ru", "Кость 3:3 не подходит ни к одному концу (концы: 0, 4).", "Не подходит:"),
    ("en", "3:3 does not match any open end (ends: 0, 4).", "It does not fit:")])
def test_a_tile_that_does_not_fit_says_exactly_why_with_the_rule(client, lang, why, verdict):
    edit = live_match(client, moves=5)
    in_lang(client, lang)
    page = soup(client.get(edit + "/check", query_string={"tile": NO_FIT}))
    answer = page.select_one("section#answer")
    assert "no-fit" in answer["class"]
    assert answer.select_one(".verdict b").get_text() == verdict
    assert answer.select_one(".why").get_text() == why
    link = answer.select_one("a.rule-link")
    assert link["href"] == "/rules/traditional#play.no_fit"
    # the rule's anchor exists on the rules page
    rules = soup(client.get("/rules/traditional"))
    assert rules.find(id="play.no_fit") is not None


@pytest.mark.parametrize("lang, why", [("ru", "Кость 6:6 уже лежит на столе."),
                                       ("en", "The tile 6:6 is already on the table.")])
def test_a_tile_on_the_table_is_explained_too(client, lang, why):
    edit = live_match(client, moves=5)
    in_lang(client, lang)
    page = soup(client.get(edit + "/check?tile=6:6"))
    assert page.select_one("section#answer .why").get_text() == why
    assert "laid" in page.select_one('button.pick[value="6:6"]')["class"]


def test_with_the_deal_known_a_tile_not_held_is_named(client):
    """The imported seed hand, stepped back: a position with a known deal is a live hand too."""
    record = seed_record()
    record["hands"][0]["turns"] = record["hands"][0]["turns"][:3]
    page = client.get("/import")
    resp = client.post("/import", data={"csrf_token": csrf_of(page), "text": json.dumps(record)},
                       content_type="multipart/form-data")
    edit = resp.headers["Location"].removesuffix("/score")
    in_lang(client, "en")
    page = soup(client.get(edit + "/check?tile=4:4"))
    assert page.select_one("#answer .why").get_text() == "Всеволод does not hold 4:4."
    assert page.select_one("#answer a.rule-link")["href"] == "/rules/traditional#tile.not_in_hand"
    page = soup(client.get(edit + "/check?tile=0:5"))
    assert sorted(c.get_text() for c in page.select("#answer code.token")) == ["0:5>6:0", "5:0>6:5"]


@pytest.mark.parametrize("lang, message", [("ru", "«9:9» — не кость домино (пишите 3:5)."),
                                           ("en", "«9:9» is not a domino tile (write 3:5).")])
def test_a_bad_tile_is_a_400_in_words(client, lang, message):
    edit = live_match(client, moves=2)
    in_lang(client, lang)
    for bad in ("9:9", "x", "3:5:1", ""):
        resp = client.get(edit + "/check", query_string={"tile": bad})
        assert resp.status_code == 400, bad
        page = soup(resp)
        assert page.select_one(".problem").get_text(strip=True) == message.replace("9:9", bad)
        assert page.select_one("section#answer") is None
        assert len(page.select("button.pick")) == 28  # the picker is there to try again


@pytest.mark.parametrize("lang, message", [("ru", "Сейчас кон не идёт"), ("en", "No hand is being played now")])
def test_no_hand_in_play_is_said_plainly(client, lang, message):
    edit = imported_seed(client)  # the only hand is over
    in_lang(client, lang)
    resp = client.get(edit + "/check?tile=3:3")
    assert resp.status_code == 409
    page = soup(resp)
    assert page.select_one(".problem").get_text().strip().startswith(message)
    assert page.select_one("button.pick") is None


def test_the_dispute_tool_never_writes_the_log(client, app):
    edit = live_match(client, moves=5)
    view = view_of(client, edit)
    before = event_count(app, edit)
    for base in (edit, view):
        for tile in ("0:1", "3:3", "6:6", "9:9", "4:0"):
            client.get(base + "/check", query_string={"tile": tile})
        client.get(base + "/check")
        for k in range(6):
            client.get(f"{base}/hands/1/step/{k}")
        # nothing but GET is served
        assert client.post(base + "/check", data={"tile": "0:1"}).status_code in (400, 405)
    assert event_count(app, edit) == before
    # and the table is exactly as it was: still Всеволод to move, 0:1 still playable
    page = soup(client.get(edit))
    assert page.select_one(".to-move").get_text() == "Всеволод"
    assert len(page.select(".layout svg.tile")) == 5
    assert form_data(client.get(edit), "form.picker-form")["n"] == str(before)


def test_a_viewer_checks_tiles_but_sees_no_edit_key(client):
    edit = live_match(client, moves=5)
    view = view_of(client, edit)
    in_lang(client, "en")
    resp = client.get(view + "/check?tile=0:1")
    assert resp.status_code == 200
    html = resp.get_data(as_text=True)
    assert edit.split("/")[-1] not in html
    page = soup(resp)
    assert [c.get_text() for c in page.select("#answer code.token")] == ["0:1>6:0"]
    assert page.select_one("form.check-form")["method"] == "get"
    assert page.select("form[method=post]") == []


# -- stepping through a recorded hand ------------------------------------------------------------


def drawn(page) -> list[str]:
    """The tiles of the drawn layout in drawing order, as the page labels them (left:right)."""
    return [svg["aria-label"] for svg in page.select(".layout svg.tile")]


def expected_after(k: int) -> tuple[list[str], list[str]]:
    """The seed hand after k moves, straight from the engine (one move a turn in the seed)."""
    record = copy.deepcopy(seed_record())
    record["hands"][0]["turns"] = record["hands"][0]["turns"][:k]
    report = rec.replay(rec.read(record))
    live = report.live if report.live is not None else report.hands[-1].hand
    view = live.layout_view()
    return [it["label"] for it in reading_order(view)], ["/".join(map(str, e["shows"])) for e in view["ends"]]


@pytest.mark.parametrize("k", [0, 1, 3, 4, 7, 12, 13])
def test_step_k_draws_the_table_after_move_k(client, k):
    edit = imported_seed(client)
    in_lang(client, "en")
    resp = client.get(f"{edit}/hands/1/step/{k}")
    assert resp.status_code == 200
    page = soup(resp)
    tiles, ends = expected_after(k)
    assert drawn(page) == tiles
    assert len(tiles) == k
    assert [b.get_text() for b in page.select(".layout .ends .end-mark")] == ends
    assert page.select_one(".step-count").get_text() == f"Move {k} of 13"
    if k:
        assert page.select_one(".step-move .move-token").get_text() == SEED_MOVES[k - 1]
        assert page.select_one(".step-move .move-player").get_text() == ("Анфиса", "Всеволод")[(k - 1) % 2]
    else:
        assert page.select_one(".step-move .move-token") is None


def test_step_three_shows_the_known_position(client):
    edit = imported_seed(client)
    page = soup(client.get(edit + "/hands/1/step/3"))
    assert drawn(page) == ["0:6", "6:6", "6:5"]
    assert [b.get_text() for b in page.select(".layout .end-mark")] == ["0", "5"]
    assert page.select_one(".to-move").get_text() == "Всеволод"


def test_prev_and_next_walk_the_hand(client):
    edit = imported_seed(client)
    page = soup(client.get(edit + "/hands/1/step/0"))
    assert page.select_one("a.step-prev") is None
    seen = []
    url = page.select_one("a.step-next")["href"]
    while url:
        page = soup(client.get(url))
        seen.append(page.select_one(".step-move .move-token").get_text())
        nxt = page.select_one("a.step-next")
        url = nxt["href"] if nxt else None
    assert seen == SEED_MOVES
    # the last step tells how the hand ended
    assert "Анфиса" in page.select_one(".step-end").get_text()
    prev = page.select_one("a.step-prev")["href"]
    assert prev == edit + "/hands/1/step/12"


@pytest.mark.parametrize("lang, message", [("ru", "В коне 1 ходов: 13; хода 14 нет."),
                                           ("en", "Hand 1 has 13 moves; there is no move 14.")])
def test_a_step_past_the_end_is_a_404_in_words(client, lang, message):
    edit = imported_seed(client)
    in_lang(client, lang)
    resp = client.get(edit + "/hands/1/step/14")
    assert resp.status_code == 404
    assert soup(resp).select_one(".problem").get_text() == message


def test_stepping_through_the_hand_in_play(client):
    edit = live_match(client, moves=4)
    view = view_of(client, edit)
    for base in (edit, view):
        page = soup(client.get(base + "/hands/1/step/4"))
        assert [t for t in drawn(page)] == ["0:6", "6:6", "6:5", "5:0"]
        assert page.select_one("a.step-next") is None
        page = soup(client.get(base + "/hands/1/step/2"))
        assert drawn(page) == ["0:6", "6:6"]


# -- every variant: the step-through ends on the engine's final table; any tile gets an answer --


def _random_record(variant: str, players: int, seed: int):
    """A real random record of the variant (the print tests' fixture, made through the engine)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "print" / "print_fixtures.py"
    spec = importlib.util.spec_from_file_location("print_fixtures_for_web_tests", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.random_record(variant, players, 2, seed=seed)[0]


def _labels(view) -> list[str]:
    return [it["label"] for it in reading_order(view)]


@pytest.mark.parametrize("variant", sorted(catalogue.VARIANTS))
def test_every_variant_steps_to_the_engines_final_table_and_answers_any_tile(client, variant):
    players = catalogue.spec(variant).min_players
    record = _random_record(variant, players, seed=5)
    edit = imported(client, record)
    report = rec.replay(rec.read(copy.deepcopy(record)))
    for number, raw in enumerate(record["hands"], start=1):
        total = sum(len(t["moves"]) for t in raw.get("turns", []))
        final = report.hands[number - 1].hand
        resp = client.get(f"{edit}/hands/{number}/step/{total}")
        assert resp.status_code == 200, (variant, number)
        page = soup(resp)
        if final is not None and total:
            assert drawn(page) == _labels(final.layout_view()), (variant, number)
        assert client.get(f"{edit}/hands/{number}").status_code == 200
        if number == 1:
            counts = []
            for k in range(total + 1):
                resp = client.get(f"{edit}/hands/1/step/{k}")
                assert resp.status_code == 200, (variant, k)
                assert soup(resp).select_one(".problem") is None, (variant, k)
                counts.append(len(drawn(soup(resp))))
            assert counts == sorted(counts), variant  # the table only grows
    # the last hand cut in the middle: a hand in play; every tile gets an answer
    cut = copy.deepcopy(record)
    turns = cut["hands"][-1].get("turns", [])
    cut["hands"][-1]["turns"] = turns[: len(turns) // 2]
    edit = imported(client, cut)
    rules = soup(client.get(f"/rules/{variant}"))
    for tile in [f"{a}:{b}" for a in range(7) for b in range(a, 7)]:
        resp = client.get(f"{edit}/check", query_string={"tile": tile})
        if resp.status_code == 409:  # the hand cut ended at the deal (a redeal): nothing in play
            assert soup(resp).select_one("section#answer") is None
            continue
        assert resp.status_code == 200, (variant, tile)
        answer = soup(resp).select_one("section#answer")
        assert answer is not None, (variant, tile)
        assert answer.select("li.place-item") or answer.select_one(".why").get_text().strip(), (variant, tile)
        link = answer.select_one("a.rule-link")
        if link is not None:  # the rule named has its anchor on the variant's rules page
            path, _, anchor = link["href"].partition("#")
            assert path == f"/rules/{variant}"
            assert rules.find(id=anchor) is not None, (variant, tile, anchor)


def test_the_check_page_follows_the_table(client):
    """The page polls the match's event count (as the read-only view does) so that its answer
    is always about the table as it is now."""
    edit = live_match(client, moves=5)
    view = view_of(client, edit)
    for base in (edit, view):
        page = soup(client.get(base + "/check?tile=0:1"))
        meta = page.select_one('meta[name="poll"]')
        assert meta["content"] == view + "/n"
        assert meta["data-n"] == str(client.get(view + "/n").get_json()["n"])
        assert [s["src"].split("?")[0] for s in page.select("script[src]")] == ["/static/app.js", "/static/shell.js"]


@pytest.mark.parametrize("lang, why", [("ru", "У игрока Анфиса нет кости 0:0."), ("en", "Анфиса does not hold 0:0.")])
def test_a_tile_checked_at_a_past_move(client, lang, why):
    """After move 2 (6:6, 6:0) it was Анфиса's turn with 6:5 in hand: it fitted the 6 end."""
    edit = imported_seed(client)
    in_lang(client, lang)
    page = soup(client.get(edit + "/hands/1/step/2"))
    details = page.select_one("details.check-here")
    assert details is not None and not details.has_attr("open")
    assert details.select_one("form.check-form")["action"] == edit + "/hands/1/step/2#answer"
    page = soup(client.get(edit + "/hands/1/step/2?tile=5:6"))
    assert page.select_one("details.check-here").has_attr("open")
    answer = page.select_one("section#answer")
    assert "fits" in answer["class"]
    assert [c.get_text() for c in answer.select("code.token")] == ["6:5>6:6"]
    assert "Анфиса" in answer.select_one(".answer-tile").get_text()
    assert drawn(page) == ["0:6", "6:6"]  # the table is still the one after move 2
    page = soup(client.get(edit + "/hands/1/step/2?tile=0:0"))
    assert page.select_one("#answer .why").get_text() == why
    assert client.get(edit + "/hands/1/step/2?tile=7:7").status_code == 400
    # after the last move the hand is over: nothing to check
    assert soup(client.get(edit + "/hands/1/step/13")).select_one("details.check-here") is None
    resp = client.get(edit + "/hands/1/step/13?tile=3:3")
    assert resp.status_code == 409
    assert soup(resp).select_one(".problem").get_text().strip()


def test_the_step_through_shows_each_players_tiles_when_the_deal_is_known(client):
    """With the deal known each step says what every player holds after that move (the deal
    less what he laid); without it, nothing of the kind."""
    from sheethelpers import kozel_record

    record = kozel_record()
    edit = imported(client, record)
    hand = record["hands"][0]
    for lang in ("ru", "en"):
        in_lang(client, lang)
        for k in (0, 1, 5):
            page = soup(client.get(f"{edit}/hands/1/step/{k}"))
            laid = {t for turn in hand["turns"][:k] for mv in turn["moves"]
                    for t in [mv.split(">")[0].split()[0]] if ":" in t}
            held = {li["data-name"]: sorted(s["aria-label"] for s in li.select(".held-tiles svg.tile"))
                    for li in page.select("section.held li.held-player")}
            assert held == {p: sorted(t for t in hand["deal"][p] if t not in laid
                                      and ":".join(reversed(t.split(":"))) not in laid)
                            for p in record["players"]}, (lang, k)
    # a hand played without its deal shows none
    plain = live_match(client, moves=5)
    assert soup(client.get(plain + "/hands/1/step/3")).select_one("section.held") is None
