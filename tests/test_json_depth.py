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
