"""``referee csv``: every hand of every match on this server as CSV, for the operator's
spreadsheet (the web app's CSV exports hold only the matches a browser knows).

The figures are the player pages' own (``referee.matches.statistics``, from each match's
scoreboard): one replay of each log, with no web app.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from .words import N_, say

EXIT_REFUSED = 4

#: every message of this command, said in the reader's language (``referee.words``)
WORDS = {
    'no_db': N_("There is no database at %(path)s"),
    'written': N_("Written: %(path)s (%(matches)s matches, %(rows)s rows)"),
}


def write_csv(database: str, out: Any) -> tuple[int, int]:
    """Write the CSV of every match in ``database`` to the text stream ``out``; (matches, rows)."""
    from .matches import spreadsheet, statistics, store
    from .matches import replay

    db = store.open_db(database)
    try:
        facts = [statistics.match_facts(m, replay.replay(dict(m), store.events(db, m["id"])).report)
                 for m in store.list_matches(db)]
    finally:
        db.conn.close()
    facts.sort(key=lambda f: (f["date"], f["id"]))  # as the player pages count them
    # the web app's CSV exactly (a name that reads as a formula is written as text)
    rows = spreadsheet.write(out, statistics.CSV_HEAD, statistics.csv_rows(facts))
    return len(facts), rows


def cmd_csv(args: argparse.Namespace) -> int:
    from .backup import database_of
    from .server import default_lang

    lang = args.lang or default_lang()
    path = database_of(args)
    from .matches.store import is_postgres

    if not is_postgres(path) and not os.path.exists(path):
        print(say(lang, WORDS["no_db"], path=path), file=sys.stderr)
        return EXIT_REFUSED
    if args.output in (None, "-"):
        n, rows = write_csv(path, sys.stdout)
        return 0
    with open(args.output, "w", encoding="utf-8-sig", newline="") as f:
        n, rows = write_csv(path, f)
    print(say(lang, WORDS["written"], path=args.output, matches=n, rows=rows), file=sys.stderr)
    return 0


def add_subcommands(sub: Any) -> None:
    c = sub.add_parser("csv", help=N_("every hand of every match on this server as CSV (a spreadsheet)"),
                       description=N_("One row per player per hand, for all the server's matches."))
    c.add_argument("--output", metavar="FILE", default=None, help=N_("the CSV file (default: standard output)"))
    c.add_argument("--instance", metavar="DIR", default=None, help=N_("the data folder (as for referee serve)"))
    c.add_argument("--database", metavar="FILE", default=None,
                   help=N_("the database file (default: REFEREE_DATABASE, else the data folder's referee.db)"))
    c.add_argument("--lang", choices=("ru", "en"), default=None,
                   help=N_("the language of the messages (default: the terminal's)"))
    c.set_defaults(func=cmd_csv)
