"""The match service (``referee/matches/``) is the app's without the web: importing every module
of it loads neither Flask nor anything of ``referee.web``."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import referee.matches


def test_the_match_service_loads_no_flask():
    modules = [f"referee.matches.{m.name}" for m in pkgutil.iter_modules(referee.matches.__path__)]
    assert {"referee.matches.events", "referee.matches.spreadsheet"} <= set(modules)
    code = ("import sys\n" + "".join(f"import {m}\n" for m in modules) +
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'werkzeug', 'flask_babel', "
            "'flask_wtf', 'jinja2', 'sqlite_utils', 'weasyprint') or m.startswith('referee.web'))\n"
            "print(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).resolve().parents[1])
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
