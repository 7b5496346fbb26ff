"""Helpers for the event tests: an event set up through its form, the director's forms, a
table's «Козёл» match played by its result."""

from __future__ import annotations

from webhelpers import csrf_of, soup

NAMES8 = ("Аня", "Боря", "Вера", "Гена", "Дина", "Егор", "Жанна", "Зоя")


def setup_fields(page) -> dict:
    """The option fields of the set-up page as drawn (the preset's values, the defaults)."""
    data = {}
    for inp in soup(page).select("input[name^=opt_]"):
        if inp.get("type") == "radio":
            if inp.has_attr("checked"):
                data[inp["name"]] = inp["value"]
        else:
            data[inp["name"]] = inp.get("value", "")
    return data


def new_event(client, entrants=NAMES8, system="swiss", unit="player", rounds="3", preset="yard",
              variant="traditional", seats="4", lang="en", **extra) -> str:
    """Create an event through the set-up form; returns the director's page path."""
    if lang:
        client.get(f"/lang/{lang}")
    page = client.get(f"/events/new/{variant}" + (f"?preset={preset}" if preset else ""))
    assert page.status_code == 200
    data = {"csrf_token": csrf_of(page), "name": "Вторник в «Дупеле»", "seats": seats, "system": system,
            "unit": unit, "rounds": rounds, "entrants": "\n".join(entrants)}
    data.update(setup_fields(page))
    data.update(extra)
    resp = client.post(f"/events/new/{variant}", data=data)
    assert resp.status_code == 302, soup(resp).select_one(".problem")
    return resp.headers["Location"]


def post(client, director: str, path: str, data: dict | None = None):
    """A director's form sent with the page's CSRF token."""
    page = client.get(director)
    form = {"csrf_token": csrf_of(page)}
    form.update(data or {})
    return client.post(director + path, data=form)


def start(client, director: str, number: int):
    page = client.get(director)
    plan = soup(page).select_one(f'form[action$="/round/{number}/start"] input[name="plan"]')
    assert plan is not None, "no round to start"
    return post(client, director, f"/round/{number}/start", {"plan": plan["value"]})


def table_links(client, director: str) -> list[str]:
    """The edit links of the round being played, table by table."""
    page = soup(client.get(director))
    return [a["href"] for a in page.select(".table-row .links a:first-child")]


def hand_by_result(client, edit: str, out_seat: int, pips: tuple[int, int]) -> None:
    """One hand of a four-seat pairs match by its result: the player at ``out_seat`` went out,
    the two opponents hold ``pips``."""
    page = client.get(edit + "/result")
    players = [i["value"] for i in soup(page).select('input[name="out"]') if i["value"] != "*block*"]
    losers = [(out_seat + 1) % 4, (out_seat + 3) % 4]
    form = {"csrf_token": csrf_of(page), "n": soup(page).select_one('input[name="n"]')["value"],
            "out": players[out_seat], f"pips_{losers[0]}": str(pips[0]), f"pips_{losers[1]}": str(pips[1])}
    resp = client.post(edit + "/result", data=form)
    assert resp.status_code == 302, soup(resp).select_one(".problem")


def win_table(client, edit: str, side: int) -> None:
    """The side (0: seats 1 and 3, 1: seats 2 and 4) wins the «Козёл» in two hands (59 + 59
    against it passes the limit of 101)."""
    hand_by_result(client, edit, side, (30, 29))
    hand_by_result(client, edit, side, (30, 29))
