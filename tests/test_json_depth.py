"""``limits.json_depth`` (regular expressions and a running sum) against the plain character
loop it replaced, on any text made of brackets, quotes, backslashes and the rest."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.limits import json_depth


def _loop_depth(text: str) -> int:
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif c in "]}":
            depth -= 1
    return deepest


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet='[]{}"\\ a:,\n', max_size=60))
def test_the_depth_is_the_character_loops(text):
    assert json_depth(text) == _loop_depth(text)


def test_the_depth_of_records_and_corner_cases():
    import json
    from pathlib import Path

    for path in sorted((Path(__file__).parent / "data" / "examples").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        assert json_depth(text) == _loop_depth(text) >= 5
        assert json_depth(json.dumps(json.loads(text))) == _loop_depth(text)
    for text in ("", '"', '"\\', '"\\"[[', '[\\"[', "]]][[", '["]"]', "[" * 10_000, '"a\\\\"[[', "[\n]"):
        assert json_depth(text) == _loop_depth(text), text


def _walked_depth(obj: object) -> int:
    """A parsed value's depth as the walk of every value, one at a time, finds it (the
    deepest list or object; none: 0), stopping past the limit as ``object_depth`` does."""
    from referee.limits import MAX_DEPTH

    deepest = 0
    stack: list[tuple[object, int]] = [(obj, 1)]
    while stack:
        value, level = stack.pop()
        if not isinstance(value, (dict, list)):
            continue
        deepest = max(deepest, level)
        if level > MAX_DEPTH + 1:
            return level
        stack.extend((x, level + 1) for x in (value.values() if isinstance(value, dict) else value))
    return deepest


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=3),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3),
                     max_leaves=40)


@settings(max_examples=2000, deadline=None)
@given(_JSON)
def test_a_parsed_values_depth_is_the_walk_of_every_value(obj):
    """``limits.object_depth`` (a level at a time) against the walk of every value."""
    from referee.limits import object_depth

    assert object_depth(obj) == _walked_depth(obj)


def test_a_parsed_records_depth_and_deep_values():
    import json
    from pathlib import Path

    from referee.limits import MAX_DEPTH, object_depth

    for path in sorted((Path(__file__).parent / "data" / "examples").glob("*.json")):
        obj = json.loads(path.read_text(encoding="utf-8"))
        assert object_depth(obj) == _walked_depth(obj) == json_depth(json.dumps(obj)) >= 5
    for depth in range(0, 2 * MAX_DEPTH):
        deep: object = "leaf"
        for i in range(depth):
            deep = [1, deep] if i % 2 else {"k": deep, "n": 2}
        expected = min(depth, MAX_DEPTH + 2)  # the walk stops past the limit
        assert object_depth(deep) == _walked_depth(deep) == expected, depth
        assert object_depth([[], deep, {}]) == _walked_depth([[], deep, {}]) == min(max(depth, 1) + 1, MAX_DEPTH + 2)
    assert object_depth([[[]]] * 3) == 3 and object_depth({}) == 1 and object_depth(5) == 0
