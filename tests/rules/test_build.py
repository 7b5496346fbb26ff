"""Which build of the engine runs: the interpreted one (the reference, what ``pip install`` gives)
or the optional one compiled by mypyc from the same source (``setup.py``, ``REFEREE_MYPYC=1``).
``referee.rules.compiled()`` says which, and it is all or nothing: every module setup.py compiles
is loaded from its extension module, or none is."""

from __future__ import annotations

import ast
import importlib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from referee.rules import compiled

SETUP = Path(__file__).resolve().parents[2] / "setup.py"


def _compiled_modules() -> list[str]:
    tree = ast.parse(SETUP.read_text(encoding="utf-8"))
    listed = next(node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                  and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets))
    return ["referee.rules." + name.replace("/", ".") for name in ast.literal_eval(listed)]


def test_setup_compiles_the_hot_path_and_the_variants():
    names = _compiled_modules()
    assert "referee.rules.hand" in names and "referee.rules.variants.base" in names
    assert len(names) == len(set(names)) >= 10


def test_every_module_setup_compiles_is_of_the_build_that_runs():
    loaded = {name: importlib.import_module(name).__file__ for name in _compiled_modules()}
    if compiled():
        assert all(f.endswith(tuple(EXTENSION_SUFFIXES)) for f in loaded.values()), loaded
    else:
        assert all(f.endswith(".py") for f in loaded.values()), loaded
