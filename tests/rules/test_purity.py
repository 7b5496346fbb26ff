"""referee.rules stays pure: nothing from Flask, SQLite or WeasyPrint, directly or not."""

import ast
import subprocess
import sys
from pathlib import Path

import referee.rules

FORBIDDEN = ("flask", "sqlite_utils", "sqlite3", "weasyprint", "wtforms", "flask_wtf", "flask_babel", "jinja2")


def test_no_forbidden_import_statements():
    root = Path(referee.rules.__file__).parent
    found = []
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in FORBIDDEN or name.split(".")[0] == "referee":
                    found.append(f"{path.name}: {name}")
    assert found == []


def test_importing_the_engine_the_record_and_the_cli_loads_no_web_stack():
    code = (
        "import sys, referee.rules, referee.record, referee.cli;"
        f"bad=[m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}];"
        "print(','.join(bad)); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_record_reader_changes_a_hand_only_through_its_operations():
    """referee.record writes attributes of its own objects only (the reader's records, the report,
    a refusal's params): a hand moves on by ``play``/``end_turn`` and the public operations
    ``set_leader``, ``take_left``, ``end_by_result`` — never by setting its fields."""
    import referee.record

    own = {"self", "hr", "rep", "hrep", "e"}
    tree = ast.parse(Path(referee.record.__file__).read_text(encoding="utf-8"))
    written = []
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "setattr":
            targets = [ast.Attribute(value=node.args[0], attr="?")]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute):
                    base = part.value
                    while isinstance(base, (ast.Attribute, ast.Subscript)):
                        base = base.value
                    if getattr(base, "id", None) not in own:
                        written.append(f"{node.lineno}: {ast.unparse(part)}")
    assert written == []
