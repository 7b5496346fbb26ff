"""The app on a phone in a real Chromium: installable, the rules readable offline, the read-only
view saying when it is out of date. (Service workers need a secure origin: 127.0.0.1 is one.)"""

from __future__ import annotations

import os
import threading

import pytest
from werkzeug.serving import make_server

from referee import create_app

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots"


class Server:
    """The app on 127.0.0.1 in a thread, which the test may stop (the server out of reach)."""

    def __init__(self, tmp_path):
        app = create_app({"DATABASE": str(tmp_path / "shell.db"), "SECRET_KEY": "shell-secret"})
        self.http = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.http.server_port}"
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)
        self.thread.start()
        self.up = True

    def stop(self):
        if self.up:
            self.http.shutdown()
            self.thread.join(5)
            self.http.server_close()
            self.up = False


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path)
    yield s
    s.stop()


def _phone(chromium, lang="ru"):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                               is_mobile=True, has_touch=True, locale=f"{lang}-{lang.upper()}")
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    return ctx, page


def _shoot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_chromium_finds_the_app_installable(chromium, server, tmp_path):
    """Chromium's own check (what decides whether it offers "Install app"). It refuses every
    incognito context, so this one runs in a real profile."""
    from conftest import CHROMIUM, LAUNCH_ARGS

    ctx = chromium.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=LAUNCH_ARGS,
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="ru-RU")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        cdp = ctx.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"].startswith(server.url + "/manifest.webmanifest")
        assert manifest["errors"] == [], manifest["errors"]
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        # and a broken manifest is caught by the same check (it can fail)
        page.evaluate("document.querySelector('link[rel=manifest]').href = '/static/app.css'")
        page.wait_for_timeout(500)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] != []
    finally:
        ctx.close()


def test_rules_pages_are_kept_for_reading_offline(chromium, server):
    ctx, page = _phone(chromium)
    try:
        page.goto(server.url + "/")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        # every rules page is kept at install, not only the pages opened
        kept = page.evaluate("""async () => {
            const names = await caches.keys();
            const cache = await caches.open(names.find(n => n.startsWith('referee-')));
            return (await cache.keys()).map(r => new URL(r.url).pathname);
        }""")
        assert "/rules" in kept and "/rules/traditional" in kept and "/rules/ladder" in kept, kept
        assert "/offline" in kept and any(p.startswith("/static/app.css") for p in kept)
        server.stop()  # the server cannot be reached any more
        page.goto(server.url + "/rules/matador")
        assert page.locator("h1").inner_text().strip() != ""
        assert page.locator("[id]").count() > 5  # the rules with their anchors
        assert page.evaluate("getComputedStyle(document.querySelector('header.top')).display") == "flex"  # its CSS
        _shoot(page, "ru-offline-rules")
        page.goto(server.url + "/new/traditional")  # a page that is never kept
        assert page.locator("h1").inner_text() == "Нет связи"
        _shoot(page, "ru-offline-page")
    finally:
        ctx.close()


@pytest.mark.parametrize("lang, words", [
    ("ru", "Устарело: сервер недоступен"),
    ("en", "Out of date: the server cannot be reached"),
])
def test_the_read_only_view_says_when_it_is_out_of_date(chromium, server, lang, words):
    ctx, page = _phone(chromium, lang)
    try:
        page.goto(server.url + f"/lang/{lang}")
        page.goto(server.url + "/new/traditional")
        page.fill('input[name="player_1"]', "Анфиса")
        page.fill('input[name="player_2"]', "Всеволод")
        page.click("button.primary[type=submit]")
        page.wait_for_url("**/m/**")
        page.goto(page.url + "/share")
        view = page.get_attribute("a.view-link", "href")
        viewer_ctx, viewer = _phone(chromium, lang)
        viewer.goto(view)
        notice = viewer.locator(".stale")
        assert notice.is_hidden()
        viewer_ctx.set_offline(True)
        notice.wait_for(state="visible", timeout=10_000)
        text = notice.inner_text()
        assert text.startswith(words) and ":" in text.split("(")[1], text  # with the time last heard from
        _shoot(viewer, f"{lang}-view-out-of-date")
        viewer_ctx.set_offline(False)
        notice.wait_for(state="hidden", timeout=10_000)
        # and it follows the match again: a hand entered on the table phone appears
        page.goto(page.url.replace("/share", "/result"))
        page.check('input[name="out"][value="Анфиса"]')  # the result form: said, never preselected
        page.fill('input[name="pips_1"]', "12")
        page.click("button.primary[type=submit]")
        viewer.locator("table.score tbody tr").first.wait_for(timeout=10_000)
        assert viewer.locator(".stale").is_hidden()
        viewer_ctx.close()
    finally:
        ctx.close()
