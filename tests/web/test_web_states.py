"""The kept states (``referee.matches.states``) are the log's replay, whatever happened before.

Seeded matches are played through the pages by two workers (two apps on one database, each with
its own kept states), with random legal moves, draws, passes, ends of turn, undos (across the
start of a hand too), hands by their result and the tiles left. After every change the state each
worker keeps is compared with a replay of the stored log from scratch, and the table, the score
and the sheets page drawn from it with the pages a worker with nothing kept draws.
"""

from __future__ import annotations

import random
import re

import pytest

from referee import create_app
from referee.rules.playout import END_TURN, _random_draw, choices, random_deal
from referee.rules.tiles import tile_str
from referee.matches import replay, states, turns
from referee.web import get_db, service, store
from referee.matches.log import redoable
from referee.matches.replay import phase
from webhelpers import csrf_of, new_match, soup


CSRF = re.compile(r'name="csrf_token"[^>]*value="[^"]*"|value="[^"]*"[^>]*name="csrf_token"')
#: what a page says once to the browser that made the change («Undone: …»): its session's, not the
#: match's
FLASH = re.compile(r'<p class="flash[^"]*"[^>]*>.*?</p>', re.S)


def options(variant: str, players: int, **given) -> dict:
    from referee.rules import catalogue

    out = {}
    for o in catalogue.spec(variant).options:
        d = o.default_for(players, {})
        out[f"opt_{o.key}"] = "" if d is None else str(d)
    out.update({f"opt_{k}": str(v) for k, v in given.items()})
    return out


CASES = [
    # variant, players, options, seed, steps
    ("traditional", 2, {"target": 40}, 1, 150),
    # «Козёл» in pairs: what hangs and the eggs pass from hand to hand
    ("traditional", 4, {"scoring": "kozel", "teams": "pairs", "kozel_min": 40, "eggs": "yes", "limit": 90},
     5, 110),
    ("blitz", 4, {}, 2, 100),
    ("muggins", 2, {"target": 60}, 3, 100),
    ("sevastopol", 4, {}, 4, 80),
]


def live_sig(h):
    """What the live hand is, as far as a page or the next move can tell."""
    if h is None:
        return None
    return (list(h.history), list(h.counts), list(h.hands), list(h.known), list(h.scores), h.to_move,
            h.over, h.end, h.winner, h.turn_open, h.layout.mask, sorted(h.legal_tokens()),
            turns.hand_view(h))


def assert_same(m, kept, fresh):
    assert kept.count == fresh.count
    assert [h.to_record() for h in kept.hands] == [h.to_record() for h in fresh.hands]
    assert kept.report == fresh.report
    assert (vars(kept.error) if kept.error else None) == (vars(fresh.error) if fresh.error else None)
    assert live_sig(kept.live) == live_sig(fresh.live)
    assert live_sig(kept.ended) == live_sig(fresh.ended)
    assert phase(kept) == phase(fresh)
    # what the replay counts of the hands it went on after: as counted afresh from the log's fold
    k, counted = kept.prior
    assert counted == sum(1 + (0 if h.result is not None else sum(len(t.moves) for t in h.turns))
                          for h in fresh.hands[:k])
    assert kept.seqs == fresh.seqs == all("seq" in e for e in kept.events)
    if fresh.rep is not None:
        from referee import pdf

        assert pdf.add_in_play(kept.rep.to_json(), kept.rep) == pdf.add_in_play(fresh.rep.to_json(), fresh.rep)


class Worker:
    """One app (one worker's kept states) on the shared database, with its own browser."""

    def __init__(self, path: str):
        self.app = create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "states-secret"})
        self.client = self.app.test_client()

    def match(self, edit: str):
        with self.app.app_context():
            return store.match_by_key(get_db(), edit.rsplit("/", 1)[-1], "edit_key")

    def kept(self, m):
        with self.app.app_context():
            return service().states.get(m)

    def fresh(self, m):
        with self.app.app_context():
            return replay.replay(m, store.events(get_db(), m["id"]))

    def page(self, url: str) -> str:
        resp = self.client.get(url)
        assert resp.status_code == 200
        return FLASH.sub("", CSRF.sub("", resp.get_data(as_text=True)))


