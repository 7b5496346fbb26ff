"""Each match's checkpoint (``states.checkpoint``, ``store.checkpoints``): written when a hand ends,
a worker that has kept nothing (the other worker, a restart) goes on from it and replays the hand
after it only, and draws exactly the pages of a replay of the whole log; a checkpoint that is not
the log's (damaged, stale, of another engine, of a log changed below it) is ignored.
"""

from __future__ import annotations

import json
import random

import pytest

from referee import record
from referee.matches import replay, states
from referee.web import get_db, service, store
from referee.matches.log import goes_on
from referee.matches.replay import phase
from test_web_states import Worker, options, post, step
from webhelpers import new_match


class Replays:
    """Counts the hands the engine replays (``record._replay_hand``) while it is on."""

    def __init__(self, monkeypatch):
        self.n = 0
        real = record._replay_hand

        def counted(*a, **k):
            self.n += 1
            return real(*a, **k)

        monkeypatch.setattr(record, "_replay_hand", counted)

    def __call__(self, fn):
        self.n = 0
        out = fn()
        return out, self.n


def cold_state(w: Worker, m: dict):
    """The state a worker with nothing kept makes of the match (``MatchService.load``)."""
    with w.app.test_request_context():
        service().states.clear()
        return service().load(m)[1]


def stored_checkpoint(w: Worker, m: dict) -> dict | None:
    with w.app.app_context():
        return store.checkpoint(get_db(), m["id"])


def play(w: Worker, edit: str, seed: int, variant: str, until_hands: int, most: int = 400):
    """Random legal changes through the pages (moves, draws, ends of turn, undos, results, the
    tiles left) until ``until_hands`` hands have ended; yields after each change."""
    rng = random.Random(seed)
    for _ in range(most):
        step(w, edit, rng, variant)
        m = w.match(edit)
        fresh = w.fresh(m)
        yield m, fresh
        ended = [h for h in fresh.report.get("hands") or [] if h.get("end") is not None]
        if len(ended) >= until_hands and phase(fresh) == "next" or phase(fresh) == "over":
            return


def between_hands(state) -> bool:
    return replay.checkpoint_of(state) is not None


def test_a_checkpoint_is_written_when_a_hand_ends_and_covers_the_log_up_to_it(tmp_path):
    a = Worker(str(tmp_path / "cp.db"))
    edit = new_match(a.client, "traditional", ["Анфиса", "Всеволод"], options("traditional", 2, target=200))
    written_at = None  # the event count when the match was last between hands
    expected = None  # and its finished hands then
    ends = 0
    for m, fresh in play(a, edit, seed=3, variant="traditional", until_hands=3):
        cp = stored_checkpoint(a, m)
        if between_hands(fresh):
            if written_at != fresh.count:
                ends += 1
            written_at = fresh.count
            expected = [(h["number"], h["points"]) for h in fresh.report["hands"]]
        if written_at is None:
            assert cp is None
        else:
            # the finished hands as the replay of the log up to it reported them
            assert cp is not None and cp["count"] == written_at
            data = json.loads(cp["data"])
            assert [(h["number"], h["points"]) for h in data["hands"]] == expected
    assert ends >= 3


