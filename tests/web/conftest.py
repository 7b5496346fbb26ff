"""Fixtures for the web app: an app on a temporary database, clients, helpers."""

from __future__ import annotations

import pytest

from referee import create_app


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.db"),
                      "SECRET_KEY": "test-secret"})
    (tmp_path / "instance").mkdir(exist_ok=True)
    return app


@pytest.fixture
def client(app):
    return app.test_client()


# -- browser tests (Playwright with Debian's chromium) -------------------------------------------

CHROMIUM = "/usr/bin/chromium"


LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def chromium():
    """Debian's chromium driven by Playwright (its own browsers cannot be downloaded here)."""
    import os

    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(chromium):
    """A page on a phone: 390x844, touch, Russian."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                   is_mobile=True, has_touch=True, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def live_server(tmp_path):
    """The app on a real HTTP server in a thread, with its own database."""
    from servehelpers import in_thread

    app = create_app({"DATABASE": str(tmp_path / "live.db"), "SECRET_KEY": "live-secret"})
    with in_thread(app) as base:
        yield base


# -- the store on both databases ----------------------------------------------------------------

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres_server():
    """The session's PostgreSQL server (``pgcluster``). Where none can be had the PostgreSQL
    tests are skipped, except in CI (``CI=true``), where they must run: there they fail."""
    import os

    from pgcluster import Server, Unavailable

    try:
        server = Server()
    except Unavailable as e:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is needed in CI: {e}")
        pytest.skip(f"no PostgreSQL here: {e}")
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
def new_database(request, tmp_path):
    """Makes empty databases of the parameter's kind: a file path in ``tmp_path`` (SQLite), or a
    ``postgresql://`` URL of a database of its own on the session's server, dropped after the test."""
    if request.param == "sqlite":
        count = iter(range(1000))
        yield lambda: str(tmp_path / f"store{next(count)}.db")
        return
    server = request.getfixturevalue("postgres_server")
    made: list[str] = []

    def new() -> str:
        made.append(server.new_database())
        return made[-1]

    yield new
    for url in made:
        server.drop(url)


@pytest.fixture
def database(new_database):
    """One empty database, SQLite's file or PostgreSQL's URL (the test is run on each)."""
    return new_database()