def post(w: Worker, edit: str, path: str, data: dict, asked: bool = False):
    page = w.client.get(edit)
    n = soup(page).select_one('input[name="n"]')["value"]
    resp = w.client.post(edit + path, data={"csrf_token": csrf_of(page), "n": n, **data})
    if data.get("confirm") == "1" and resp.status_code == 200:
        # «yes» said to the question the change asks (an undo or a correction of a finished
        # hand): it names what it confirms, so the question's own value is sent
        asks = soup(resp).select_one("form.confirm-undo input[name=confirm], form.correct-form input[name=confirm]")
        if asks is not None:
            resp = w.client.post(edit + path, data={"csrf_token": csrf_of(page), "n": n, **data,
                                                    "confirm": asks["value"]})
    assert resp.status_code in (302, 409, 422) + ((200,) if asked else ()), (path, data, resp.status_code)
    return resp


NAMES = ["Анфиса", "Всеволод", "Жан", "Стас", "Дмитрий", "Ульяна", "Фёдор", "Зоя", "Игнат"]


def life_step(w: Worker, edit: str, m, state, rng: random.Random) -> bool:
    """Now and then a change of the match's life instead of a move: a player renamed, a past
    hand entered by its result corrected, a finished hand confirmed or disputed (each through
    its page). Whether one was tried."""
    players = m["players"]
    finished = [i + 1 for i, h in enumerate(state.report.get("hands") or [])
                if h.get("end") is not None and i < len(state.hands)]
    r = rng.random()
    if r < 0.02:
        seat = rng.randrange(len(players))
        new = rng.choice([n for n in NAMES if n not in players])
        data = {f"name_{i}": (new if i == seat else p) for i, p in enumerate(players)}
        if m["settings"].get("confirm_hands"):
            data["confirm_hands"] = "1"
        post(w, edit, "/players", data)
        return True
    by_result = [n for n in finished if state.hands[n - 1].by_result]
    if r < 0.06 and by_result:
        number = rng.choice(by_result)
        res = state.hands[number - 1].result or {}
        data = {"out": res.get("out") or "", "confirm": "1"}
        for i, p in enumerate(players):
            if p != res.get("out"):
                data[f"left_{i}"] = str(rng.randrange(1, 30))
        post(w, edit, f"/hand/{number}/correct", data)
        return True
    if r < 0.11 and finished and m["settings"].get("confirm_hands"):
        post(w, edit, f"/hand/{rng.choice(finished)}/confirm",
             {"by": rng.choice(players), "verdict": rng.choice(["confirmed", "disputed"])})
        return True
    return False


def step(w: Worker, edit: str, rng: random.Random, variant: str) -> None:
    """One random change through the pages, as a player would make it (some refused)."""
    m = w.match(edit)
    players = m["players"]
    state = w.fresh(m)
    ph = phase(state)
    if life_step(w, edit, m, state, rng):
        return
    with w.app.app_context():
        evs = store.events(get_db(), m["id"])
    if redoable(evs) is not None and rng.random() < 0.4:
        assert post(w, edit, "/redo", {}).status_code == 302
        return
    if ph != "over" and state.hands and rng.random() < 0.08:
        # undoing a hand's start or a result is asked first: sometimes asked and left
        ask = rng.random() < 0.3
        resp = post(w, edit, "/undo", {} if ask else {"confirm": "1"}, asked=ask)
        if resp.status_code == 200:
            with w.app.app_context():
                assert store.events(get_db(), m["id"]) == evs  # asked: nothing changed
        return
    if ph == "next":
        if rng.random() < 0.15:
            out = rng.choice(players)
            data = {"out": out}
            for i, p in enumerate(players):
                if p != out:
                    data[f"left_{i}"] = str(rng.randrange(1, 30))
            post(w, edit, "/result", data)
            return
        data = {}
        if rng.random() < 0.6:
            from referee.rules.variants import make_variant

            deal, _removed, _starter = random_deal(make_variant(variant, len(players), m["options"]),
                                                   len(players), rng)
            data = {f"deal_{i}": " ".join(tile_str(t) for t in tiles) for i, tiles in enumerate(deal)}
        post(w, edit, "/hand", data)
        return
    if ph == "left":
        asked = [p for p in players if p in (state.error.params.get("players") or players)]
        post(w, edit, "/left", {f"pips_{players.index(p)}": str(rng.randrange(0, 25)) for p in asked})
        return
    if ph != "play":
        return
    h = turns.clone(state.live)
    data = {}
    if h.to_move is None:
        leader = rng.choice(players)
        h.set_leader(players.index(leader))
        data["leader"] = leader
    opts = choices(h)
    if not opts:
        post(w, edit, "/undo", {"confirm": "1"})
        return
    tok = rng.choice(opts)
    if tok == END_TURN:
        post(w, edit, "/end-turn", {})
        return
    if tok == "draw":
        tok = _random_draw(h, rng)
    post(w, edit, "/move", {**data, "token": tok})


