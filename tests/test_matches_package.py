"""The match service (``referee/matches/``) is the app's without the web: importing every module
of it loads neither Flask nor anything of ``referee.web``."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import referee.matches


def test_the_match_service_loads_no_flask():
    modules = [f"referee.matches.{m.name}" for m in pkgutil.iter_modules(referee.matches.__path__)]
    assert {"referee.matches.events", "referee.matches.spreadsheet", "referee.matches.replay", "referee.matches.turns",
            "referee.matches.states", "referee.matches.service"} <= set(modules)
    code = ("import sys\n" + "".join(f"import {m}\n" for m in modules) +
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'werkzeug', 'flask_babel', "
            "'flask_wtf', 'jinja2', 'sqlite_utils', 'weasyprint') or m.startswith('referee.web'))\n"
            "print(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).resolve().parents[1])
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_each_kind_folds_by_the_registry():
    """The log reader folds every change in force by its kind's ``fold``; an undo and a redo are
    applied before the fold and have none; a kind that starts a hand adds one hand and its mark."""
    from referee.matches import events, fold, log

    assert {k.name for k in events.KINDS.values() if k.fold is None} == {"undo", "redo", "confirm"}
    samples = {"hand": {"lead": "A"}, "result": {"result": {"out": "A", "left": {"B": 3}}}}
    for name in events.STARTS_HAND:
        out = fold.Folded([], [], 0)
        kind_fold = events.KINDS[name].fold
        assert kind_fold is not None
        kind_fold(out, {"kind": name, "data": samples[name], "seq": 7})
        assert len(out.hands) == 1 and out.marks == [(0, 7)]
    evs = [{"kind": "hand", "data": {}, "seq": 1},
           {"kind": "move", "data": {"player": "A", "token": "6:6", "open": True}, "seq": 2},
           {"kind": "end_turn", "data": {}, "seq": 3},
           {"kind": "rename", "data": {"seat": 0, "from": "A", "to": "Z"}, "seq": 4},
           {"kind": "confirm", "data": {"hand": 1, "by": "B", "verdict": "confirmed"}, "seq": 5}]
    [h] = log.fold(evs)
    assert [(t.player, t.moves, t.open) for t in h.turns] == [("Z", ("6:6",), False)]
