"""Extract, update and compile the translation catalogue: the one way to change the app's words.

Every word a player or an operator reads lives in one gettext domain (``messages``), with
English message ids and a Russian and an English catalogue under ``referee/translations``.
After changing or adding a message, run::

    python tools/translations.py            # extract the .pot, update ru/en .po, compile the .mo

then write the Russian of each new message in ``referee/translations/ru/LC_MESSAGES/messages.po``
(an English catalogue entry may stay empty: the English id is then the English word) and run the
command again to compile. ``--check`` changes nothing: it exits 1, naming the problems, when the
committed ``.pot`` is not what extraction gives now, or when a message lacks its Russian or is
fuzzy (``tests/test_translations.py`` runs the same check).

The ``.pot`` and ``.po`` files are written sorted and without source locations, so that moving
code does not change them; extracting twice changes nothing but the creation date.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from babel.messages import pofile
from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "babel.cfg"
TRANSLATIONS = ROOT / "referee" / "translations"
POT = TRANSLATIONS / "messages.pot"
LANGS = ("ru", "en")
#: the marker functions besides Babel's defaults: lazy (forms), "translated later" (lists) and
#: referee.words' say(lang, message), say_n(lang, one, many, n) and NC_(context, message) outside a request
KEYWORDS = ("_l", "_N", "lazy_gettext", "lazy_ngettext:1,2", "say:2", "say_n:2,3", "NC_:1c,2")


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract(out: Path) -> None:
    """Every message of ``referee/`` and ``templates/`` into the template ``out``."""
    keywords = [a for k in KEYWORDS for a in ("-k", k)]
    _pybabel("extract", "-F", str(CONFIG), *keywords, "--sort-output", "--no-location",
             "--project", "referee", "--copyright-holder", "the referee authors",
             "-o", str(out), str(ROOT))


def update() -> None:
    for lang in LANGS:
        _pybabel("update", "-i", str(POT), "-d", str(TRANSLATIONS), "-l", lang, "-D", "messages",
                 "--ignore-obsolete")


def compile_() -> None:
    _pybabel("compile", "-d", str(TRANSLATIONS), "-D", "messages")


def _body(path: Path) -> list[str]:
    """The template without its dates (the only lines that change when nothing else did)."""
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if not line.startswith(('"POT-Creation-Date:', '"PO-Revision-Date:', "# Copyright (C)",
                                    "# FIRST AUTHOR"))]


def problems(translations: Path = TRANSLATIONS) -> list[str]:
    """What is wrong with the catalogues under ``translations``; empty when they are current and
    complete (every message extracted now has a Russian and an English entry, none fuzzy)."""
    out: list[str] = []
    pot = translations / POT.name
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "messages.pot"
        extract(fresh)
        if _body(fresh) != _body(pot):
            out.append(f"{POT.name} is not what extraction gives now: "
                       "run python tools/translations.py")
        with fresh.open("rb") as f:
            template = pofile.read_po(f)
    wanted = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in template if m.id}
    for lang in LANGS:
        po = translations / lang / "LC_MESSAGES" / "messages.po"
        with po.open("rb") as f:
            catalog = pofile.read_po(f)
        have = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)): m for m in catalog if m.id}
        for key in sorted(wanted - set(have), key=str):
            out.append(f"{lang}: {key[1]!r} is missing (run python tools/translations.py)")
        for key, m in sorted(have.items(), key=lambda kv: str(kv[0])):
            if key not in wanted:
                out.append(f"{lang}: {key[1]!r} is no longer used (run python tools/translations.py)")
            elif m.fuzzy:
                out.append(f"{lang}: {key[1]!r} is fuzzy: check its words and remove the fuzzy flag")
            elif lang == "ru" and not all(m.string if isinstance(m.string, tuple) else (m.string,)):
                out.append(f"ru: {key[1]!r} has no Russian")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 naming the problems")
    args = ap.parse_args(argv)
    if args.check:
        found = problems()
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    extract(POT)
    update()
    compile_()
    left = [p for p in problems() if "is not what extraction gives" not in p]
    for line in left:
        print(line, file=sys.stderr)
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
