"""A hand's start and the opening the rules leave no choice about are one transaction.

With the deal entered, the start of a traditional hand records the opener's forced tile (6:6)
with it. Both are stored, or neither: when the second insert fails (here a trigger refuses any
move, as a failing disk would refuse the write), the match is stored as it was, the kept state
is still the log's replay, and the start made again afterwards stores both, the tap's key on
the first only.
"""

from __future__ import annotations

import sqlite3

from referee import create_app
from referee.matches import replay
from referee.web import get_db, service, store

from test_web_states import assert_same
from webhelpers import form_data, new_match, soup

DEAL = {"deal_0": ["2:3", "3:3", "4:6", "1:3", "5:6", "0:4", "6:6"],
        "deal_1": ["0:0", "0:2", "1:1", "0:6", "2:6", "1:2", "0:5"]}


def test_the_start_and_the_forced_opening_are_stored_together_or_not_at_all(tmp_path):
    path = str(tmp_path / "opening.db")
    app = create_app({"TESTING": True, "PROPAGATE_EXCEPTIONS": False, "DATABASE": path,
                      "SECRET_KEY": "opening-secret"})
    client = app.test_client()
    edit = new_match(client)
    key = edit.rsplit("/", 1)[-1]

    def match():
        with app.app_context():
            return store.match_by_key(get_db(), key, "edit_key")

    def log():
        with app.app_context():
            return store.events(get_db(), match()["id"])

    def kept_is_the_replay():
        m = match()
        with app.app_context():
            kept = service().states.get(m)
            assert kept is not None
            assert_same(m, kept, replay.replay(m, store.events(get_db(), m["id"])))

    before = log()
    assert client.get(edit).status_code == 200
    outside = sqlite3.connect(path)
    outside.execute("CREATE TRIGGER no_move BEFORE INSERT ON events WHEN NEW.kind = 'move' "
                    "BEGIN SELECT RAISE(ABORT, 'the disk refused the write'); END")
    outside.commit()
    data = {**form_data(client.get(edit + "/deal"), "form.deal-form"), **DEAL, "op": "tap-opening-1"}
    resp = client.post(edit + "/hand", data=data)
    assert resp.status_code == 500
    assert "Nothing was changed" in resp.get_data(as_text=True) or "ничего не изменено" in \
        resp.get_data(as_text=True).lower()
    assert log() == before  # not the start without its opening
    kept_is_the_replay()
    page = soup(client.get(edit))
    assert page.select_one('section.next form[action$="/hand"], section.next a[href$="/deal"]') is not None

    outside.execute("DROP TRIGGER no_move")
    outside.commit()
    outside.close()
    resp = client.post(edit + "/hand", data=data, follow_redirects=True)
    assert resp.status_code == 200
    assert "6:6 (Анфиса)" in soup(resp).select_one(".flash.note").get_text()
    after = log()[len(before):]
    assert [(e["seq"], e["kind"]) for e in after] == [(len(before) + 1, "hand"), (len(before) + 2, "move")]
    assert after[1]["data"]["token"] == "6:6" and after[1]["data"]["player"] == "Анфиса"
    with app.app_context():
        ops = [r[0] for r in get_db().execute("SELECT op FROM events WHERE match_id = ? ORDER BY seq",
                                              [match()["id"]])]
    assert ops[-2:] == ["tap-opening-1", None]
    kept_is_the_replay()
    # the same tap sent again (a reply lost): recorded once, nothing more stored
    again = client.post(edit + "/hand", data=data)
    assert again.status_code in (200, 302) and log()[len(before):] == after
