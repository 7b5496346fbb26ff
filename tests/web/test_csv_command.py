"""``referee csv`` reads the server's matches from either database: the file's path or the
PostgreSQL server's URL that the app itself is given."""

from __future__ import annotations

import csv

from referee.cli import main
from referee.matches import store
from referee.matches.log import record_to_events


def test_referee_csv_writes_every_hand_from_either_database(database, tmp_path):
    db = store.open_db(database)
    try:
        record = {"hands": [{"result": {"out": "Анфиса", "left": {"Всеволод": 12}}},
                            {"result": {"out": "Всеволод", "left": {"Анфиса": 7}}}]}
        store.create_match(db, "traditional", {"target": 100}, ["Анфиса", "Всеволод"],
                           record_to_events(record), lang="ru")
    finally:
        db.conn.close()
    out = tmp_path / "all.csv"
    assert main(["csv", "--database", database, "--output", str(out), "--lang", "en"]) == 0
    rows = list(csv.reader(out.read_text(encoding="utf-8-sig").splitlines()))
    body = rows[1:]
    assert len(body) == 4  # two hands, a row per player per hand
    assert {r[rows[0].index("player")] for r in body} == {"Анфиса", "Всеволод"}
