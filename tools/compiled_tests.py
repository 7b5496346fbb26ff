"""The tests on the optional compiled engine (mypyc), in a fresh copy of the checkout.

    python3 tools/compiled_tests.py [PYTEST ARGS ...]     (CI runs it from .ci/run)

1. clones the checkout's HEAD into a temporary folder (the checkout itself stays interpreted)
   and makes a virtual environment there with the README's test install
   (``pip install -e '.[test]'``) and the compiled build's tools (``pip install mypy setuptools
   wheel``, from PyPI);
2. builds the compiled engine as the README says: ``REFEREE_MYPYC=1 pip install
   --no-build-isolation -e .`` (``setup.py``: mypyc, then the C compiler);
3. refuses a build that silently gave the interpreted engine: ``referee.rules.compiled()``
   must say the compiled one runs, and ``referee bench --json`` must report ``"engine":
   "mypyc"``;
4. runs the tests there: ``python -m pytest -q -p no:cacheprovider`` and the arguments given
   (CI: ``--sample -m "not browser"``); ``tests/rules/test_build.py`` also holds every module
   setup.py compiles to the build that runs.

``--sample`` runs what the compiled engine can change, not the whole suite: every test of the
engine (``tests/rules``), of the events, of the printed sheets and of the declarations
(``tests/test_one_declaration.py``, ``test_adding_a_variant.py``, ``test_engine_api_doc.py``),
and a third of the web app's test files, a different third each day (the day of the year mod 3;
``COMPILED_SAMPLE_DAY=N`` replays day N's third). The tests that read only words, docs and
packaging (the catalogue, the glossary, the release) give the same answer on either engine and
are left to the interpreted run. The whole suite on the compiled build stays one command away:
leave ``--sample`` out.

Prints how long each step took; stops at the first failure with a line saying what failed, and
exits 1 (the tests' own exit code when they fail).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fail(what: str, code: int = 1) -> None:
    print(f"compiled tests: FAILED: {what}", file=sys.stderr, flush=True)
    sys.exit(code)


def step(what: str) -> None:
    print(f"compiled tests: {what}", flush=True)


def run(cmd: list[str], cwd: Path, env: dict | None = None, quiet: bool = True) -> subprocess.CompletedProcess:
    t0 = time.monotonic()
    done = subprocess.run(cmd, cwd=cwd, env=env, text=True,
                          capture_output=quiet, timeout=3600)
    if done.returncode != 0:
        out = f"\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}" if quiet else ""
        fail(f"{' '.join(map(str, cmd))} exited {done.returncode}{out}", done.returncode or 1)
    step(f"  {time.monotonic() - t0:.0f} s: {' '.join(map(str, cmd))}")
    return done


#: always run on the compiled build (paths relative to the checkout)
SAMPLE_ALWAYS = ("tests/rules", "tests/events", "tests/print", "tests/test_one_declaration.py",
                 "tests/test_adding_a_variant.py", "tests/test_engine_api_doc.py")
#: the web app's test files are run a third a day
SAMPLE_SHARE = 3


def sample(root: Path, day: int) -> list[str]:
    """The test paths ``--sample`` runs on day ``day``: :data:`SAMPLE_ALWAYS` and the web test
    files whose place in the sorted list is ``day`` mod :data:`SAMPLE_SHARE`."""
    web = sorted(p.relative_to(root).as_posix() for p in (root / "tests" / "web").glob("test_*.py"))
    return [*SAMPLE_ALWAYS, *(f for i, f in enumerate(web) if i % SAMPLE_SHARE == day % SAMPLE_SHARE)]


def main(pytest_args: list[str]) -> int:
    if "--sample" in pytest_args:
        pytest_args = [a for a in pytest_args if a != "--sample"]
        day = int(os.environ.get("COMPILED_SAMPLE_DAY") or time.gmtime().tm_yday)
        chosen = sample(ROOT, day)
        step(f"the sample of day {day} (COMPILED_SAMPLE_DAY={day} replays it): "
             f"{len(chosen) - len(SAMPLE_ALWAYS)} web test files and {', '.join(SAMPLE_ALWAYS)}")
        pytest_args = [*pytest_args, *chosen]
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        fail(f"the build needs Python's headers: no {headers} (Debian: apt install python3-dev)")
    with tempfile.TemporaryDirectory(prefix="referee-compiled-") as tmp:
        copy = Path(tmp) / "checkout"
        t0 = time.monotonic()
        step(f"a fresh copy of {ROOT} in {copy}")
        run(["git", "clone", "--quiet", str(ROOT), str(copy)], cwd=Path(tmp))
        py = copy / ".venv" / "bin" / "python"
        run([sys.executable, "-m", "venv", ".venv"], cwd=copy)
        run([str(py), "-m", "pip", "install", "-q", "-e", ".[test]"], cwd=copy)
        run([str(py), "-m", "pip", "install", "-q", "mypy", "setuptools", "wheel"], cwd=copy)
        installed = time.monotonic()
        env = dict(os.environ, REFEREE_MYPYC="1")
        run([str(py), "-m", "pip", "install", "-q", "--no-build-isolation", "-e", "."], cwd=copy, env=env)
        built = time.monotonic()
        which = run([str(py), "-c", "import referee.rules as r; print(r.compiled(), r.__file__)"], cwd=copy)
        if not which.stdout.startswith("True ") or str(copy) not in which.stdout:
            fail(f"the build gave no compiled engine: referee.rules.compiled() says {which.stdout.strip()}")
        bench = run([str(py), "-m", "referee.cli", "bench", "traditional", "--hands", "5", "--json"], cwd=copy)
        if json.loads(bench.stdout).get("engine") != "mypyc":
            fail(f"referee bench reports another engine: {bench.stdout.strip()}")
        so = sorted(p.relative_to(copy).as_posix() for p in (copy / "referee").rglob("*.so"))
        step(f"the compiled engine runs ({len(so)} extension modules under referee/)")
        run([str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider", *pytest_args], cwd=copy, quiet=False)
        done = time.monotonic()
        step(f"passed: set-up {installed - t0:.0f} s, the compiled build {built - installed:.0f} s, "
             f"the tests {done - built:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
