"""Who leads and who shuffles the next hand (``replay.next_lead``) is found once per replayed
state and kept on it: asked again it is the same without reading the record again, and asked for
the match with other names (a rename) it is found again under those names."""

from __future__ import annotations

from referee import record as rec
from referee.matches import replay
from test_web_states import Worker, options, post
from webhelpers import new_match


def test_the_next_lead_kept_on_a_state_is_found_again_for_other_names(tmp_path, monkeypatch):
    w = Worker(str(tmp_path / "lead.db"))
    edit = new_match(w.client, "traditional", ["Анфиса", "Жан"], options("traditional", 2, preset="kozel"))
    assert post(w, edit, "/result", {"out": "Анфиса", "left_1": "7"}).status_code == 302
    m = w.match(edit)
    state = w.fresh(m)
    first = replay.next_lead(m, state)
    assert first["shuffler"]["name"] == "Жан"  # the second hand: the second player shuffles
    assert first == replay.next_lead(m, w.fresh(m))

    reads: list[int] = []
    real_read = rec.read
    monkeypatch.setattr(rec, "read", lambda *a, **k: reads.append(1) or real_read(*a, **k))
    again = replay.next_lead(m, state)
    assert again == first and reads == []  # kept on the state
    again["shuffler"]["name"] = "someone else"  # what a caller does to its copy stays its own
    assert replay.next_lead(m, state) == first

    other = dict(m, lang="en" if m.get("lang") != "en" else "ru")  # other match fields: found again
    got = replay.next_lead(other, state)
    assert reads
    assert got == replay.next_lead(other, replay.replay(other, state.events)) == first