@pytest.mark.parametrize("variant,players,opts,seed", [
    # «Козёл» in pairs: what hangs and the eggs pass from hand to hand
    ("traditional", 4, {"scoring": "kozel", "teams": "pairs", "kozel_min": 40, "eggs": "yes", "limit": 120}, 5),
    ("muggins", 2, {"target": 120}, 7),  # points during play
])
def test_a_cold_worker_goes_on_from_the_checkpoint_and_draws_the_logs_replay(tmp_path, monkeypatch, variant,
                                                                            players, opts, seed):
    path = str(tmp_path / "cold.db")
    a, cold, scratch = Worker(path), Worker(path), Worker(path)
    names = ["Анфиса", "Всеволод", "Жан", "Стас"][:players]
    edit = new_match(a.client, variant, names, options(variant, players, **opts))
    replays = Replays(monkeypatch)
    from_checkpoint = states.from_checkpoint
    used = 0
    for i, (m, fresh) in enumerate(play(a, edit, seed=seed, variant=variant, until_hands=3)):
        cp = stored_checkpoint(a, m)
        state, replayed = replays(lambda: cold_state(cold, m))  # noqa: B023 - called at once
        since = {e["kind"] for e in fresh.events[cp["count"]:]} if cp is not None else set()
        if cp is not None and not since & {"rename", "correct"}:
            used += 1
            # the hand after the checkpoint is replayed, not the match; after an undo since, the
            # hand before it too (as from a kept state); a rename or a correction since changes
            # the hands before: the whole log is replayed, as from a kept state
            most = 1 if goes_on(fresh.events, cp["count"]) else 2
            assert replayed <= most, (i, replayed, len(fresh.hands), cp["count"])
        assert state.report == fresh.report and state.count == fresh.count
        m = a.match(edit)
        view = f"/s/{m['view_key']}"
        urls = (edit, edit + "/score", view, f"/m/{m['edit_key']}/sheets") if i % 6 == 0 else \
            (edit, view) if i % 2 == 0 else ()
        for url in urls:
            for w in (cold, scratch):
                with w.app.app_context():
                    service().states.clear()
            with monkeypatch.context() as mp:
                mp.setattr(states, "from_checkpoint", lambda db, m, evs: None)  # the whole log replayed
                whole = scratch.page(url)
            assert states.from_checkpoint is from_checkpoint
            assert cold.page(url) == whole, (i, url)
    assert used >= 5
    # a replay without the checkpoint replays every hand: the count above is of hands
    _state, replayed = replays(lambda: cold_state(scratch, m) if stored_checkpoint(a, m) is None
                               else _without_checkpoint(scratch, m, monkeypatch))
    assert replayed == len(fresh.hands) >= 3


def _without_checkpoint(w: Worker, m: dict, monkeypatch):
    with monkeypatch.context() as mp:
        mp.setattr(states, "from_checkpoint", lambda db, m, evs: None)
        return cold_state(w, m)


def _match_with_hands(tmp_path, hands: int = 3):
    path = str(tmp_path / "bad.db")
    a = Worker(path)
    edit = new_match(a.client, "traditional", ["Анфиса", "Всеволод"], options("traditional", 2, target=500))
    for k in range(hands):
        assert post(a, edit, "/result", {"out": "Анфиса" if k % 2 else "Всеволод",
                                         "left_0" if k % 2 == 0 else "left_1": str(5 + k)}).status_code == 302
    assert post(a, edit, "/hand", {}).status_code == 302  # a hand in play after the checkpoint
    m = a.match(edit)
    cp = stored_checkpoint(a, m)
    assert cp is not None and cp["count"] == hands
    return a, edit, m, cp


def _set(w: Worker, m: dict, sql: str, params: list) -> None:
    with w.app.app_context():
        db = get_db()
        with db.conn:
            db.conn.execute(sql, params)


BAD = {
    # the data changed (a hand's points) without its digest
    "damaged data": lambda cp: ("UPDATE checkpoints SET data = ? WHERE match_id = ?",
                                [cp["data"].replace('"points":{', '"points":{"x":999,', 1)]),
    "not JSON": lambda cp: ("UPDATE checkpoints SET data = ? WHERE match_id = ?", ["{not json"]),
    "another digest": lambda cp: ("UPDATE checkpoints SET digest = ? WHERE match_id = ?", ["0" * 64]),
    "more events than the log": lambda cp: ("UPDATE checkpoints SET count = ? WHERE match_id = ?", [99]),
    "fewer events than it says": lambda cp: ("UPDATE checkpoints SET count = ? WHERE match_id = ?", [2]),
    # the log below the checkpoint is not the log it was made from
    "the log changed": lambda cp: ("UPDATE events SET data = ? WHERE seq = 2 AND match_id = ?",
                                   [json.dumps({"result": {"out": "Анфиса", "left": {"Всеволод": 20}}})]),
}


@pytest.mark.parametrize("how", list(BAD))
def test_a_checkpoint_that_is_not_the_logs_is_ignored_and_the_log_replayed(tmp_path, monkeypatch, how):
    a, edit, m, cp = _match_with_hands(tmp_path)
    sql, params = BAD[how](cp)
    _set(a, m, sql, params + [m["id"]])
    replays = Replays(monkeypatch)
    state, replayed = replays(lambda: cold_state(a, m))
    assert replayed == 4  # every hand of the log
    fresh = a.fresh(m)
    assert state.report == fresh.report
    with a.app.app_context():
        service().states.clear()
    page = a.page(edit + "/score")
    with monkeypatch.context() as mp:
        mp.setattr(states, "from_checkpoint", lambda db, m, evs: None)
        with a.app.app_context():
            service().states.clear()
        assert a.page(edit + "/score") == page


