"""Every page: structure, weight (HTML + its CSS, JS and images ≤ 110 KB), same-origin only."""

from __future__ import annotations

import os


from webhelpers import form_data, new_match, soup, tap

# the budget of a page and its assets, uncompressed (a phone downloads about a third of it,
# gzipped, and the versioned assets once): 100 KB until the table kept its turns offline and
# the result got its own screen (the heaviest page, a deal, is 105 KB)
LIMIT = 110 * 1024


def weight(client, url: str) -> tuple[int, list[str]]:
    """The bytes of a page and every asset it links to; and the URLs it loads."""
    resp = client.get(url)
    assert resp.status_code == 200, url
    page = soup(resp)
    total = len(resp.data)
    loads = [t["href"] for t in page.select("link[href]")] + [t["src"] for t in page.select("[src]")]
    for ref in loads:
        assert ref.startswith("/") and not ref.startswith("//"), f"{url} loads {ref} from elsewhere"
        asset = client.get(ref)
        assert asset.status_code == 200, ref
        total += len(asset.data)
        asset.close()
    return total, loads


def all_pages(client) -> dict[str, str]:
    edit = new_match(client)
    pages = {"index": "/", "new": "/new", "setup-traditional": "/new/traditional",
             "setup-blitz": "/new/blitz", "import": "/import", "table": edit, "score": edit + "/score",
             "share": edit + "/share", "join": "/join", "offline": "/offline", "deal": edit + "/deal", "result": edit + "/result"}
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    client.post(edit + "/hand", data=data)
    for i, mv in enumerate(["6:6", "6:0", "6:5"]):
        tap(client, edit, mv, leader="Анфиса" if i == 0 else None)
    pages["table-in-play"] = edit
    view = soup(client.get(edit + "/share")).select_one("a.view-link")["href"]
    pages["view"] = view[view.index("/s/"):]
    return pages


def test_every_page_is_light_and_loads_nothing_from_elsewhere(client):
    lines = []
    for name, url in all_pages(client).items():
        for lang in ("ru", "en"):
            client.get(f"/lang/{lang}")
            size, _ = weight(client, url)
            lines.append(f"{lang} {name} {size / 1024:.1f} KB")
            assert size <= LIMIT, f"{name} ({lang}) weighs {size} bytes"
    os.makedirs("/tmp/shots", exist_ok=True)
    with open("/tmp/shots/page-weights.txt", "w") as f:
        f.write("\n".join(lines) + "\n")


def test_pages_have_a_title_a_heading_and_a_viewport(client):
    for name, url in all_pages(client).items():
        page = soup(client.get(url))
        assert page.select_one("title").get_text().strip(), name
        assert len(page.select("h1")) == 1, name
        assert page.select_one('meta[name=viewport]')["content"].startswith("width=device-width")
        assert page.select_one("a.lang") is not None


def test_no_page_uses_an_external_url(client):
    for name, url in all_pages(client).items():
        page = soup(client.get(url))
        for tag in page.select("[href], [src], [action]"):
            ref = tag.get("href") or tag.get("src") or tag.get("action")
            if tag.name == "a" and {"view-link", "edit-link", "join-link"} & set(tag.get("class", [])):
                # the links for the other phones are absolute, on the server's public address
                assert ref.startswith("http://"), (name, ref)
                continue
            assert not ref.startswith(("http:", "https:", "//")), (name, ref)
