"""The ``referee`` command: check | bench (and sheet | blank for printing)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, NoReturn, Sequence

from . import cli_print
from .rules.catalogue import VARIANTS, OptionError, spec
from .terminal import cli_lang, read_input
from .words import N_, say

if TYPE_CHECKING:
    from .record import Report

#: every message of ``check`` and ``bench``, said in the reader's language (``referee.words``)
TEXT = {
    "ok": N_("Every hand is legal."),
    "hand": N_("Hand %(n)s"),
    "winner": N_("winner"),
    "totals": N_("Totals"),
    "match_winner": N_("Match won by"),
    "match_winners": N_("Match won by the pair"),
    "teams": N_("Pairs"),
    "hanging": N_("hanging"),
    "eggs": N_("eggs"),
    "error": N_("Broken rule"),
    "where": N_("hand %(hand)s, turn %(turn)s, «%(move)s»"),
    "bad": N_("The record cannot be read"),
    "rule": N_("rule"),
    "see": N_("The rule on the rules page"),
    "options": N_("House rules"),
    "bench_variant": N_("Unknown variant «%(variant)s»; the variants: %(names)s"),
    "bench_players": N_("%(variant)s is for %(low)s to %(high)s players"),
    "bench_option": N_("A house rule is refused: %(message)s"),
    "bench_done": N_("%(variant)s, %(players)s players: %(hands)s hands, %(moves)s tiles laid in %(seconds)s s "
                     "= %(hands_per_s)s hands/s, %(moves_per_s)s tiles/s (%(engine)s engine)"),
    "cannot_open": N_("Cannot open the file: %(why)s"),
    "internal": N_("internal error, please report it"),
}
#: how a hand ended, as the report names it
ENDS = {"out": N_("out"), "block": N_("block"), "redeal": N_("redeal"), "result": N_("result only"),
        None: N_("unfinished")}


def _t(key: str, lang: str, **params: object) -> str:
    return say(lang, TEXT[key], **params)


def option_lines(variant: str, options: dict[str, Any], players: int, lang: str) -> list[str]:
    """The house rules in force, each as the sheets print it: title (key = value): sentence
    (the rulebook's words, the same as the setup form's and the rules pages')."""
    from .rulebook import options_in_force

    return [f"  {title} ({key} = {value}): {text}"
            for key, title, value, text in options_in_force(variant, options, players, lang)]


def _readable(code: int, out: dict[str, Any], lang: str, rep: Report | None = None) -> str:
    lines: list[str] = []
    if rep is not None:
        lines.append(_t("options", lang) + ":")
        lines.extend(option_lines(rep.variant, rep.options, len(rep.players), lang))
    prov = spec(out["variant"]).provisional if out.get("variant") else None
    if prov is not None:
        lines.append(prov.short(lang))
    for h in out["hands"]:
        pts = ", ".join(f"{p} {x}" for p, x in h["points"].items())
        w = f"; {_t('winner', lang)}: {h['winner']}" if h["winner"] else ""
        extra = ""
        if h.get("hanging"):
            extra += f"; {_t('hanging', lang)}: " + ", ".join(f"{p} {x}" for p, x in h["hanging"].items())
        if h.get("eggs") is not None:
            extra += f"; {_t('eggs', lang)}: {h['eggs']}"
        lines.append(f"{_t('hand', lang, n=h['number'])}: {say(lang, ENDS[h['end']])}{w}; {pts}{extra}")
    if out.get("teams"):
        lines.append(f"{_t('teams', lang)}: " + " — ".join(" + ".join(t) for t in out["teams"]))
    if out["totals"]:
        lines.append(f"{_t('totals', lang)}: " + ", ".join(f"{p} {x}" for p, x in out["totals"].items()))
    if out.get("match_winners") and len(out["match_winners"]) > 1:
        lines.append(f"{_t('match_winners', lang)}: {' + '.join(out['match_winners'])}")
    elif out["match_winner"]:
        lines.append(f"{_t('match_winner', lang)}: {out['match_winner']}")
    err = out["error"]
    if err:
        head = _t("bad", lang) if code == 2 else _t("error", lang)
        where = ""
        if err.get("hand"):
            where = _t("where", lang, hand=err["hand"], turn=err.get("turn") or "—",
                       move=err.get("move") or "—")
            if err.get("move") and code == 1:   # the refused move in words (the one formatter)
                from .rules.move_words import sentence

                where += " — " + sentence(err["move"], lang, out.get("variant"))
            where = f" ({where})"
        lines.append(f"{head}{where}: {err['message']} [{_t('rule', lang)} {err['rule']}]")
        if code == 1 and out.get("variant"):
            from .rulebook import rule_url

            lines.append(f"{_t('see', lang)}: {rule_url(err['rule'], out['variant'])}")
    elif code == 0:
        lines.append(_t("ok", lang))
    return "\n".join(lines)


def cmd_check(args: argparse.Namespace) -> int:
    from .record import check

    lang = cli_lang(args)
    try:
        data = read_input(args.record)
    except OSError as e:
        from .rules.messages import os_error_words

        msg = _t("cannot_open", lang, why=os_error_words(e, lang))
        out: dict[str, Any] = {"ok": False, "variant": None, "hands": [], "totals": {}, "match_winner": None,
               "error": {"hand": None, "turn": None, "move": None, "rule": "record.file", "message": msg}}
        print(json.dumps(out, ensure_ascii=False) if args.json else msg, file=sys.stdout if args.json else sys.stderr)
        return 2
    code, out, rep = check(data, lang)
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(_readable(code, out, lang, rep))
    return code


def cmd_bench(args: argparse.Namespace) -> int:
    import random

    from .limits import whole_number

    from .rules.playout import play_random, random_hand

    lang = cli_lang(args)
    variant = args.variant
    if variant not in VARIANTS:
        print(_t("bench_variant", lang, variant=variant, names=" ".join(VARIANTS)), file=sys.stderr)
        return 2
    vs = spec(variant)
    players = args.players or vs.min_players
    if players not in vs.player_counts:
        print(_t("bench_players", lang, variant=variant, low=vs.min_players, high=vs.max_players),
              file=sys.stderr)
        return 2
    options: dict[str, object] = {}
    for item in args.option or []:
        key, _, value = item.partition("=")
        number = whole_number(value, 9, signed=True)  # ASCII digits: "²".isdigit() is true
        options[key] = number if number is not None else value
    rng = random.Random(args.seed)
    try:
        random_hand(variant, players, random.Random(0), options)
    except OptionError as e:
        from .rules.messages import message

        print(_t("bench_option", lang, message=message(e.rule, e.params, lang)), file=sys.stderr)
        return 2
    from .rules import compiled
    from .rules.variants import make_variant

    v = make_variant(variant, players, options)
    moves = 0
    t0 = time.perf_counter()
    for _ in range(args.hands):
        h = random_hand(variant, players, rng, options, v=v)
        moves += play_random(h, rng)
    dt = time.perf_counter() - t0
    out = {"variant": variant, "players": players, "hands": args.hands, "moves": moves,
           "seconds": round(dt, 4), "hands_per_s": round(args.hands / dt, 1) if dt else None,
           "moves_per_s": round(moves / dt, 1) if dt else None,
           # which build made the figures: the interpreted engine or the compiled one (setup.py)
           "engine": "mypyc" if compiled() else "interpreted"}
    if args.json:
        print(json.dumps(out))
    else:
        if vs.provisional is not None:
            print(vs.provisional.short(lang))
        print(_t("bench_done", lang, variant=variant, players=players, hands=args.hands, moves=moves,
                 seconds=f"{dt:.3f}", hands_per_s=out["hands_per_s"], moves_per_s=out["moves_per_s"],
                 engine=out["engine"]))
    return 0


EXIT_INTERNAL = 3  #: a fault in referee itself (0 legal, 1 a broken rule, 2 an unreadable record)
EXIT_ENVIRONMENT = 4  #: refused by the configuration or the system (bad setting, port taken, folder)


class _Version(argparse.Action):
    """``--version``: looked up only when asked (importlib.metadata costs a cold start)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, default: Any = argparse.SUPPRESS,
                 help: str | None = None) -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(f"referee {version()}")
        parser.exit()


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("referee")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "0+checkout"


#: the subcommands that need the engine only: run from a parser that leaves out the others (whose
#: modules import the server's, the backups' and the exports' code), the same for them
ENGINE_COMMANDS = ("check", "bench")


#: the language the help is said in (``_parse`` sets it from the command line or the terminal)
_HELP_LANG: ContextVar[str | None] = ContextVar("help_lang", default=None)


class Help(argparse.HelpFormatter):
    """argparse's help in the reader's language: every help text, description and section
    heading written for the parser is a message id of the catalogue (marked ``N_`` where it is
    written; argparse's own headings are in ``ARGPARSE``), said when the help is printed."""

    def _say(self, text: str) -> str:
        from .terminal import default_lang

        return say(_HELP_LANG.get() or default_lang(), text)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return self._say(action.help) if action.help and action.help is not argparse.SUPPRESS else action.help

    def add_text(self, text: str | None) -> None:
        super().add_text(self._say(text) if text and text is not argparse.SUPPRESS else text)

    def start_section(self, heading: str | None) -> None:
        super().start_section(self._say(heading) if heading else heading)


class Parser(argparse.ArgumentParser):
    """The command's parser and its subcommands' (they are made of the same class): its help in
    the reader's language (``Help``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Help)
        super().__init__(*args, **kwargs)


class _WholeParser(Exception):
    """A command line the lean parser refuses: the whole parser says why (its usage names every
    subcommand)."""


class _EngineOnly(Parser):
    """The parser of ``ENGINE_COMMANDS``: the same arguments and help; a refusal goes to the
    whole parser (``main``)."""

    def error(self, message: str) -> NoReturn:
        raise _WholeParser(message)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command's parser; ``only`` naming one of ``ENGINE_COMMANDS`` (the command line's first
    word): without the other subcommands, which that command's arguments never reach (a refusal
    raises ``_WholeParser``)."""
    lean = only in ENGINE_COMMANDS
    p = (_EngineOnly if lean else Parser)(prog="referee", description=N_("Domino referee: check records, print sheets, "
                                                                        "serve the app to the phones at the table."))
    p.add_argument("--version", action=_Version, help=N_("print the version and exit"))
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help=N_("replay a game record under its variant's rules"))
    c.add_argument("record", help=N_("the record file (JSON), or - for standard input"))
    c.add_argument("--json", action="store_true", help=N_("print one JSON object"))
    c.add_argument("--lang", choices=("ru", "en"), default=None,
                   help=N_("language of the report (default: the terminal's)"))
    c.set_defaults(func=cmd_check)
    b = sub.add_parser("bench", help=N_("play random complete hands and report throughput"))
    b.add_argument("variant", help=N_("the variant (its name in the records: traditional, blitz, …)"))
    b.add_argument("--players", type=int, default=None, help=N_("the number of players (default: the variant's)"))
    b.add_argument("--hands", type=int, default=1000, help=N_("how many hands (default 1000)"))
    b.add_argument("--seed", type=int, default=1, help=N_("the random seed: the same seed plays the same hands (default 1)"))
    b.add_argument("--option", action="append", metavar="KEY=VALUE", help=N_("a house rule, e.g. limit=101 (may be given again)"))
    b.add_argument("--json", action="store_true", help=N_("print one JSON object"))
    b.add_argument("--lang", choices=("ru", "en"), default=None,
                   help=N_("language of the messages (default: the terminal's)"))
    b.set_defaults(func=cmd_bench)
    if lean:
        return p
    from . import backup, event_cli, export_cli, server

    cli_print.add_subcommands(sub)
    event_cli.add_subcommands(sub)
    server.add_subcommands(sub)
    backup.add_subcommands(sub)
    export_cli.add_subcommands(sub)
    return p


#: argparse's own refusals (the standard library says them in English only): its English words
#: are message ids of the catalogue, said in Russian where the reader reads Russian
ARGPARSE = frozenset({
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
})


def _argv_lang(argv: Sequence[str]) -> str:
    """The language of the command line's own refusals: its ``--lang``, else the terminal's."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in ("ru", "en"):
            return argv[i + 1]
        if arg in ("--lang=ru", "--lang=en"):
            return arg.split("=", 1)[1]
    from .terminal import default_lang

    return default_lang()


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments; a refusal of them (exit 2) in Russian where the reader reads Russian."""
    given = list(sys.argv[1:] if argv is None else argv)
    lang = _argv_lang(given)
    _HELP_LANG.set(lang)
    if lang != "ru":
        return parser.parse_args(given)
    english = argparse._  # type: ignore[attr-defined]
    argparse._ = lambda text: say("ru", text) if text in ARGPARSE else english(text)  # type: ignore[attr-defined]
    try:
        return parser.parse_args(given)
    finally:
        argparse._ = english  # type: ignore[attr-defined]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; its exit code. A fault inside referee is one line and exit 3, never a
    traceback and never 1 or 2 (which say what a record is); ``REFEREE_DEBUG=1`` shows it whole."""
    given = sys.argv[1:] if argv is None else list(argv)
    try:
        args = _parse(build_parser(given[0] if given and given[0] in ENGINE_COMMANDS else None), given)
    except _WholeParser:
        args = _parse(build_parser(), given)
    import os

    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except Exception as e:
        # the configuration's and the server's refusals (their modules imported only now: the
        # engine's commands never load them)
        from .server import Refused
        from .settings import ConfigError

        if isinstance(e, ConfigError):
            from .terminal import default_lang

            print(f"referee: {e.message(getattr(args, 'lang', None) or default_lang())}", file=sys.stderr)
            return EXIT_ENVIRONMENT
        if isinstance(e, Refused):
            print(f"referee: {e}", file=sys.stderr)
            return EXIT_ENVIRONMENT
        if os.environ.get("REFEREE_DEBUG"):
            raise
        where = getattr(args, "command", "?")
        print(f"referee {where}: {_t('internal', cli_lang(args))}: {type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
