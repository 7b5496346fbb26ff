"""Packaging beyond pyproject.toml: the top-level templates/ and static/ go into the wheel.

In the repository the pages and their assets stay in ``templates/`` and ``static/`` beside the
package (the design's layout). A wheel and an sdist carry them as ``referee/templates`` and
``referee/static``, mapped here as two data-only packages; ``referee.paths`` finds them in
either place. Everything else is in pyproject.toml.
"""

from setuptools import find_packages, setup

SHIPPED = {"referee.templates": "templates", "referee.static": "static"}

setup(
    packages=find_packages(include=["referee", "referee.*"]) + list(SHIPPED),
    package_dir=SHIPPED,
    package_data={
        "referee": ["translations/*/LC_MESSAGES/*.mo", "translations/*/LC_MESSAGES/*.po"],
        "referee.templates": ["*", "**/*"],
        "referee.static": ["*"],
    },
    include_package_data=False,
)
