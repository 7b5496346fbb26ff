"""docs/engine-api.md is the contract: every call it writes in backticks exists where its section
says, and where it lists the parameters by name they are the real ones, in order."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

from referee import record
from referee.rules import catalogue, errors, hand, match, messages, move_words, tiles, variants
from referee.rules.variants.base import Variant

DOC = Path(__file__).resolve().parents[1] / "docs" / "engine-api.md"

#: where each section's names live (searched in order)
NAMESPACES = {
    "referee.rules.catalogue": [catalogue, catalogue.VariantSpec, catalogue.OptionSpec,
                                catalogue.Provisional],
    "referee.rules.tiles": [tiles],
    "referee.rules.errors": [errors, messages, errors.RuleError],
    "referee.rules.variants": [variants, Variant],
    "referee.rules.hand.Hand": [hand.Hand, variants],
    "referee.rules.match": [match, match.Match],
    "referee.rules.move_words": [move_words, move_words.MoveWords],
    "referee.record": [record, record.Report, errors.RuleError],
}
SECTION = re.compile(r"^## .*\(`([\w.]+)`\)\s*$", re.M)
CALL = re.compile(r"^(\.?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\((.*?)\)(?:\s*->.*)?$", re.S)
PARAM = re.compile(r"^\s*([A-Za-z_]\w*)\s*(?:=.*)?$", re.S)


def _calls():
    text = DOC.read_text(encoding="utf-8")
    parts = SECTION.split(text)
    for module, body in zip(parts[1::2], parts[2::2]):
        for span in re.findall(r"`([^`]+)`", body):
            m = CALL.match(span.strip())
            if m:
                yield module, m.group(1), m.group(2)


def _resolve(module: str, dotted: str):
    if dotted.startswith("."):                   # a method of the section's class
        cls = next(ns for ns in NAMESPACES[module] if inspect.isclass(ns))
        return getattr(cls, dotted[1:])
    head, *rest = dotted.split(".")
    if head == "referee":                        # a full path: import as far as it goes
        names = dotted.split(".")
        for i in range(len(names), 0, -1):
            try:
                obj = importlib.import_module(".".join(names[:i]))
            except ImportError:
                continue
            for n in names[i:]:
                obj = getattr(obj, n)
            return obj
    for ns in NAMESPACES[module]:
        if hasattr(ns, head):
            obj = getattr(ns, head)
            for n in rest:
                obj = getattr(obj, n)
            return obj
    raise AttributeError(f"{dotted} is not in {module}")


def _params(fn) -> list[str]:
    sig = inspect.signature(fn)
    return [p for p in sig.parameters if p != "self"]


CALLS = list(_calls())


def test_the_page_names_calls_in_every_section():
    assert {m for m, _, _ in CALLS} == set(NAMESPACES)
    assert len(CALLS) > 30


@pytest.mark.parametrize("module,name,args", CALLS, ids=[f"{m}:{n}" for m, n, _ in CALLS])
def test_documented_call_exists_with_its_parameters(module, name, args):
    owner = _resolve(module, name.rsplit(".", 1)[0]) if "." in name.lstrip(".") else None
    obj = _resolve(module, name)
    if owner is None:
        owner = next((ns for ns in NAMESPACES[module] if inspect.isclass(ns)
                      and name.lstrip(".") in getattr(ns, "_fields", ())), None)
    if owner is not None and name.rsplit(".", 1)[-1] in getattr(owner, "_fields", ()):
        return                                  # a field holding a function (VariantSpec.deal)
    assert callable(obj), f"{name} is not callable"
    given = [a for a in re.split(r",\s*(?![^()]*\))", args) if a.strip() and a.strip() != "…"]
    named = [PARAM.match(a) for a in given]
    if given and all(named):
        doc = [m.group(1) for m in named]
        if inspect.isclass(obj) and doc == [b.__name__ for b in obj.__bases__]:
            return                              # a class and its base: RuleError(Exception)
        real = _params(obj)
        assert real[:len(doc)] == doc, f"{name}: the page says ({', '.join(doc)}), the code ({', '.join(real)})"
