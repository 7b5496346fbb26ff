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
