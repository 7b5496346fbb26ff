"""`referee sheet` and `referee blank`: printed scoresheets from the command line.

``add_subcommands(subparsers)`` adds both to the ``referee`` command's argparse subparsers; each
sets ``func`` (called with the parsed arguments, returning the exit code):

    referee sheet RECORD --output FILE.pdf [--lang ru|en] [--hand N]
    referee blank VARIANT --players N --output FILE.pdf [--lang ru|en]

Exit codes: 0 the PDF is written; 1 (sheet only) the PDF is written but the record breaks a rule
(the sheet shows where); 2 bad input (a record that cannot be read, an unknown variant, a player
count the variant does not allow, no output file): nothing is written and the error is said in
the chosen language on standard error; 4 no PDF can be made on this machine (the system library
Pango, which WeasyPrint draws with, is missing): one line in the terminal's language says what to
install, and nothing is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable

from referee.rules.catalogue import VARIANTS
from referee.rules.messages import json_error_words, os_error_words
from referee.terminal import cli_lang, default_lang, read_input
from referee.words import N_, say, say_n

__all__ = ["add_subcommands", "cmd_sheet", "cmd_blank"]

#: every message of this command, said in the reader's language (``referee.words``)
TEXT = {
    'no_output': N_("Say where to write the PDF: --output FILE.pdf"),
    'no_file': N_("Cannot open “%(path)s”: %(reason)s"),
    'not_json': N_("“%(path)s” is not valid JSON: %(reason)s"),
    'cannot_write': N_("Cannot write “%(path)s”: %(reason)s"),
    'players_nan': N_("--players needs a number of players, not “%(value)s”"),
    'players_missing': N_("Say how many players: --players N (%(title)s: %(low)s to %(high)s)"),
    'bad_record': N_("The record cannot be read: %(message)s [rule %(rule)s]"),
    'refused': N_("Note: the record breaks a rule (hand %(hand)s): %(message)s [rule %(rule)s]. The sheet is written and marks where."),
    'written': N_("Written: %(path)s (%(pages)s)"),
    'help_sheet': N_("the match scoresheet (PDF) of a game record"),
    'help_blank': N_("a blank scoresheet (PDF) for playing offline"),
}


def _t(lang: str, key: str, **params: Any) -> str:
    return say(lang, TEXT[key], **params)


def add_subcommands(subparsers: Any) -> None:
    """Add ``sheet`` and ``blank`` to the ``referee`` command."""
    s = subparsers.add_parser("sheet", help=TEXT["help_sheet"],
                              description=N_("Print a match scoresheet (A4 PDF) from a game record."))
    s.add_argument("record", help=N_("the record file (JSON), or - for standard input"))
    s.add_argument("--output", "-o", default=None, metavar="FILE.pdf", help=N_("where to write the PDF"))
    s.add_argument("--lang", choices=("ru", "en"), default=None,
                   help=N_("the sheet's language (default: the terminal's)"))
    s.add_argument("--hand", default=None, metavar="N",
                   help=N_("print the record of hand N (every move in order) instead of the scoresheet"))
    s.set_defaults(func=cmd_sheet)
    b = subparsers.add_parser("blank", help=TEXT["help_blank"],
                              description=N_("Print a blank scoresheet (A4 PDF) for a variant and a number of players."))
    b.add_argument("variant", help=N_("one of: %(variants)s")).variants = " ".join(VARIANTS)
    b.add_argument("--players", "-n", default=None, metavar="N", help=N_("the number of players"))
    b.add_argument("--output", "-o", default=None, metavar="FILE.pdf", help=N_("where to write the PDF"))
    b.add_argument("--lang", choices=("ru", "en"), default=None, help=N_("the sheet's language (default: the terminal's)"))
    b.add_argument("--preset", default=None, metavar="NAME",
                   help=N_("a named set of rules: yard («Козёл, как во дворе») or sea («Морской козёл»), "
                           "traditional in pairs"))
    b.set_defaults(func=cmd_blank)


def _fail(lang: str, key: str, **params: Any) -> int:
    print(_t(lang, key, **params), file=sys.stderr)
    return 2


#: the system lacks what the PDFs are drawn with (the exit code of the system's refusals)
EXIT_ENVIRONMENT = 4


def _unavailable(e: Any) -> int:
    """No PDF can be made on this machine (Pango is missing): one line in the terminal's
    language, saying what to install; nothing is written."""
    print(f"referee: {e.message(default_lang())}", file=sys.stderr)
    return EXIT_ENVIRONMENT


def _write(path: str, data: bytes, lang: str) -> int:
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError as e:
        return _fail(lang, "cannot_write", path=path, reason=os_error_words(e, lang))
    return 0


def _pages(data: bytes, lang: str) -> str:
    try:  # pypdf comes with the test extras; without it the count is left out
        import io

        import pypdf

        n = len(pypdf.PdfReader(io.BytesIO(data)).pages)
    except Exception:  # noqa: BLE001 - a count is a nicety
        return f"{len(data) // 1024} KB"
    return say_n(lang, "%(n)d page", "%(n)d pages", n)


def _print_to(output: str, lang: str, make: Callable[[], bytes]) -> int:
    """The PDF ``make`` draws, written to ``output`` and said (its pages): 0; else the sheet's
    refusal (2), the missing system library (``EXIT_ENVIRONMENT``) or the file that cannot be
    written (2), said in the terminal."""
    from referee import pdf

    try:
        data = make()
    except pdf.SheetError as e:
        print(e.message(lang), file=sys.stderr)
        return 2
    except pdf.PrintingUnavailable as e:
        return _unavailable(e)
    if _write(output, data, lang):
        return 2
    print(_t(lang, "written", path=output, pages=_pages(data, lang)), file=sys.stderr)
    return 0


def _report(record: dict[str, Any], lang: str) -> tuple[int, dict[str, Any], Any]:
    """(exit code, report JSON, Report) from the engine, as ``referee check --json`` gives them."""
    from referee.record import check

    result = check(record, lang)
    code, out = result[0], result[1]
    rep = result[2] if len(result) > 2 else None
    return code, out, rep


def cmd_sheet(args: argparse.Namespace) -> int:
    from referee import pdf

    lang = cli_lang(args)
    if not args.output:
        return _fail(lang, "no_output")
    try:
        raw = read_input(args.record)
    except OSError as e:
        return _fail(lang, "no_file", path=args.record, reason=os_error_words(e, lang))
    try:
        record = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        return _fail(lang, "not_json", path=args.record, reason=json_error_words(e, lang))
    code, out, rep = _report(record, lang)
    if code == 2:
        err = out.get("error") or {}
        return _fail(lang, "bad_record", message=err.get("message", ""), rule=err.get("rule", "record"))
    out = pdf.add_in_play(out, rep)
    if args.hand is not None:
        try:
            n = int(args.hand)
        except ValueError:
            n = args.hand
        failed = _print_to(args.output, lang, lambda: pdf.hand_record(record, out, n, lang))
    else:
        failed = _print_to(args.output, lang, lambda: pdf.match_sheet(record, out, lang))
    if failed:
        return failed
    if code == 1:
        err = out.get("error") or {}
        print(_t(lang, "refused", hand=err.get("hand"), message=err.get("message", ""),
                 rule=err.get("rule", "")), file=sys.stderr)
        return 1
    return 0


def cmd_blank(args: argparse.Namespace) -> int:
    from referee import pdf

    lang = cli_lang(args)
    if not args.output:
        return _fail(lang, "no_output")
    variant = args.variant
    players: Any = args.players
    preset = getattr(args, "preset", None)
    if preset and players is None:
        players = 4                        # the presets are played in pairs
    if variant in VARIANTS and players is None:
        v = VARIANTS[variant]
        if v.min_players != v.max_players:
            from referee.rulebook import variant_title

            return _fail(lang, "players_missing", title=variant_title(variant, lang), low=v.min_players,
                         high=v.max_players)
        players = v.min_players
    if players is not None:
        try:
            players = int(players)
        except ValueError:
            return _fail(lang, "players_nan", value=players)
    return _print_to(args.output, lang, lambda: pdf.blank_sheet(variant, players, lang, preset=preset))


def main(argv: list[str] | None = None) -> int:  # pragma: no cover - the lead's cli.py is the door
    parser = argparse.ArgumentParser(prog="referee")
    add_subcommands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
