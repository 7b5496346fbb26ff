"""The terminal's language: what the ``referee`` command answers in when no ``--lang`` says
(a module of its own, so that the engine's commands read it without importing the server)."""

from __future__ import annotations

import os


def default_lang() -> str:
    """Russian unless the terminal's locale says English (or another language)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return "ru" if value.lower().startswith("ru") else "en"
    return "ru"
