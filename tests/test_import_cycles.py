"""No import cycle in ``referee/``: the modules, read with ``ast``, and the imports each makes when
it is loaded (at module level, ``if TYPE_CHECKING`` blocks left out), form a graph without a
cycle. A module that needs another's name at load time imports it at the top; one that would
close a circle needs its shared part moved to a module both can import."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for path in (ROOT / "referee").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        package = parts[-1] == "__init__"
        out[".".join(parts[:-1] if package else parts)] = (path, package)
    return out


def _loaded_imports(body: list[ast.stmt]):
    """The import statements run when the module loads: at its top level, in a top-level ``if``
    (not ``if TYPE_CHECKING``) or ``try``; never those inside a function or a class's method."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
            if name != "TYPE_CHECKING":
                yield from _loaded_imports(node.body)
                yield from _loaded_imports(node.orelse)
        elif isinstance(node, ast.Try):
            yield from _loaded_imports(node.body)
            for handler in node.handlers:
                yield from _loaded_imports(handler.body)
            yield from _loaded_imports(node.orelse)
            yield from _loaded_imports(node.finalbody)


def _targets(module: str, package: bool, node: ast.Import | ast.ImportFrom, known: set[str]) -> list[str]:
    """The modules of ``referee`` an import statement names (a name imported from a package that
    is not a module of its own is the package's)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        here = module.split(".") if package else module.split(".")[:-1]
        here = here[:len(here) - (node.level - 1)]
        base = ".".join(here + ([base] if base else []))
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]


def import_graph() -> dict[str, set[str]]:
    """Each module of ``referee`` -> the modules of ``referee`` its loading imports. Importing
    ``a.b.c`` runs ``a`` and ``a.b`` first: those count too, except a module's own packages (they
    are loaded before it), unless it takes a name from one of them."""
    modules = _modules()
    known = set(modules)
    graph: dict[str, set[str]] = {}
    for module, (path, package) in modules.items():
        deps: set[str] = set()
        for node in _loaded_imports(ast.parse(path.read_text(encoding="utf-8")).body):
            for target in _targets(module, package, node, known):
                parts = target.split(".")
                for i in range(1, len(parts) + 1):
                    name = ".".join(parts[:i])
                    own_package = module.startswith(name + ".") and i < len(parts)
                    if name in known and name != module and not own_package:
                        deps.add(name)
        graph[module] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), and the modules that
    import themselves."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_is_read_from_every_module():
    graph = import_graph()
    assert {"referee", "referee.web.play", "referee.matches.log", "referee.rules.hand"} <= set(graph)
    # what a module imports at its top is in the graph; an import inside a function is not
    assert "referee.matches.events" in graph["referee.matches.log"]
    assert "referee.matches.fold" in graph["referee.matches.events"]
    assert "referee.web" not in graph["referee"]  # create_app imports the web app when it runs


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_referee():
    assert cycles(import_graph()) == []


def test_no_module_of_the_web_app_takes_another_s_private_names():
    """A blueprint uses another module of ``referee/web`` through its public names only (what
    several share lives in a module of its own: the write path, the form entries, the boards):
    no ``from .play import _x``, no ``play._x``."""
    web = ROOT / "referee" / "web"
    names = {p.stem for p in web.glob("*.py")}
    found = []
    for path in sorted(web.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {}
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.level != 1:
                continue
            if node.module is None:
                modules.update({a.asname or a.name: a.name for a in node.names if a.name in names})
            elif node.module in names and node.module != path.stem:
                found += [f"{path.name}: from .{node.module} import {a.name}" for a in node.names
                          if a.name.startswith("_")]
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and modules.get(node.value.id, path.stem) != path.stem and node.attr.startswith("_"):
                found.append(f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}")
    assert found == []
