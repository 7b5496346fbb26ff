"""The terminal's language: what the ``referee`` command answers in when no ``--lang`` says
(a module of its own, so that the engine's commands read it without importing the server)."""

from __future__ import annotations

import os


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
