"""Every export the app makes imports again, whatever its size within the limits: the limits
bound the work (hands, moves, changes, nesting, the corrections' data), and the text's size is
counted without the whitespace between values, sized so that the largest match the limits
allow fits (``limits.MAX_RECORD_BYTES``)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee import create_app, limits
from referee.rules.playout import played_turns, random_hand
from referee.rules.tiles import tile_str
from referee.web import get_db, store
from webhelpers import form_data, soup

OPTIONS = {"later_lead": "same_rule", "target": 100000}


def played_hands(players: list[str], hands: int, seed: int) -> list[dict]:
    """Hands of traditional played move by move from random deals (the deal known, every draw
    named), as many as the limits allow."""
    rng = random.Random(seed)
    out: list[dict] = []
    total = 0
    while len(out) < hands:
        h = random_hand("traditional", len(players), rng, OPTIONS)
        deal = {players[s]: [tile_str(t) for t in h.known_hand(s)] for s in range(len(players))}
        turns = played_turns(h, rng, players)
        moves = sum(len(t["moves"]) for t in turns)
        if total + moves + len(out) + 1 > limits.MAX_EVENTS:
            break
        total += moves
        out.append({"deal": deal, "turns": turns})
    return out


def _import(client, text: str):
    return client.post("/import", data=dict(form_data(client.get("/import"), "form"), text=text))


def _round_trip(client, edit: str) -> dict:
    """Export the match, import the export, export the copy: the two exports the same match."""
    body = client.get(edit + "/export").get_data(as_text=True)
    resp = _import(client, body)
    assert resp.status_code == 302, (len(body), soup(resp).get_text(" ", strip=True)[:300])
    record, again = json.loads(body), client.get(resp.headers["Location"].rsplit("/", 1)[0] + "/export").get_json()
    for k in ("variant", "options", "players", "hands", "created"):
        assert record[k] == again[k], k
    assert [(e["kind"], e["data"], e["at"]) for e in record["log"]] == \
        [(e["kind"], e["data"], e["at"]) for e in again["log"]]
    return {"chars": len(body), "significant": limits.significant_size(body)}


NAMES = ["Александра Константинова", "Елизавета Преображенская", "Владислав Ростиславович",
         "Маргарита Станиславовна"]


def test_the_largest_played_match_exports_and_imports_again(client):
    """60 hands of four players with long names, played move by move: its export (indented)
    is longer than the 400,000 characters a record was once refused above, and imports."""
    record = {"format": "referee-record/1", "variant": "traditional", "options": OPTIONS,
              "players": NAMES, "hands": played_hands(NAMES, limits.MAX_HANDS, 7)}
    resp = _import(client, json.dumps(record, ensure_ascii=False))
    assert resp.status_code == 302, soup(resp).get_text(" ", strip=True)[:300]
    size = _round_trip(client, resp.headers["Location"].rsplit("/", 1)[0])
    assert size["chars"] > 400_000, size


#: characters of names: Latin, Cyrillic, and a 4-byte one (UTF-8)
LETTERS = st.sampled_from(["a", "Я", "ё", "\U0001d4d0"])


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
@given(n=st.integers(2, 4), length=st.integers(1, limits.NAME_MAX), letter=LETTERS,
       hands=st.integers(1, limits.MAX_HANDS), churn=st.integers(0, limits.MAX_EVENTS),
       corrections=st.integers(0, 200), seed=st.integers(0, 1000))
def test_any_export_within_the_limits_imports_again(tmp_path_factory, n, length, letter, hands, churn,
                                                   corrections, seed):
    """A match as the app logs it, at any size within the limits: hands by their result, each
    hand's start taken back and put again (undo, redo), corrections of the first hand until the
    corrections' bound, as many changes as a match may hold; exported, imported, the same."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("db") / "t.db"),
                      "SECRET_KEY": "t"})
    client = app.test_client()
    players = [(letter * length)[:limits.NAME_MAX - 1] + str(i) for i in range(n)]
    rng = random.Random(seed)
    events: list[tuple[str, dict]] = []

    def result() -> dict:
        out = rng.randrange(n)
        return {"out": players[out], "left": {p: rng.randrange(1, 15) for i, p in enumerate(players) if i != out}}

    for _ in range(hands):
        events.append(("result", {"result": result()}))
    first = events[0][1]["result"]
    chars = 0
    for _ in range(corrections):
        fixed = {"result": result()}
        data = {"hand": 1, "record": fixed, "was": {"result": first}, "via": "edit"}
        chars += len(json.dumps(data, ensure_ascii=False))
        if chars > limits.MAX_CORRECTION_CHARS or len(events) >= limits.MAX_EVENTS:
            break
        events.append(("correct", data))
        first = fixed["result"]
    while len(events) + 2 <= min(limits.MAX_EVENTS, hands + corrections + churn):
        events += [("undo", {}), ("redo", {})]
    with app.app_context():
        from referee.rules.catalogue import resolve_options

        options = {k: v for k, v in resolve_options("traditional", n, OPTIONS).items() if v is not None}
        m = store.create_match(get_db(), "traditional", options, players, events)
        with client.session_transaction() as s:
            s["bid"] = "b" * 22
        store.remember(get_db(), "b" * 22, m["id"], True)
    size = _round_trip(client, "/m/" + m["edit_key"])
    assert size["significant"] <= limits.MAX_RECORD_BYTES
