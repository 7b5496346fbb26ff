"""One tap a move at a real table, with the Flask test client (no JavaScript): a match
set up «with the deal» opens on the deal page, the next hand after a hand played with its deal
offers the deal first, and with the deal known an own tile that fits two places is one button
a place (the open end's number on the button and on the drawing), each a plain form post."""

from __future__ import annotations

from webhelpers import SEED_MOVES, TRAD_OPTIONS, csrf_of, form_data, new_match, soup, table_form

DEAL = {"deal_0": ["3:2", "3:3", "4:6", "1:3", "5:6", "4:0", "6:6"],
        "deal_1": ["0:0", "2:0", "1:1", "0:6", "2:6", "2:1", "0:5"]}


#: the seed moves whose tile fits two places (the engine's places_for)
TWO_PLACES = ("5:0>6:5", "0:4>5:0", "1:3>2:1")


def low(t: str) -> str:
    return ":".join(sorted(t.split(":")))


def test_a_match_set_up_with_the_deal_opens_on_the_deal_page(client):
    page = client.get("/new/traditional")
    assert soup(page).select_one('button.with-deal[name="with_deal"][value="1"]') is not None
    data = {"csrf_token": csrf_of(page), "player_1": "Анфиса", "player_2": "Всеволод", **TRAD_OPTIONS}
    resp = client.post("/new/traditional", data={**data, "with_deal": "1"})
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/deal")
    # the plain start still opens the table
    resp = client.post("/new/traditional", data={**data, "csrf_token": csrf_of(client.get("/new/traditional"))})
    assert resp.status_code == 302 and not resp.headers["Location"].endswith("/deal")


def start_with_deal(client, edit):
    data = form_data(client.get(edit + "/deal"), "form.deal-form")
    resp = client.post(edit + "/hand", data={**data, **{k: [low(t) for t in v] for k, v in DEAL.items()}})
    assert resp.status_code == 302, soup(resp).select_one(".problem")


def test_an_own_tile_that_fits_two_places_is_a_button_a_place(client):
    edit = new_match(client)
    start_with_deal(client, edit)
    # the opening is the rules' own (Анфиса's 6:6): recorded with the start
    assert client.get(edit + "/export").get_json()["hands"][0]["turns"] == [{"player": "Анфиса", "moves": ["6:6"]}]
    for mv in SEED_MOVES[1:]:
        tile, _, target = mv.partition(">")
        page = soup(client.get(edit))
        own = page.select_one(".picker.own")
        split = own.select(f'button.pick.split[data-tile="{low(tile)}"]')
        if mv not in TWO_PLACES:
            assert split == [] and own.select_one(f'button.pick[value="{low(tile)}"]') is not None, mv
            data = {**table_form(client, edit), "tile": low(tile), "mode": "lay"}
        else:
            # each place its own button, named by the open end it takes; the drawing marks
            # those ends with the same numbers
            assert len(split) == 2, (mv, own)
            labels = [b.select_one(".place-no").get_text(strip=True) for b in split]
            marks = sorted(t.get_text(strip=True) for t in page.select(".layout svg.table .place-mark text"))
            assert sorted(labels) == ["1", "2"] and marks == ["1", "2"], (mv, labels, marks)
            assert all(b["name"] == "token" for b in split)
            token = next(b["value"] for b in split if b["value"].endswith(">" + target))
            data = {**table_form(client, edit), "token": token}
        resp = client.post(edit + "/move", data=data)
        assert resp.status_code == 302, (mv, soup(resp).select_one(".problem"))
    hand = client.get(edit + "/export").get_json()["hands"][0]
    laid = [m for t in hand["turns"] for m in t["moves"]]
    assert [low(m.split(">")[0]) for m in laid] == [low(m.split(">")[0]) for m in SEED_MOVES]
    for mv, got in zip(SEED_MOVES, laid):
        if ">" in mv:
            assert got.endswith(">" + mv.split(">")[1]), (mv, got)
    # over: the next hand offers its deal first (the last one was played with its deal)
    page = soup(client.get(edit))
    first = page.select_one("section.next a.button.primary")
    assert first is not None and first["href"].endswith("/deal")
    assert page.select_one('section.next form[action$="/hand"] button.primary') is None


def test_without_the_deal_the_next_hand_is_started_move_by_move_first(client):
    edit = new_match(client)
    page = soup(client.get(edit))
    assert page.select_one('section.next form[action$="/hand"] button.primary') is not None
    assert page.select_one("section.next a.button.primary") is None


def test_the_forced_opening_is_said_and_undone_like_any_move(client):
    """With the deal, the opening the rules fix (Анфиса's 6:6) is recorded with the start and
    said on the table; undo takes back that move only (the hand stays started). Without the
    deal nothing is laid for the players."""
    edit = new_match(client)
    data = form_data(client.get(edit + "/deal"), "form.deal-form")
    resp = client.post(edit + "/hand", data={**data, **{k: [low(t) for t in v] for k, v in DEAL.items()}},
                       follow_redirects=True)
    assert "6:6 (Анфиса)" in soup(resp).select_one(".flash.note").get_text()
    resp = client.post(edit + "/undo", data=form_data(client.get(edit), "#undo-form"), follow_redirects=True)
    assert "6:6" in soup(resp).select_one(".flash.note, .note").get_text()
    hand = client.get(edit + "/export").get_json()["hands"][0]
    assert hand["turns"] == [] and hand["deal"]["Анфиса"]
    plain = new_match(client)
    data = form_data(client.get(plain), 'form[action$="/hand"]')
    assert client.post(plain + "/hand", data=data).status_code == 302
    assert client.get(plain + "/export").get_json()["hands"][0].get("turns", []) == []
