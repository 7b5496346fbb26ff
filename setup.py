"""Packaging beyond pyproject.toml: the top-level templates/ and static/ go into the wheel.

In the repository the pages and their assets stay in ``templates/`` and ``static/`` beside the
package (the design's layout). A wheel and an sdist carry them as ``referee/templates`` and
``referee/static``, mapped here as two data-only packages; ``referee.paths`` finds them in
either place. Everything else is in pyproject.toml.

The engine may also be compiled with mypyc (an optional extra, from the same source: the
interpreted engine stays the reference, and the tests pass on both). Set ``REFEREE_MYPYC=1``
and build where mypy and a C compiler are installed, without build isolation::

    .venv/bin/pip install mypy setuptools wheel
    REFEREE_MYPYC=1 .venv/bin/pip install --no-build-isolation -e .

(``docs/performance.md``: what it gains). Without the variable nothing is compiled and nothing
beyond setuptools is needed.
"""

import os

from setuptools import find_packages, setup

SHIPPED = {"referee.templates": "templates", "referee.static": "static"}

#: the engine's modules that mypyc compiles (the hot path of a move and every variant's class);
#: the catalogue, the messages, the registry, the match and the token parser (its cache is
#: what a record's replay needs) stay interpreted
COMPILED = ["tiles", "layout", "hand", "playout", "variants/base", "variants/lines",
            "variants/counting", "variants/spinners", "variants/matador", "variants/sausage",
            "variants/two_lane", "variants/ladder", "variants/blind"]


def ext_modules() -> list:
    if os.environ.get("REFEREE_MYPYC", "") in ("", "0"):
        return []
    from mypyc.build import mypycify

    # mypy checks the compiled modules as CI does (pyproject.toml's [tool.mypy]); what they import
    # from the rest of the app is read for its types only
    return mypycify(["--follow-imports=silent"] + [f"referee/rules/{m}.py" for m in COMPILED], opt_level="3",
                    group_name="referee.rules.compiled")


setup(
    packages=find_packages(include=["referee", "referee.*"]) + list(SHIPPED),
    package_dir=SHIPPED,
    package_data={
        "referee": ["translations/*/LC_MESSAGES/*.mo", "translations/*/LC_MESSAGES/*.po",
                    "rules/variants/words/*.toml", "rules/variants/words/shared/*.toml"],
        "referee.templates": ["*", "**/*"],
        "referee.static": ["*"],
    },
    include_package_data=False,
    ext_modules=ext_modules(),
)
