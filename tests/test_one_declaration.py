"""Only the engine knows what a variant is: outside ``referee/rules/`` no code names a
variant (the sources' citations are keyed by it, and say nothing of what it is), no template
compares one, and no template reads a house option to decide a rule."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from referee.rules.catalogue import VARIANT_NAMES

ROOT = Path(__file__).resolve().parents[1]
#: the sources' citations, keyed by a variant's name (not what it is)
KEYED_BY_NAME = {"sources.py"}


def test_no_code_outside_the_engine_names_a_variant():
    names = set(VARIANT_NAMES)
    found = []
    for path in sorted((ROOT / "referee").rglob("*.py")):
        if "rules" in path.relative_to(ROOT / "referee").parts[:1] or path.name in KEYED_BY_NAME:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in names:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert found == []


def test_the_rulebook_asks_the_variant():
    tree = ast.parse((ROOT / "referee" / "rulebook.py").read_text(encoding="utf-8"))
    compared = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Compare)
                and isinstance(node.left, ast.Name) and node.left.id == "variant"
                and any(isinstance(c, ast.Constant) and isinstance(c.value, str) for c in node.comparators)]
    assert compared == []


def test_no_template_names_a_variant_or_reads_an_option_for_a_rule():
    quoted = re.compile(r"""["'](%s)["']""" % "|".join(VARIANT_NAMES))
    found = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in quoted.finditer(text)]
        found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in re.finditer(r"options\.get\([^)]*\)", text)]
    assert found == []