@pytest.mark.parametrize("variant,players,opts,seed,steps", CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_kept_states_are_the_logs_replay(tmp_path, variant, players, opts, seed, steps):
    path = str(tmp_path / "states.db")
    a, b, nothing_kept = Worker(path), Worker(path), Worker(path)
    names = ["Анфиса", "Всеволод", "Жан", "Стас", "Дмитрий"][:players]
    edit = new_match(a.client, variant, names, options(variant, players, **opts))
    m = a.match(edit)
    # opponents confirm hands in this match (a confirmation is logged; the replay never reads it)
    assert post(a, edit, "/players", {f"name_{i}": p for i, p in enumerate(names)} | {"confirm_hands": "1"}
                ).status_code == 302
    rng = random.Random(seed)
    gone_on = 0
    for i in range(steps):
        w = a if rng.random() < 0.75 else b  # the other worker takes some moves
        before = w.kept(m)
        step(w, edit, rng, variant)
        m = w.match(edit)  # a rename changes the match's players
        fresh = w.fresh(m)
        for worker in (a, b):
            # each worker draws its pages from its kept state (going on from it after the other
            # worker's changes): the same pages as a worker with nothing kept
            urls = (edit, edit + "/score", f"/m/{m['edit_key']}/sheets") if i % 4 == 0 else (edit,)
            for url in urls:
                with nothing_kept.app.app_context():
                    service().states.clear()
                assert worker.page(url) == nothing_kept.page(url), (i, url)
            assert_same(m, worker.kept(m), fresh)
        if i % 4 == 0 and fresh.hands and not fresh.hands[-1].by_result:
            # the step-through takes who won the hands before from the kept replay: the same
            # position as when it replays them
            from referee.web.dispute import _report_before, hand_at

            number, moves = len(fresh.hands), sum(len(t.moves) for t in fresh.hands[-1].turns)
            with a.app.app_context():
                for k in sorted({0, moves // 2, moves}):
                    on, err_on = hand_at(m, fresh.hands, number, k, report=_report_before(fresh, number))
                    whole, err_whole = hand_at(m, fresh.hands, number, k)
                    assert live_sig(on) == live_sig(whole), (i, k)
                    assert (vars(err_on) if err_on else None) == (vars(err_whole) if err_whole else None)
        if before is not None and before.count < fresh.count:
            gone_on += 1
        if phase(fresh) == "over":
            break
    # the run went through what it is meant to test
    assert gone_on > steps // 3
    assert len(fresh.hands) >= 2
    with a.app.app_context():
        kinds = [e["kind"] for e in store.events(get_db(), m["id"])]
    assert "undo" in kinds and "redo" in kinds and {"rename", "correct", "confirm"} & set(kinds), kinds


def _two_workers_a_hand_on(path: str) -> tuple[Worker, Worker, str, dict]:
    """Two workers on one database; worker A has entered hand 1 by its result (Анфиса out,
    12 points), begun hand 2 and drawn the score page (it keeps the state): A, B, the edit URL
    and the match."""
    a, b = Worker(path), Worker(path)
    edit = new_match(a.client, "traditional", ["Анфиса", "Всеволод"], options("traditional", 2))
    m = a.match(edit)
    assert post(a, edit, "/result", {"out": "Анфиса", "left_1": "12"}).status_code == 302
    assert post(a, edit, "/hand", {}).status_code == 302
    assert a.page(edit + "/score")
    return a, b, edit, m


def test_a_worker_behind_by_undos_across_a_hand_replays_what_changed(tmp_path):
    """Worker A kept hand 1 finished and hand 2 begun; worker B then undoes hand 2 and hand 1's
    result and enters hand 1 again otherwise: A goes on from its kept state and must not keep its
    hand 1."""
    a, b, edit, m = _two_workers_a_hand_on(str(tmp_path / "behind.db"))
    kept = a.kept(m)
    assert kept.count == 2 and kept.report["totals"] == {"Анфиса": 12, "Всеволод": 0}
    for path_, data in (("/undo", {"confirm": "1"}), ("/undo", {"confirm": "1"}), ("/result", {"out": "Всеволод", "left_0": "7"}),
                        ("/hand", {})):
        assert post(b, edit, path_, data).status_code == 302
    page = soup(a.client.get(edit + "/score"))
    now = a.kept(m)
    assert now.count == 6 and now is not kept
    assert now.report["totals"] == {"Анфиса": 0, "Всеволод": 7}
    assert_same(m, now, a.fresh(m))
    assert "7" in page.select_one("table").get_text()


def test_a_correction_or_a_rename_by_another_worker_is_replayed_whole(tmp_path):
    """Worker A kept hand 1 finished and hand 2 begun; worker B corrects hand 1 (another result)
    and renames a player: A's next pages come from a whole replay, the same as from scratch."""
    from referee.matches.log import to_record

    a, b, edit, m = _two_workers_a_hand_on(str(tmp_path / "edits.db"))
    assert a.kept(m).report["totals"] == {"Анфиса": 12, "Всеволод": 0}
    with b.app.app_context():
        db = get_db()
        n = store.event_count(db, m["id"])
        hand1 = replay.replay(m, store.events(db, m["id"])).hands[0].to_record()
        fixed = {"result": dict(hand1["result"], left={"Всеволод": 20})}
        store.append_event(db, m["id"], n, "correct",
                           {"hand": 1, "record": fixed, "was": hand1, "via": "edit"})
        store.rename_player(db, m["id"], n + 1, 1, "Сева")
    m = a.match(edit)
    page = a.page(edit + "/score")
    now = a.kept(m)
    assert now.report["totals"] == {"Анфиса": 20, "Сева": 0}
    assert_same(m, now, a.fresh(m))
    with a.app.app_context():
        service().states.clear()
    assert a.page(edit + "/score") == page
    assert to_record(m, now.hands)["players"] == ["Анфиса", "Сева"]


def test_the_list_and_the_player_pages_from_kept_states_are_a_replay_from_scratch(tmp_path):
    """The match list, the players, a player's page and the CSV exports are drawn from the kept
    states (no replay of every match per visit): after each change, in one browser's list of
    three matches moved by two workers, they are the pages a worker with nothing kept draws."""
    path = str(tmp_path / "players.db")
    a, b, nothing_kept = Worker(path), Worker(path), Worker(path)
    names = ["Анфиса", "Всеволод", "Жан"]
    games = [("traditional", names[:2], {"target": 30}), ("muggins", [names[2], names[0]], {"target": 40}),
             ("sevastopol", names + ["Стас"], {})]
    edits, ms = [], []
    for variant, players, opts in games:
        edit = new_match(a.client, variant, players, options(variant, len(players), **opts))
        edits.append(edit)
        ms.append(a.match(edit))
    cookie = a.client.get_cookie("session").value
    for w in (b, nothing_kept):  # the same browser (one secret key): the same list
        w.client.set_cookie("session", cookie)
    rng = random.Random(11)
    urls = ["/", "/players", "/players/all.csv"] + [f"/players/{n}" for n in NAMES] + \
        [f"/players/{n}.csv" for n in NAMES]
    seen_hands = 0
    for i in range(90):
        g = rng.randrange(len(games))
        w = a if rng.random() < 0.7 else b
        step(w, edits[g], rng, games[g][0])
        ms[g] = w.match(edits[g])
        if i % 3:
            continue
        for url in urls:
            with nothing_kept.app.app_context():
                service().states.clear()
            want = nothing_kept.client.get(url)
            got = a.client.get(url)
            if want.status_code == 404:  # a player with no match in the list yet
                assert got.status_code == 404, url
                continue
            assert got.status_code == want.status_code == 200, url
            assert FLASH.sub("", CSRF.sub("", got.get_data(as_text=True))) == \
                CSRF.sub("", want.get_data(as_text=True)), (i, url)
        for m in ms:
            assert_same(m, a.kept(m), a.fresh(m))
        seen_hands = sum(len(a.fresh(m).hands) for m in ms)
    # the run went through what it is meant to test: hands in every match, the pages kept
    assert seen_hands >= 6
    assert all(a.kept(m) is not None for m in ms)
    import csv
    import io

    rows = list(csv.reader(io.StringIO(a.client.get("/players/all.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert len(rows) - 1 == sum(len(m["players"]) * len(a.fresh(m).report["hands"]) for m in ms) > 0


def test_a_redo_after_a_rename_puts_the_move_back_where_it_stood(tmp_path):
    """A move, a rename of its player, an undo (it passes over the rename and takes the move),
    a redo: the move is back before the rename (it names the player as he was then), accepted,
    and the kept state is the replay from scratch. Found by the seeded run above: the redo put
    the move after the rename and was refused («Анфиса» is not at this table)."""
    from referee.matches.log import effective

    log = [{"seq": 1, "kind": "hand", "data": {}},
           {"seq": 2, "kind": "move", "data": {"player": "A", "token": "6:6", "open": False}},
           {"seq": 3, "kind": "rename", "data": {"seat": 0, "from": "A", "to": "B"}},
           {"seq": 4, "kind": "undo", "data": {}}, {"seq": 5, "kind": "redo", "data": {}}]
    assert [e["seq"] for e in effective(log)] == [1, 2, 3]
    assert [e["seq"] for e in effective(log[:4])] == [1, 3]
    path = str(tmp_path / "redo.db")
    a, b = Worker(path), Worker(path)
    names = ["Анфиса", "Всеволод"]
    edit = new_match(a.client, "traditional", names, options("traditional", 2))
    assert post(a, edit, "/hand", {}).status_code == 302
    assert post(a, edit, "/move", {"leader": "Анфиса", "token": "6:6"}).status_code == 302
    assert post(a, edit, "/players", {"name_0": "Стас", "name_1": "Всеволод"}).status_code == 302
    assert post(b, edit, "/undo", {"confirm": "1"}).status_code == 302
    m = a.match(edit)
    assert a.fresh(m).hands[-1].turns == []
    assert post(a, edit, "/redo", {}).status_code == 302
    m = a.match(edit)
    fresh = a.fresh(m)
    assert [(t.player, t.moves) for t in fresh.hands[-1].turns] == [("Стас", ("6:6",))]
    a.page(edit)
    assert_same(m, a.kept(m), fresh)


def test_the_kept_states_are_bounded_by_matches_and_by_changes():
    """The worker keeps at most ``size`` matches and ``events`` changes in all; the match unused
    the longest goes first, a later state of a match replaces its earlier one."""
    from types import SimpleNamespace

    def state(count):
        return SimpleNamespace(count=count)

    kept = states.States(size=3, events=100)
    ms = [{"id": i, "edit_key": f"k{i}"} for i in range(5)]
    kept.put(ms[0], state(40))
    kept.put(ms[1], state(40))
    assert kept.get(ms[0]).count == 40  # used: ms[1] is now the one unused the longest
    kept.put(ms[2], state(30))  # 110 changes: ms[1] goes
    assert kept.get(ms[1]) is None and kept.get(ms[0]) is not None and kept.get(ms[2]) is not None
    kept.put(ms[0], state(50))  # the later state replaces the earlier: 80 changes
    kept.put(ms[0], state(45))  # an earlier one never replaces a later one
    assert kept.get(ms[0]).count == 50
    for m in ms[3:]:
        kept.put(m, state(1))  # four matches: the one unused the longest goes
    assert [kept.get(m) is not None for m in ms] == [True, False, False, True, True]
    kept.put(ms[4], state(200))  # more than the bound alone: kept, the others go
    assert [kept.get(m) is not None for m in ms] == [False, False, False, False, True]
