"""The tiles-left picker at a hand's end offers every tile a player may still hold: in the
sausage a cut gives the laid tiles of the piece to the previous player, so a tile laid once
may be in a hand at the end (it was greyed out as laid, and could not be tapped)."""

from __future__ import annotations

from webhelpers import form_data, new_match, soup

#: a sausage hand (the engine's random playout, seed 16 for two players): Ann's cut gives
#: Bob the piece 2:2 ... 1:3 with 0:2, 2:6, 3:6 in it; Ann goes out, Bob holds five tiles
#: that were all laid once
TURNS = [("Bob", "2:2"), ("Ann", "2:6>2:2"), ("Bob", "0:2>2:2"), ("Ann", "0:5>0:2"), ("Bob", "3:6>2:6"),
         ("Ann", "5:6>0:5"), ("Bob", "1:3>3:6"), ("Ann", "1:6 cut"), ("Bob", "1:3>1:6@1"),
         ("Ann", "4:6>1:6"), ("Bob", "1:4>4:6"), ("Ann", "draw 0:3"), ("Ann", "0:3>1:3"),
         ("Bob", "1:5>1:4"), ("Ann", "0:4>0:3"), ("Bob", "5:5>1:5"), ("Ann", "4:4>0:4")]
BOB_LEFT = ["0:2", "0:5", "2:6", "3:6", "5:6"]


def test_a_tile_cut_back_into_a_hand_can_be_tapped_as_left(client):
    edit = new_match(client, "sausage", ("Ann", "Bob"),
                     options={"opt_cut_when": "level", "opt_scoring": "wins", "opt_lone_blank": "24"})
    page = client.get(edit)
    client.post(edit + "/hand", data=form_data(page, 'form[action$="/hand"]'))
    for k, (player, token) in enumerate(TURNS):
        data = form_data(client.get(edit), "form.typed-form")
        data["token"] = token
        if k == 0:
            data["leader"] = player
        resp = client.post(edit + "/move", data=data)
        assert resp.status_code == 302, (token, soup(resp).select_one(".problem"))
    page = soup(client.get(edit))
    boxes = {i["value"]: i for i in page.select('form.left-form input[name="left_1"]')}
    assert boxes, "the hand waits for Bob's tiles left"
    assert [t for t in BOB_LEFT if boxes[t].has_attr("disabled")] == []
    # a tile on the table at the end is still greyed out
    assert boxes["4:4"].has_attr("disabled") and boxes["1:3"].has_attr("disabled")
    data = form_data(client.get(edit), "form.left-form")
    data["left_1"] = BOB_LEFT
    resp = client.post(edit + "/left", data=data)
    assert resp.status_code == 302
    cells = [td.get_text().strip() for td in soup(client.get(edit + "/score")).select("table.score tfoot td")]
    assert cells[:2] == ["1", "0"], cells


def blocked_hand(client, variant: str, players: int, seed: int):
    """A hand of ``variant`` played out by the engine (``seed``) that ends blocked, typed move by
    move on the table without its deal (the table then asks for the tiles left): the edit URL,
    the players, and what each was left with (from the hand with its deal)."""
    import importlib.util
    from pathlib import Path

    from referee import record as rec
    from referee.rules.tiles import tile_str, tiles_of

    spec = importlib.util.spec_from_file_location(
        "print_fixtures_for_left", Path(__file__).resolve().parents[1] / "print" / "print_fixtures.py")
    fixtures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fixtures)
    record = fixtures.random_record(variant, players, 1, seed=seed)[0]
    report = rec.replay(rec.read(record))
    assert report.hands[0].end == "block"
    h = report.hands[0].hand
    names = record["players"]
    left = {p: [tile_str(t) for t in tiles_of(h.hands[s])] for s, p in enumerate(names)}
    from referee.matches.service import options_in_force

    options = {f"opt_{k}": str(v) for k, v in options_in_force(variant, players, {}).items()}
    edit = new_match(client, variant, names, options=options)
    client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]'))
    for k, turn in enumerate(record["hands"][0]["turns"]):
        for token in turn["moves"]:
            data = form_data(client.get(edit), "form.typed-form")
            data["token"] = token
            if k == 0:
                data["leader"] = turn["player"]
            resp = client.post(edit + "/move", data=data)
            assert resp.status_code == 302, (token, soup(resp).select_one(".problem"))
    return edit, names, left


def test_a_bergen_block_asks_the_tiles_left_and_offers_no_pips(client):
    edit, players, left = blocked_hand(client, "bergen", 3, 3)
    page = soup(client.get(edit))
    form = page.select_one("form.left-form")
    assert form is not None, "the hand waits for the tiles left"
    # the pips would be refused (the block goes by the doubles held): neither asked nor padded
    assert form.select('input[name^="pips_"]') == []
    assert form.select(".keys") == [] and form.select(".pad-back") == []
    assert len(form.select("details.left-tiles")) == len(players)
    data = form_data(client.get(edit), "form.left-form")
    for i, p in enumerate(players):
        data[f"left_{i}"] = left[p]
    resp = client.post(edit + "/left", data=data)
    assert resp.status_code == 302, soup(resp).select_one(".problem")
    assert soup(client.get(edit)).select_one("form.left-form") is None


def test_a_fives_block_asks_the_pips_or_the_tiles(client):
    # the pips alone score a Fives block: the pad stays
    edit, _players, _left = blocked_hand(client, "fives", 2, 3)
    form = soup(client.get(edit)).select_one("form.left-form")
    assert form is not None and form.select('input[name^="pips_"]')


def test_a_bergen_fish_by_its_result_without_tiles_asks_for_the_tiles(client):
    from referee.matches.service import options_in_force

    options = {f"opt_{k}": str(v) for k, v in options_in_force("bergen", 3, {}).items()}
    edit = new_match(client, "bergen", ("Ann", "Bob", "Cid"), options=options)
    data = form_data(client.get(edit + "/result"), "form.result-form")
    data["out"] = "*block*"
    resp = client.post(edit + "/result", data=data)
    assert resp.status_code == 422
    said = soup(resp).select_one(".problem").get_text(" ", strip=True)
    assert "Отметьте оставшиеся кости: Ann, Bob, Cid." in said and "очки" not in said, said
