"""The terminal: what the ``referee`` command answers in when no ``--lang`` says, and what a
command reads (a module of its own, so that the engine's commands read it without importing
the server)."""

from __future__ import annotations

import os
import sys


def default_lang() -> str:
    """Russian unless the terminal's locale says English (or another language): the first of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set and names a language decides."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return "ru" if value.lower().startswith("ru") else "en"
    return "ru"


def cli_lang(args: object) -> str:
    """The language a command answers in: its ``--lang``, else the terminal's."""
    given = getattr(args, "lang", None)
    return given if given in ("ru", "en") else default_lang()


def read_input(path: str) -> bytes:
    """The bytes of the file at ``path``, or of standard input where ``path`` is ``-`` (OSError
    where the file cannot be read)."""
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as f:
        return f.read()
