"""Where the app's files are, from a checkout and from an installed wheel.

In the repository the templates, the static files and the instance folder sit beside the
``referee`` package (``templates/``, ``static/``, ``instance/``). A wheel or an sdist carries the
first two inside the package (``referee/templates``, ``referee/static``: see ``setup.py``), so an
installed app finds them there. Plain standard library: the engine and the CLI import this.
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
#: the repository when the package is run from a checkout (``pip install -e .`` or in place)
CHECKOUT = PACKAGE.parent if (PACKAGE.parent / "pyproject.toml").is_file() and \
    (PACKAGE.parent / "templates").is_dir() and not (PACKAGE / "templates").is_dir() else None


def _shipped(name: str) -> Path:
    inside = PACKAGE / name
    if inside.is_dir():
        return inside
    return PACKAGE.parent / name


TEMPLATES = _shipped("templates")
STATIC = _shipped("static")
TRANSLATIONS = PACKAGE / "translations"


def default_instance() -> Path:
    """The folder for the database, the secret key and ``config.py``.

    ``REFEREE_INSTANCE`` names it; else a checkout keeps its ``instance/`` folder; else (an
    installed app) the user's data folder, outside any virtual environment so that removing or
    upgrading the environment loses no match: ``~/.local/share/referee`` (``$XDG_DATA_HOME``) on
    Linux, ``~/Library/Application Support/referee`` on macOS, ``%LOCALAPPDATA%\\referee`` on
    Windows (platformdirs).
    """
    named = os.environ.get("REFEREE_INSTANCE")
    if named:
        return Path(named).expanduser().resolve()
    if CHECKOUT is not None:
        return CHECKOUT / "instance"
    import platformdirs

    return Path(platformdirs.user_data_dir("referee", appauthor=False))
