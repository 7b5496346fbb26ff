"""CI's compiled step runs a sample (tools/compiled_tests.py --sample): the engine's, the events'
and the sheets' tests every day, and the web app's test files a third a day. Over three days
every web test file runs once on the compiled build, and none is left out."""

from __future__ import annotations

from pathlib import Path

from tests.toolmodule import load_tool

ROOT = Path(__file__).resolve().parents[1]


def tool():
    return load_tool("compiled_tests")


def test_three_days_run_every_web_test_file_once():
    mod = tool()
    web = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "web").glob("test_*.py"))
    days = [set(mod.sample(ROOT, day)) - set(mod.SAMPLE_ALWAYS) for day in (336, 337, 338)]
    assert all(days), "a day without web test files"
    assert sorted(f for d in days for f in d) == web


def test_every_day_runs_the_engine_events_and_sheets():
    mod = tool()
    for day in range(3):
        chosen = mod.sample(ROOT, day)
        for path in ("tests/rules", "tests/events", "tests/print"):
            assert path in chosen
            assert (ROOT / path).is_dir()
        assert all((ROOT / p).exists() for p in chosen)
