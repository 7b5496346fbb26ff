"""Back to an earlier move of the hand in play, by taps on the table page: the hand's moves
listed latest first, one tap undoes that move and every change after it (undo events, stored
together), the hand goes on from before it; a redo puts the changes back one at a time."""

from __future__ import annotations

from sheethelpers import event_count, live_match
from webhelpers import SEED_MOVES, form_data, soup, tap


def _undone_twice_redone_once(client) -> str:
    """A live match of five moves, two of them undone and one redone: its table's address."""
    edit = live_match(client, moves=5)
    for path in ("/undo", "/undo", "/redo"):
        data = form_data(client.get(edit), "form.undo-form")
        assert client.post(edit + path, data=data).status_code == 302
    return edit


def _back(client, edit: str) -> list:
    return soup(client.get(edit)).select("details.back-to ol.back-list li")


def test_back_to_a_move_then_play_on(app, client):
    edit = live_match(client, moves=5)
    items = _back(client, edit)
    # latest first, each numbered in the hand and said in words
    assert [li.select_one(".back-no").get_text() for li in items] == ["5", "4", "3", "2", "1"]
    assert "Анфиса" in items[0].get_text() and "0:4" in items[0].get_text()
    before = event_count(app, edit)
    form = items[2].select_one("form")       # back to before move 3 (6:5)
    data = {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")}
    resp = client.post(form["action"], data=data)
    assert resp.status_code == 302
    assert event_count(app, edit) == before + 3          # three undos, nothing deleted
    page = soup(client.get(edit))
    assert len(page.select(".hand .layout svg.tile")) == 2
    assert "Назад, к месту перед ходом 3" in page.get_text(" ")
    assert [li.select_one(".back-no").get_text() for li in _back(client, edit)] == ["2", "1"]
    # play on from there: Анфиса lays 6:5 again, the hand goes on as the seed
    assert tap(client, edit, SEED_MOVES[2]).status_code == 302
    record = client.get(edit + "/export").get_json()
    assert [t["moves"][0].split(">")[0] for t in record["hands"][0]["turns"]] == ["6:6", "6:0", "6:5"]
    # the same form sent again (an old page): that move is gone, nothing is undone
    again = client.post(form["action"], data=data)
    assert again.status_code in (409, 200) and event_count(app, edit) == before + 4


def test_a_redo_puts_back_one_change_at_a_time(app, client):
    edit = live_match(client, moves=4)
    form = _back(client, edit)[1].select_one("form")         # back to before move 3
    client.post(form["action"], data={i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")})
    assert len(soup(client.get(edit)).select(".hand .layout svg.tile")) == 2
    redo = form_data(client.get(edit), "#redo-form")
    client.post(edit + "/redo", data=redo)
    assert len(soup(client.get(edit)).select(".hand .layout svg.tile")) == 3


def test_no_list_between_hands(client):
    from webhelpers import new_match

    edit = new_match(client)
    assert soup(client.get(edit)).select_one("details.back-to") is None


def test_the_list_back_and_the_redo_from_one_reading_of_the_log_in_both_languages(app, client):
    """The table reads the log's undos once for the list back and the redo (``log.undo_replayed``)
    and keeps a move's words by token and language: the list and the redo are those read from
    the log on their own, after undos and a redo, in Russian and then English and back; a move's
    kept words are its words in the language asked."""
    from flask_babel import force_locale

    from referee.matches.log import undo_replayed
    from referee.web import get_db, play, store

    edit = _undone_twice_redone_once(client)
    with app.test_request_context("/"):
        m = store.match_by_key(get_db(), edit.rstrip("/").split("/")[-1], "edit_key")
        evs = store.events(get_db(), m["id"])
        kept, undone = undo_replayed(evs)
        said = []
        for lang in ("ru", "en", "ru"):
            with force_locale(lang):
                back = play.moves_back(evs, kept)
                assert back == play.moves_back(evs)
                assert play.unlaid(evs, kept) == play.unlaid(evs)
                assert play._redo_words(evs, undone) == play._redo_words(evs) is not None
                said.append((back[0]["words"], play._redo_words(evs, undone)))
        assert len(back) == 4 and said[0] == said[2]
    from referee.rules.move_words import move_words

    for token in ("pass", "draw", "6:5>5:0", "pass", "draw"):  # kept by token and language
        assert [play._move_short(token, lang) for lang in ("ru", "en", "ru")] == \
            [move_words(token, lang).short for lang in ("ru", "en", "ru")]
    assert play._move_short("pass", "ru") != play._move_short("pass", "en")


def _moves_back_one_by_one(evs: list, kept: list) -> list:
    """The list back as said move by move: each move's number in the hand, its words
    (``describe_event``), its event, and the changes in force from it on counted again."""
    from referee.matches.events import STARTS_HAND, UNDOABLE
    from referee.web.play import describe_event

    start = max((i for i, e in enumerate(kept) if e["kind"] in STARTS_HAND), default=None)
    if start is None or kept[start]["kind"] != "hand":
        return []
    after = kept[start + 1:]
    if any(e["kind"] not in ("move", "end_turn") for e in after):
        return []
    moves = [i for i, e in enumerate(after) if e["kind"] == "move"]
    return [{"number": n, "words": describe_event(evs, after[i]), "seq": after[i]["seq"],
             "undos": sum(1 for x in after[i:] if x["kind"] in UNDOABLE)}
            for n, i in reversed(list(enumerate(moves, 1)))]


def test_the_list_back_is_each_move_said_and_counted_on_its_own(app, client):
    """The list back, made in one pass from the hand's end, is each move numbered, said and its
    changes from it on counted one by one: at every point of a log with turns ended, undos and a
    redo, in both languages."""
    from flask_babel import force_locale

    from referee.matches.log import effective
    from referee.web import get_db, play, store

    edit = _undone_twice_redone_once(client)
    with app.test_request_context("/"):
        m = store.match_by_key(get_db(), edit.rstrip("/").split("/")[-1], "edit_key")
        stored = store.events(get_db(), m["id"])
        # a turn ended after the second and the fourth move (as in the variants that leave a
        # turn open): changes in force that are not moves
        evs, moves = [], 0
        for e in stored:
            evs.append(dict(e, seq=len(evs) + 1))
            moves += e["kind"] == "move"
            if e["kind"] == "move" and moves in (2, 4):
                evs.append({"seq": len(evs) + 1, "kind": "end_turn", "data": {}})
        # and a pass, said in words that differ between the languages
        evs.append({"seq": len(evs) + 1, "kind": "move", "data": {"player": m["players"][0], "token": "pass"}})
        assert {"hand", "move", "end_turn", "undo", "redo"} <= {e["kind"] for e in evs}
        lists = []
        for lang in ("ru", "en"):
            with force_locale(lang):
                for k in range(len(evs) + 1):
                    kept = effective(evs[:k])
                    back = play.moves_back(evs[:k], kept)
                    assert back == _moves_back_one_by_one(evs[:k], kept), k
                    lists.append(back)
        assert any(b and b[0]["undos"] > 1 for b in lists)
        assert lists[len(evs)][0]["words"] != lists[-1][0]["words"]  # the two languages' words
