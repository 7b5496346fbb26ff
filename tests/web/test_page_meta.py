"""What the pages tell search engines and screen readers.

- Every page carries a description (``<meta name="description">``) in its language.
- Every page that carries a match's key (anything under an edit or a read-only link, the list of
  this browser's matches) says ``noindex`` twice, in the ``X-Robots-Tag`` header and in a robots
  meta tag; a page without a key says neither (the home page and the rules stay findable).
  Walked: every link of the app from the home page, the table, the read-only view and the
  sheets, following each page's own links.
- The layout drawing is one image named in words (``role="img"``: every tile in reading order,
  then the open ends), and no page names an element that has no role to carry a name (a checker
  of a few ARIA rules of its own, without axe-core; ``tools/page_judges.py`` runs axe-core itself):
  a table's header cell says something (an empty corner is a ``<td>``), and two navigation
  landmarks of a page are told apart by a name (at most one of them without).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from bs4 import BeautifulSoup

from webhelpers import SEED_MOVES, form_data, new_match, soup, tap

#: links the walk does not follow: downloads (the PDFs are made by WeasyPrint, the slow part;
#: their headers are checked below), the language switch (a redirect setting a cookie), assets
SKIP = re.compile(r"^/static/|\.pdf(\?|$)|^/lang/|/export$|\.csv$|^/sw\.js|^/manifest")


def _match_in_play(client) -> tuple[str, str, str]:
    """A match with a hand in play (five tiles laid): (its edit link, edit key, view key)."""
    edit = new_match(client)
    client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]'))
    for i, mv in enumerate(SEED_MOVES[:5]):
        assert tap(client, edit, mv, leader="Анфиса" if i == 0 else None).status_code == 302
    share = client.get(edit + "/share").get_data(as_text=True)
    view_key = re.search(r"/s/([A-Za-z0-9_-]+)", share).group(1)
    return edit, edit.rstrip("/").split("/")[-1], view_key


def _walk(client, starts: list[str], limit: int = 120) -> dict[str, object]:
    seen: dict[str, object] = {}
    queue = list(starts)
    while queue and len(seen) < limit:
        url = queue.pop(0)
        if url in seen:
            continue
        resp = client.get(url)
        seen[url] = resp
        if resp.mimetype != "text/html":
            continue
        for a in soup(resp).select("a[href]"):
            href = a["href"].split("#", 1)[0]
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not href.startswith("/") or SKIP.search(href):
                continue
            if href.startswith("/rules/") and not href.startswith("/rules/traditional"):
                continue  # one variant's rules page stands for them all
            if href not in seen:
                queue.append(href)
    return seen


def test_noindex_on_every_page_that_carries_a_key_and_only_there(client):
    edit, key, view_key = _match_in_play(client)
    pages = _walk(client, ["/", edit, f"/s/{view_key}", f"{edit}/sheets", f"{edit}/score"])
    assert len(pages) >= 15, sorted(pages)
    with_key = without_key = 0
    for url, resp in pages.items():
        body = resp.get_data(as_text=True)
        carries = key in url or view_key in url or key in body or view_key in body
        robots = resp.headers.get("X-Robots-Tag", "")
        page = BeautifulSoup(body, "html.parser") if resp.mimetype == "text/html" else None
        meta = page.select_one('meta[name="robots"]') if page is not None else None
        if carries:
            with_key += 1
            assert "noindex" in robots, (url, resp.status_code)
            if page is not None and page.head is not None:
                assert meta is not None and "noindex" in meta["content"], url
        else:
            without_key += 1
            assert robots == "" and meta is None, url
        if page is not None and page.head is not None:
            description = page.select_one('meta[name="description"]')
            assert description is not None and len(description["content"]) > 40, url
    assert with_key >= 8 and without_key >= 4, (with_key, without_key)
    # the downloads under a key say it too (their headers: no PDF is made for this)
    for url in (f"{edit}/export", f"/s/{view_key}/n"):
        assert "noindex" in client.get(url).headers.get("X-Robots-Tag", ""), url
    # a browser that never opened a match sees a home page for everyone: findable
    fresh = client.application.test_client()
    home = fresh.get("/")
    assert "X-Robots-Tag" not in home.headers and 'name="robots"' not in home.get_data(as_text=True)


def test_the_description_is_in_the_pages_language(client):
    said = {}
    for lang in ("ru", "en"):
        client.set_cookie("lang", lang)
        for url in ("/", "/rules", "/rules/traditional", "/new"):
            page = soup(client.get(url))
            assert page.html["lang"] == lang
            said[lang, url] = page.select_one('meta[name="description"]')["content"]
    for url in ("/", "/rules", "/rules/traditional", "/new"):
        assert re.search("[а-яё]", said["ru", url]) and not re.search("[а-яё]", said["en", url], re.I), url
    assert said["en", "/rules/traditional"].startswith("Rules: Traditional")
    assert said["en", "/"] == said["en", "/new"] != said["en", "/rules"]


#: elements whose role cannot be named (ARIA 1.2: generic and paragraph prohibit aria-label)
UNNAMED_ROLES = ("div", "span", "p")


def aria_problems(page: BeautifulSoup) -> list[str]:
    """A few ARIA rules, checked without axe-core: an image (``role="img"``, ``<img>``) has a
    name in words; an element whose role cannot carry a name is not given one."""
    problems = []
    for el in page.select('[role="img"]'):
        title = el.find("title", recursive=False)
        name = (el.get("aria-label") or "").strip() or (title.get_text().strip() if title else "")
        if not name and not el.get("aria-labelledby"):
            problems.append(f"an image without a name: {str(el)[:120]}")
    for img in page.select("img"):
        if img.get("alt") is None:
            problems.append(f"an <img> without alt: {str(img)[:120]}")
    for el in page.find_all(UNNAMED_ROLES):
        if el.get("aria-label") and not el.get("role"):
            problems.append(f"a name on a <{el.name}> with no role to carry it: {str(el)[:120]}")
    for th in page.select("th"):
        if not th.get_text().strip() and not th.get("aria-label"):
            problems.append(f"a header cell that says nothing: {str(th.parent)[:120]}")
    navs = [n for n in page.select('nav, [role="navigation"]')
            if not n.get("aria-label") and not n.get("aria-labelledby")]
    if len(navs) > 1:
        problems.append(f"{len(navs)} navigation landmarks without a name to tell them apart")
    return problems


def test_the_layout_drawing_is_an_image_named_in_words(client):
    edit, key, view_key = _match_in_play(client)
    for lang, words in (("en", ("Layout, 5 tiles: ", "Open ends: ")),
                        ("ru", ("Стол, 5 костей: ", "Открытые концы: "))):
        client.set_cookie("lang", lang)
        for url in (edit, f"/s/{view_key}", f"{edit}/check"):
            page = soup(client.get(url))
            drawing = page.select_one(".layout svg.table")
            assert drawing is not None, url
            assert drawing["role"] == "img"
            label = drawing["aria-label"]
            assert drawing.find("title", recursive=False).get_text() == label
            tiles = [t["aria-label"] for t in drawing.select("svg.tile")]
            ends = [e.get_text() for e in page.select(".layout .end-mark")]
            assert label == f"{words[0]}{', '.join(tiles)}. {words[1]}{', '.join(ends)}.", (url, label)
            assert page.select_one(".layout").get("aria-label") is None
            assert aria_problems(page) == [], url


def test_no_page_breaks_the_aria_rules_checked_here(client):
    edit, key, view_key = _match_in_play(client)
    pages = _walk(client, ["/", edit, f"/s/{view_key}", f"{edit}/sheets", "/sheets/blank"], limit=60)
    for url, resp in pages.items():
        if resp.mimetype == "text/html":
            assert aria_problems(soup(resp)) == [], url


def test_the_pages_axe_core_found_fault_with_pass_these_rules(client):
    """The result form's preview table (its corner) and an event's set-up (its two navs), in
    both languages."""
    edit = new_match(client)
    for lang in ("ru", "en"):
        client.set_cookie("lang", lang)
        result = soup(client.get(edit + "/result"))
        assert result.select_one(".preview-table thead") is not None
        for page in (result, soup(client.get("/events/new/traditional")), soup(client.get("/new/traditional"))):
            assert aria_problems(page) == [], (lang, page.title)


def test_the_checker_finds_what_it_checks():
    page = BeautifulSoup('<div aria-label="Layout"><svg role="img"></svg><img src="x.png"></div>', "html.parser")
    assert len(aria_problems(page)) == 3
    table = BeautifulSoup('<table><tr><th></th><th>Total</th></tr><tr><td></td><th> </th></tr></table>'
                          '<nav></nav><nav aria-label="Sets"></nav>', "html.parser")
    assert len(aria_problems(table)) == 2
    table.select_one("nav").insert_after(BeautifulSoup("<nav></nav>", "html.parser"))
    assert len(aria_problems(table)) == 3


def test_the_public_standings_reload_can_be_stopped(client):
    """The standings reload every 30 s (a phone between rounds follows the results), and say
    how to stop it (WCAG 2.2.1: a screen reader is taken back to the top, an opened «Each one's
    matches» closes): ``?follow=0`` is the page without the reload, with the way back."""
    from eventhelpers import new_event, start

    director = new_event(client, rounds="3")
    start(client, director, 1)
    public = re.search(r'href="[^"]*(/ev/[^"/]+)"', client.get(director).get_data(as_text=True)).group(1)
    for lang, stop, follow in (("ru", "Не обновлять", "Следить (обновлять каждые 30\xa0с)"),
                               ("en", "Stop following", "Follow (refresh every 30 s)")):
        client.set_cookie("lang", lang)
        page = soup(client.get(public))
        assert page.select_one('meta[http-equiv="refresh"]')["content"] == "30"
        link = page.find("a", string=stop)
        assert link is not None and link["href"] == public + "?follow=0", lang
        still = soup(client.get(link["href"]))
        assert still.select_one('meta[http-equiv="refresh"]') is None
        back = still.find("a", string=follow)
        assert back is not None and back["href"] == public, lang
        assert still.select_one("table.standings") is not None