def test_a_checkpoint_made_by_another_engine_is_ignored(tmp_path, monkeypatch):
    a, edit, m, cp = _match_with_hands(tmp_path)
    replays = Replays(monkeypatch)
    assert replays(lambda: cold_state(a, m))[1] == 1  # the checkpoint's own engine: one hand
    monkeypatch.setattr(states, "engine_digest", lambda: "another engine")
    assert replays(lambda: cold_state(a, m))[1] == 4


def test_todays_database_opens_unchanged_and_gains_the_checkpoints(tmp_path, monkeypatch):
    """A database made before checkpoints opens with its matches and events as they were; the
    migration adds the table, a worker with nothing kept replays the whole log, and the next
    hand's end writes the checkpoint."""
    import sqlite3

    a, edit, m, _cp = _match_with_hands(tmp_path)
    db_path = a.app.config["DATABASE"]
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute("DROP TABLE checkpoints")
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm007_checkpoints'")
    before = (conn.execute("SELECT * FROM events ORDER BY id").fetchall(),
              conn.execute("SELECT * FROM matches ORDER BY id").fetchall())
    conn.close()
    store._migrated.clear()
    db = store.open_db(db_path)
    try:
        assert db["checkpoints"].exists() and db["checkpoints"].count == 0
        assert (db.execute("SELECT * FROM events ORDER BY id").fetchall(),
                db.execute("SELECT * FROM matches ORDER BY id").fetchall()) == before
    finally:
        db.conn.close()
    fresh = Worker(db_path)
    replays = Replays(monkeypatch)
    state, replayed = replays(lambda: cold_state(fresh, m))
    assert replayed == 4 and state.report == a.fresh(m).report
    assert post(fresh, edit, "/undo", {"confirm": "1"}).status_code == 302  # the hand in play taken back
    assert post(fresh, edit, "/result", {"out": "Анфиса", "left_1": "9"}).status_code == 302
    assert stored_checkpoint(fresh, m)["count"] == 6



def test_a_hands_start_replays_that_hand_only(tmp_path, monkeypatch):
    """A worker that keeps the match between hands replays the new hand only when it starts (not
    the hand before it too), and keeps the log's replay."""
    a = Worker(str(tmp_path / "start.db"))
    edit = new_match(a.client, "traditional", ["Анфиса", "Всеволод"], options("traditional", 2, target=500))
    for k in range(3):
        assert post(a, edit, "/result", {"out": "Анфиса", "left_1": str(5 + k)}).status_code == 302
    a.page(edit)  # kept: three hands, all finished
    replays = Replays(monkeypatch)
    resp, replayed = replays(lambda: post(a, edit, "/hand", {}))
    assert resp.status_code == 302 and replayed == 1
    m = a.match(edit)
    assert a.kept(m).report == a.fresh(m).report


def _import(w: Worker, text: str) -> dict:
    """Import ``text`` through the import page; the stored copy."""
    from webhelpers import csrf_of

    page = w.client.get("/import")
    resp = w.client.post("/import", data={"csrf_token": csrf_of(page), "text": text})
    assert resp.status_code == 302, resp.get_data(as_text=True)[-800:]
    return w.match(resp.headers["Location"].removesuffix("/score"))


@pytest.mark.parametrize("with_log", [True, False], ids=["export with its log", "record without a log"])
def test_an_imported_match_has_its_checkpoint_and_a_cold_worker_replays_one_hand(tmp_path, monkeypatch,
                                                                                 with_log):
    a, edit, m, cp = _match_with_hands(tmp_path, hands=3)
    exported = json.loads(a.client.get(edit + "/export").get_data(as_text=True))
    if not with_log:
        del exported["log"]  # a record as `referee check` reads it: its hands, no changes
    copy = _import(a, json.dumps(exported, ensure_ascii=False))
    got = stored_checkpoint(a, copy)
    assert got is not None
    fresh = a.fresh(copy)
    # the three results, not the hand in play after them (the record without a log holds it
    # too, as the hand's record)
    assert (got["count"], fresh.count) == (3, 4)
    replays = Replays(monkeypatch)
    state, replayed = replays(lambda: cold_state(a, copy))
    assert state.report == fresh.report and state.count == fresh.count
    assert replayed <= 1, replayed
    # and without the checkpoint the same cold load replays every finished hand
    with a.app.app_context():
        store.put_checkpoint(get_db(), copy["id"], got["count"], "0" * 64, got["data"])
    _state, whole = replays(lambda: cold_state(a, copy))
    assert whole >= 3
