"""The match list, the setup form, languages and CSRF."""

from __future__ import annotations

import pytest

from referee.rules import catalogue
from referee.web import store

from webhelpers import TRAD_OPTIONS, csrf_of, new_match, soup


def test_index_empty(client):
    resp = client.get("/")
    assert resp.status_code == 200
    page = soup(resp)
    assert page.select_one("html")["lang"] == "ru"
    assert page.select_one('a.button[href="/new"]') is not None
    assert page.select("li.match") == []


def test_new_lists_every_variant_with_counts_and_summary(client):
    page = soup(client.get("/new"))
    links = page.select("ul.variants a.variant")
    assert [a["href"] for a in links] == [f"/new/{v}" for v in catalogue.VARIANT_NAMES]
    trad = links[0]
    assert trad.select_one("b").get_text() == "Традиционное"
    assert "2–4" in trad.select_one(".players").get_text()
    assert trad.select_one(".summary").get_text() == catalogue.spec("traditional").summary("ru")


def test_new_lists_each_ready_set_of_rules_under_its_game(client):
    """«Козёл» is what players ask for by name: each preset is one tap from the list of games,
    to its game's set-up page with the preset filled in."""
    page = soup(client.get("/new"))
    for variant, presets in catalogue.PRESETS.items():
        item = page.select_one(f'ul.variants > li:has(a.variant[href="/new/{variant}"])')
        chips = item.select("a.variant-preset")
        assert [a["href"] for a in chips] == [f"/new/{variant}?preset={k}" for k in presets]
    trad = page.select_one('ul.variants > li:has(a.variant[href="/new/traditional"])')
    assert [a.get_text() for a in trad.select("a.variant-preset")] == ["Козёл, как во дворе", "Морской козёл"]
    filled = soup(client.get(trad.select_one("a.variant-preset")["href"]))
    assert filled.select_one('input[name="opt_scoring"][value="kozel"]').has_attr("checked")
    assert len(page.select("a.variant-preset")) == sum(map(len, catalogue.PRESETS.values())) > 0


def test_setup_form_fields_and_defaults(client):
    page = soup(client.get("/new/blitz"))
    names = page.select('input[name^="player_"]')
    assert len(names) == 8
    # no maxlength: a browser would cut a longer name without a word; the form refuses it
    assert not any(i.has_attr("maxlength") for i in names)
    for opt in catalogue.spec("blitz").options:
        if opt.choices:
            checked = page.select_one(f'input[name="opt_{opt.key}"][checked]')
            assert checked is not None and checked["value"] == str(opt.choices[0])
            radios = page.select(f'input[name="opt_{opt.key}"]')
            assert len(radios) == len(opt.choices)
            for r in radios:
                assert page.select_one(f'small#{r["aria-describedby"]}').get_text().strip()  # its sentence
        else:
            field = page.select_one(f'input[name="opt_{opt.key}"]')
            assert field["value"] == str(opt.default_for(4, {}))


def test_setup_unknown_variant_404(client):
    assert client.get("/new/chess").status_code == 404


def test_start_a_match(client, app):
    url = new_match(client)
    assert url.startswith("/m/")
    with app.app_context():
        from referee.web import get_db

        matches = store.list_matches(get_db())
    assert len(matches) == 1
    m = matches[0]
    assert m["players"] == ["Анфиса", "Всеволод"]
    assert m["options"]["target"] == 100 and m["options"]["scoring"] == "credit"
    page = soup(client.get("/"))
    assert page.select_one("li.match a.match-title")["href"] == url


def _post_setup(client, players, variant="traditional", **extra):
    page = client.get(f"/new/{variant}")
    data = {"csrf_token": csrf_of(page), **TRAD_OPTIONS, **extra}
    for i, p in enumerate(players, start=1):
        data[f"player_{i}"] = p
    return client.post(f"/new/{variant}", data=data)


@pytest.mark.parametrize("players, extra", [
    (["А" * 25, "Б"], {}),                       # a name too long
    (["Анфиса"], {}),                             # too few players
    (["Анфиса", "анфиса"], {}),                   # the same name twice
    (["Анфиса", "Всеволод"], {"opt_scoring": "poker"}),   # a forged option value
    (["Анфиса", "Всеволод"], {"opt_target": "-5"}),       # a number out of range
    (["Анфиса", "Всеволод"], {"opt_target": "сто"}),      # not a number
    (["Анфиса", "Bad\x01name"], {}),              # a control character
])
def test_setup_bad_input_is_explained_and_stores_nothing(client, app, players, extra):
    resp = _post_setup(client, players, **extra)
    assert resp.status_code == 400
    page = soup(resp)
    assert page.select_one(".problem[role=alert]") is not None
    with app.app_context():
        from referee.web import get_db

        assert store.list_matches(get_db()) == []


def test_setup_without_csrf_is_refused(client, app):
    data = {"player_1": "А", "player_2": "Б", **TRAD_OPTIONS}
    resp = client.post("/new/traditional", data=data)
    assert resp.status_code == 400
    assert soup(resp).select_one("h1").get_text() == "Форма устарела"
    with app.app_context():
        from referee.web import get_db

        assert store.list_matches(get_db()) == []


def test_language_from_browser_then_switch_remembered(client):
    page = soup(client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"}))
    assert page.select_one("html")["lang"] == "en"
    assert page.select_one("h1").get_text() == "Matches"
    switch = page.select_one("a.lang")
    assert switch["hreflang"] == "ru"
    resp = client.get(switch["href"])
    assert resp.status_code == 302 and resp.headers["Location"] == "/"
    page = soup(client.get("/", headers={"Accept-Language": "en"}))
    assert page.select_one("html")["lang"] == "ru"
    assert page.select_one("h1").get_text() == "Матчи"


def test_language_switch_refuses_open_redirect_and_unknown_code(client):
    resp = client.get("/lang/en?next=//evil.example/")
    assert resp.headers["Location"] == "/"
    assert client.get("/lang/de").status_code == 404


def test_russian_is_the_default(client):
    page = soup(client.get("/new", headers={"Accept-Language": "de"}))
    assert page.select_one("html")["lang"] == "ru"


def test_unknown_match_404(client):
    assert client.get("/m/nope").status_code == 404
    assert client.get("/s/nope").status_code == 404
    page = soup(client.get("/m/" + "x" * 100))
    assert page.select_one("h1").get_text() == "Не найдено"
