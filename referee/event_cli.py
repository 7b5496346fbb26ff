"""``referee event check | standings | pair``: an event record (``referee-event/1``) judged, ranked
and paired from the command line. Exit codes: 0 the event keeps every rule, 1 a rule of events is
broken, 2 the file cannot be read as an event (or an argument is out of range)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .events import EventError, examine, propose, standings
from .events.messages import words
from .events.model import Event
from .events.standings import Units, lines_after, order
from .words import N_


def _command(esub: Any, name: str, what: str, json_help: str, lang_help: str, func: Any) -> Any:
    """An ``event`` command reading an event file, with ``--json`` and ``--lang``."""
    c = esub.add_parser(name, help=what)
    c.add_argument("file", help=N_("the event file (JSON), or - for standard input"))
    c.add_argument("--json", action="store_true", help=json_help)
    c.add_argument("--lang", choices=("ru", "en"), default=None, help=lang_help)
    c.set_defaults(func=func)
    return c


def _after_round(c: Any, what: str) -> None:
    c.add_argument("--after-round", type=int, default=None, metavar="N", help=what)


def add_subcommands(sub: Any) -> None:
    e = sub.add_parser("event", help=N_("an event record (referee-event/1): check it, rank it, pair a round"))
    esub = e.add_subparsers(dest="event_command", required=True)
    _command(esub, "check", N_("read the event, replay every table's game record, judge it"),
             N_("print one JSON object"), N_("language of the messages"), cmd_check)
    _after_round(_command(esub, "standings", N_("the standings after a round"), N_("print one JSON list, best first"),
                          N_("language of the table and the messages"), cmd_standings),
                 N_("the standings after round N (default: every round listed)"))
    p = _command(esub, "pair", N_("the app's proposal for a round: its tables and byes"), N_("print one JSON object"),
                 N_("language of the messages"), cmd_pair)
    p.add_argument("--round", type=int, required=True, metavar="N", help=N_("the round to pair"))
    _after_round(_command(esub, "ratings", N_("the players' ratings from the event's results (openskill)"),
                          N_("print one JSON list, best first"), N_("language of the table and the messages"),
                          cmd_ratings),
                 N_("the ratings after round N (default: every round listed)"))


def _lang(args: argparse.Namespace) -> str:
    if args.lang:
        return str(args.lang)
    from .terminal import default_lang

    return default_lang()


def _data(args: argparse.Namespace, lang: str) -> bytes | EventError:
    try:
        if args.file == "-":
            return sys.stdin.buffer.read()
        with open(args.file, "rb") as f:
            return f.read()
    except OSError as e:
        return EventError("event.file", {"errno": e.errno})


def _line(err: EventError, lang: str) -> str:
    """A refusal in one line: what, where, the rule id."""
    head = words("bad" if err.code == 2 else "broken", lang)
    where = ""
    if err.table is not None:
        where = " (" + words("where_table", lang, round=err.round, table=err.table) + ")"
    elif err.round is not None:
        where = " (" + words("where_round", lang, round=err.round) + ")"
    return f"{head}{where}: {err.message(lang)} [{words('rule', lang)} {err.rule}]"


def _checked(args: argparse.Namespace, lang: str) -> Event | int:
    """The event, read and judged, or the exit code once the reason is on standard error."""
    data = _data(args, lang)
    if isinstance(data, EventError):
        print(_line(data, lang), file=sys.stderr)
        return 2
    event, err = examine(data)
    if err is not None or event is None:
        assert err is not None
        print(_line(err, lang), file=sys.stderr)
        return err.code
    return event


def cmd_check(args: argparse.Namespace) -> int:
    lang = _lang(args)
    data = _data(args, lang)
    err = data if isinstance(data, EventError) else examine(data)[1]
    if args.json:
        print(json.dumps({"ok": err is None, "error": err.to_json(lang) if err is not None else None},
                         ensure_ascii=False))
    else:
        print(words("ok", lang) if err is None else _line(err, lang))
    return 0 if err is None else err.code


def _checked_after(args: argparse.Namespace, lang: str) -> tuple[Any, int] | int:
    """The event read and judged, and the round ``--after-round`` names (its last by default);
    or the exit code, its refusal said."""
    event = _checked(args, lang)
    if isinstance(event, int):
        return event
    last = len(event.round_list)
    after = last if args.after_round is None else args.after_round
    if not 0 <= after <= last:
        print(_line(EventError("event.after_round", {"round": after, "last": last}), lang), file=sys.stderr)
        return 2
    return event, after


def cmd_standings(args: argparse.Namespace) -> int:
    lang = _lang(args)
    got = _checked_after(args, lang)
    if isinstance(got, int):
        return got
    event, after = got
    rows = standings(event, after)
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    print(table_text(event, rows, after, lang))
    return 0


def table_text(event: Event, rows: list[dict[str, Any]], after: int, lang: str) -> str:
    """The standings as a plain-text table in the reader's language."""
    units = Units(event)
    lines = lines_after(event, after, units)
    order(event, lines)
    withdrawn = {u for u, line in enumerate(lines) if line.withdrawn is not None and line.withdrawn <= after + 1}
    head = [words("place", lang), words("units_pairs" if event.unit == "pair" else "unit", lang),
            words("match_points", lang), words("buchholz", lang), words("score_diff", lang),
            words("played", lang), words("byes", lang)]
    body = []
    for row in rows:
        u = units.of[row["unit"][0]]
        name = " + ".join(row["names"])
        if u in withdrawn:
            name += f" ({words('withdrawn_mark', lang)})"
        diff = f"{row['score_diff']:+.2f}" if isinstance(row["score_diff"], float) else f"{row['score_diff']:+d}"
        body.append([str(row["place"]), name, _num(row["match_points"]), _num(row["buchholz"]), diff,
                     str(row["played"]), str(row["byes"])])
    widths = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]
    right = {0, 2, 3, 4, 5, 6}

    def fmt(r: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()

    tb = ", ".join(words("tb_" + t, lang) for t in event.tiebreaks)
    out = [words("after", lang, name=event.name, round=after), words("order", lang, order=tb), "",
           fmt(head)] + [fmt(r) for r in body]
    return "\n".join(out)


def _num(x: int | float) -> str:
    return str(x) if isinstance(x, int) else f"{x:g}"


def cmd_pair(args: argparse.Namespace) -> int:
    lang = _lang(args)
    event = _checked(args, lang)
    if isinstance(event, int):
        return event
    last = min(event.rounds, len(event.round_list) + 1)
    if not 1 <= args.round <= last:
        print(_line(EventError("event.pair_round", {"round": args.round, "last": last}), lang), file=sys.stderr)
        return 2
    try:
        got = propose(event, args.round)
    except EventError as e:
        print(_line(e, lang), file=sys.stderr)
        return e.code
    if args.json:
        print(json.dumps(got, ensure_ascii=False))
        return 0
    name = {e.id: e.name for e in event.entrants}
    out = [words("proposal", lang, name=event.name, round=args.round)]
    for t in got["tables"]:
        out.append(words("table_line", lang, table=t["table"], seats=", ".join(name[x] for x in t["seats"])))
    if got["byes"]:
        out.append(words("bye_line", lang, names=", ".join(name[x] for x in got["byes"])))
    print("\n".join(out))
    return 0



def cmd_ratings(args: argparse.Namespace) -> int:
    from .events.rating import rate

    lang = _lang(args)
    got = _checked_after(args, lang)
    if isinstance(got, int):
        return got
    event, after = got
    rated = rate(event, after)
    if args.json:
        print(json.dumps([r.to_json() for r in rated], ensure_ascii=False))
        return 0
    head = [words("place", lang), words("player", lang), words("rating", lang), "μ", "σ", words("rated", lang)]
    body = [[str(i), r.name, f"{r.ordinal:.2f}", f"{r.mu:.2f}", f"{r.sigma:.2f}", str(r.matches)]
            for i, r in enumerate(rated, 1)]
    widths = [max(len(row[i]) for row in [head] + body) for i in range(len(head))]
    lines = [words("ratings", lang, name=event.name, round=after), words("ratings_note", lang), ""]
    for row in [head] + body:
        lines.append("  ".join(c.ljust(w) if i == 1 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths)))
                     .rstrip())
    print("\n".join(lines))
    return 0
