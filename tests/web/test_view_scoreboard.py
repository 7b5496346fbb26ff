"""The read-only view's scoreboard is made once per match fields, report and language
(``share.view_scoreboard``): after every kind of change (moves, results, undos, redos, renames,
corrections, a language switched) the view drawn from what was made before is the view drawn
afresh."""

from __future__ import annotations

import random

import pytest

from referee.web import share
from test_web_states import Worker, options, post, step
from webhelpers import new_match

CASES = [("traditional", 4, {"preset": "kozel"}, 5, 30), ("fives", 2, {}, 8, 5), ("matador", 3, {}, 11, 20)]


@pytest.mark.parametrize("variant,players,opts,seed,least", CASES, ids=[c[0] for c in CASES])
def test_the_views_scoreboard_made_before_is_the_one_drawn_afresh(tmp_path, variant, players, opts, seed, least):
    w = Worker(str(tmp_path / "view.db"))
    names = ["Анфиса", "Всеволод", "Жан", "Стас"][:players]
    edit = new_match(w.client, variant, names, options(variant, players, **opts))
    rng = random.Random(seed)
    hits = 0
    for i in range(70):
        step(w, edit, rng, variant)
        m = w.match(edit)
        url = f"/s/{m['view_key']}"
        for lang in ("ru", "en") if i % 5 == 0 else ("ru",):
            w.client.get(f"/lang/{lang}")
            share._VIEWS.clear()  # the page drawn (not the kept view): its scoreboard made or kept
            before = set(share._BOARDS)
            kept = w.page(url)  # made now or taken from what was made before
            hits += set(share._BOARDS) == before
            share._BOARDS.clear()
            share._VIEWS.clear()
            assert w.page(url) == kept, (i, lang)
            share._BOARDS.clear()
            share._VIEWS.clear()
            w.page(url)  # what the next view finds made
    print(variant, hits)
    assert hits >= least  # views between two changes of the score took the scoreboard made before


def test_what_is_kept_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(share, "_BOARDS_KEPT", 3)
    w = Worker(str(tmp_path / "bound.db"))
    share._BOARDS.clear()
    for k in range(5):
        edit = new_match(w.client, "traditional", ["Анфиса", f"Жан{k}"], options("traditional", 2))
        assert post(w, edit, "/result", {"out": "Анфиса", "left_1": str(5 + k)}).status_code == 302
        share._VIEWS.clear()
        w.page(f"/s/{w.match(edit)['view_key']}")
    assert len(share._BOARDS) == 3
