"""A kept log (its finished hands' events as compressed text, the rest as events) reads as the list
of events it stands for, and the changes in force read from its tail alone are those the whole
log's undo replay gives: random logs with undos and redos anywhere, grown as a table grows them
(a change at a time, or several together, each time settled as a kept state settles it)."""

from __future__ import annotations

import gc

from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.matches import log
from referee.matches.kept_log import KeptLog, in_force, kinds_of, settle, with_last

KINDS = ["hand", "hand", "move", "move", "move", "end_turn", "left", "result", "undo", "undo", "redo",
         "rename", "confirm", "correct"]


def event(seq: int, kind: str, stored: bool = True) -> dict:
    data: dict = {"hand": {"deal": {"Анфиса": ["6:6", "0:1"]}, "lead": "Анфиса"}, "move": {"player": "Жан", "token": f"{seq % 7}:{seq % 5}", "open": seq % 3 == 0},
                  "left": {"left": {"Жан": ["1:1"]}}, "result": {"result": {"out": "Жан", "left": {"Стас": 12}}},
                  "rename": {"seat": 1, "from": "Жан", "to": "Иван"}, "confirm": {"hand": 1, "by": "Стас", "verdict": "confirmed"},
                  "correct": {"hand": 1, "record": {"result": {"out": None, "left": {}}}}}.get(kind, {})
    e = {"seq": seq, "kind": kind, "data": data}
    if stored:
        e.update({"at": f"2026-12-03T20:{seq % 60:02d}:00+00:00", "id": 1000 + seq})
    return e


def same_as_list(kept: KeptLog, events: list[dict]) -> None:
    assert len(kept) == len(events)
    assert list(kept) == events
    assert kept == events
    for i in range(len(events)):
        assert kept[i] == events[i]
        assert kept[i - len(events)] == events[i - len(events)]
    for a in (0, kept.head.n, len(events) // 2, len(events)):
        assert list(kept[a:]) == events[a:]
        assert list(kept[:a]) == events[:a]
    # the head's own changes in force, and those a redo may put back, as its events' undo replay
    head_kept, head_undone = log.undo_replayed(events[:kept.head.n])
    assert [events[i] for i in kept.head.kept] == list(head_kept)
    assert [events[i] for _p, i in kept.head.undone] == head_undone
    got_kept, got_undone = in_force(kept)
    want_kept, want_undone = log.undo_replayed(events)
    assert list(got_kept) == list(want_kept) and got_undone == want_undone
    assert [got_kept[i] for i in range(len(got_kept))] == list(want_kept)
    assert list(log.effective(kept)) == list(log.effective(events))
    assert log.redoable(kept) == log.redoable(events)
    assert log.last_undoable(kept) == log.last_undoable(events)
    assert log.verdicts(kept) == log.verdicts(events)
    assert list(kinds_of(kept)) == [e["kind"] for e in events]
    words = frozenset(("confirm", "correct", "rename"))
    assert list(log.in_force_of(kept, words)) == list(log.in_force_of(events, words))
    for e in list(want_kept)[-3:]:
        assert log.hand_number(kept, dict(e)) == log.hand_number(events, e)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(KINDS), st.integers(1, 3)), min_size=1, max_size=40))
# a hand that ends on an undo, then a hand with none: what the first left to redo is forgotten
@example([("hand", 1), ("move", 1), ("undo", 1), ("hand", 1), ("move", 1), ("hand", 1), ("move", 1)])
def test_a_kept_log_reads_as_its_events(steps: list[tuple[str, int]]) -> None:
    events: list[dict] = []
    kept = settle([])
    for kind, together in steps:
        # a change checked on the kept state (not stored yet), then stored with its time and id
        new = [event(len(events) + j + 1, kind if j == 0 else "move", stored=False) for j in range(together)]
        trial = settle(kept + new)
        stored = [event(e["seq"], e["kind"]) for e in new]
        events += stored
        kept = settle(with_last(trial, stored))
        same_as_list(kept, events)
    assert kept.head.n <= len(events)
    # every event before the last start of a hand is held as text
    starts = [i for i, e in enumerate(events) if e["kind"] in ("hand", "result")]
    assert kept.head.n == (starts[-1] if starts else 0)


def test_the_head_holds_no_object_the_collector_tracks() -> None:
    events = [event(1, "hand")] + [event(i, "move") for i in range(2, 40)] + [event(40, "left"), event(41, "hand"),
                                                                             event(42, "move")]
    kept = settle(events)
    gc.collect()
    gc.collect()
    head = kept.head
    assert head.n == 40 and kept.tail == events[40:]
    assert not any(gc.is_tracked(x) for x in (head.texts, head.ends, head.kinds, head.kept, head.undone))
    # the text is compressed: a fraction of the JSON it holds
    assert sum(len(t) for t in head.texts) < len(str(events[:40])) / 3
