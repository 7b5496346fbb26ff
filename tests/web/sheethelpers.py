"""Helpers for the sheets and dispute tests: matches to print and to argue over."""

from __future__ import annotations

import io

from referee.web import get_db, store
from webhelpers import SEED_MOVES, form_data, imported, new_match, tap

SEED_DEAL = {"Анфиса": ["3:2", "3:3", "4:6", "1:3", "5:6", "4:0", "6:6"],
             "Всеволод": ["0:0", "2:0", "1:1", "0:6", "2:6", "2:1", "0:5"]}


def seed_record() -> dict:
    turns = [{"player": ("Анфиса", "Всеволод")[i % 2], "moves": [m]} for i, m in enumerate(SEED_MOVES)]
    return {"format": "referee-record/1", "variant": "traditional", "options": {},
            "players": ["Анфиса", "Всеволод"], "hands": [{"deal": SEED_DEAL, "turns": turns}]}


def imported_seed(client) -> str:
    """The seed hand (deal known, Анфиса goes out: 2 points) imported; its edit URL."""
    return imported(client, seed_record())


def live_match(client, moves: int = 5) -> str:
    """A traditional match whose first hand is in play after ``moves`` seed moves (no deal)."""
    edit = new_match(client)
    client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]'))
    for i, mv in enumerate(SEED_MOVES[:moves]):
        resp = tap(client, edit, mv, leader="Анфиса" if i == 0 else None)
        assert resp.status_code == 302, mv
    return edit


def in_lang(client, lang: str) -> None:
    client.get(f"/lang/{lang}")


def event_count(app, edit: str) -> int:
    key = edit.rstrip("/").split("/")[-1]
    with app.app_context():
        m = store.match_by_key(get_db(), key, "edit_key")
        return store.event_count(get_db(), m["id"])


def pdf_text(data: bytes) -> tuple[str, int]:
    """The text of a PDF (pypdf) and its page count."""
    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    return "\n".join(p.extract_text() for p in reader.pages), len(reader.pages)


KOZEL_PLAYERS = ["Анфиса", "Всеволод", "Мария", "Пётр"]


def played_hand(variant: str, players: list[str], options: dict, seed: int) -> dict:
    """One hand of ``variant`` dealt and played out by the engine's random playout (seeded), as
    a record holds it: its deal, its leader where the rules leave it to the table, its turns."""
    import random

    from referee.rules.catalogue import resolve_options
    from referee.rules.playout import random_hand, walk
    from referee.rules.tiles import tile_str, tiles_of

    rng = random.Random(seed)
    resolved = {k: v for k, v in resolve_options(variant, len(players), options).items() if v is not None}
    h = random_hand(variant, len(players), rng, resolved)
    while h.end == "redeal":
        h = random_hand(variant, len(players), rng, resolved)
    deal = {players[s]: [tile_str(t) for t in tiles_of(h.hands[s])] for s in range(len(players))}
    lead = players[h.to_move] if h.to_move is not None and not h.v.fixed_leader(h) else None
    for _ in walk(h, rng):
        pass
    turns = [{"player": players[s], "moves": list(m)} for s, m in h.turn_log]
    if h.t_moves and not (h.turn_log and h.turn_log[-1][1] is h.t_moves):
        turns.append({"player": players[h.to_move], "moves": list(h.t_moves)})
    hand: dict = {"deal": deal, "turns": turns}
    if lead:
        hand["lead"] = lead
    return hand


def kozel_record(seed: int = 1) -> dict:
    """A «Козёл» match in pairs («как во дворе»): one hand played with its deal."""
    from referee.rules.catalogue import PRESETS

    options = dict(PRESETS["traditional"]["yard"])
    return {"format": "referee-record/1", "variant": "traditional", "options": options,
            "players": KOZEL_PLAYERS,
            "hands": [played_hand("traditional", KOZEL_PLAYERS, options, seed)]}
