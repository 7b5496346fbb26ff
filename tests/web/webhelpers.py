"""Helpers for the web tests: parse pages, find forms, start matches."""

from __future__ import annotations

import json

from bs4 import BeautifulSoup


def soup(resp) -> BeautifulSoup:
    return BeautifulSoup(resp.get_data(as_text=True), "html.parser")


def csrf_of(resp) -> str:
    """The CSRF token of the first form on a page."""
    field = soup(resp).select_one('input[name="csrf_token"]')
    assert field is not None, "the page has no form with a CSRF token"
    return field["value"]


def form_data(resp, selector: str = "form") -> dict:
    """The hidden fields (CSRF token, n) of a form on a page."""
    form = soup(resp).select_one(selector)
    assert form is not None, f"no form {selector}"
    return {i["name"]: i.get("value", "") for i in form.select('input[type="hidden"]')}


def imported(client, record: dict) -> str:
    """A record imported through the import page; the match's edit URL."""
    page = client.get("/import")
    resp = client.post("/import", data={"csrf_token": csrf_of(page),
                                        "text": json.dumps(record, ensure_ascii=False)},
                       content_type="multipart/form-data")
    assert resp.status_code == 302, soup(resp).select_one(".problem")
    return resp.headers["Location"].removesuffix("/score")


def view_of(client, edit: str) -> str:
    """The read-only link's path (``/s/<view key>``)."""
    href = soup(client.get(edit + "/share")).select_one("a.view-link")["href"]
    return href[href.index("/s/"):]


TRAD_OPTIONS = {
    "opt_deal_3_4": "7", "opt_opener": "highest_double", "opt_later_lead": "winner",
    "opt_draw": "until", "opt_monotonous_threshold": "5", "opt_redeal_when": "two_or_more",
    "opt_scoring": "credit", "opt_fish_winner": "fewest_pips", "opt_lone_blank": "24",
    "opt_target": "100", "opt_limit": "101", "opt_teams": "none", "opt_kozel_min": "0", "opt_eggs": "no",
}


def new_match(client, variant="traditional", players=("Анфиса", "Всеволод"), options=None) -> str:
    """Start a match through the setup form; returns its edit URL."""
    page = client.get(f"/new/{variant}")
    data = {"csrf_token": csrf_of(page)}
    for i, p in enumerate(players, start=1):
        data[f"player_{i}"] = p
    data.update(TRAD_OPTIONS if options is None else options)
    resp = client.post(f"/new/{variant}", data=data)
    assert resp.status_code == 302, resp.get_data(as_text=True)[:3000]
    return resp.headers["Location"]


SEED_MOVES = ["6:6", "6:0", "6:5", "5:0>6:5", "0:4>5:0", "0:0>6:0", "4:6", "6:2", "2:3", "0:2",
              "3:3", "2:1", "1:3>2:1"]


def table_form(client, edit: str, selector: str = "form.picker-form") -> dict:
    return form_data(client.get(edit), selector)


def tap(client, edit: str, move: str, leader: str | None = None, mode: str = "lay"):
    """Tap the tile of ``move`` in the picker; when a choice of places appears, tap the
    place whose target matches ``move`` (``tile>target``). Returns the last response."""
    tile, _, target = move.partition(">")
    data = table_form(client, edit)
    data.update({"tile": tile, "mode": mode})
    if leader:
        data["leader"] = leader
    resp = client.post(edit + "/move", data=data)
    if resp.status_code == 200 and soup(resp).select_one("form.choose"):
        page = soup(resp)
        buttons = page.select("form.choose button.place")
        pick = [b["value"] for b in buttons if b["value"].endswith(">" + target)]
        assert len(pick) == 1, (move, [b["value"] for b in buttons])
        choice = form_data(resp, "form.choose")
        choice["token"] = pick[0]
        resp = client.post(edit + "/move", data=choice)
    return resp
