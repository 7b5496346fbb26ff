"""Input that used to answer 500 (Unicode digits, deep JSON) and the open redirect of
the language switch. Each case was first reproduced here as a failing test."""

from __future__ import annotations

import json

import pytest

from webhelpers import csrf_of, form_data, new_match, soup, table_form, tap


def export(client, edit):
    return client.get(edit + "/export").get_json()


def start_hand(client, edit):
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    assert client.post(edit + "/hand", data=data).status_code == 302


def played_to_the_left_tiles(client, edit):
    """The seed hand played to its end: the table asks Всеволод for his tiles."""
    from webhelpers import SEED_MOVES

    start_hand(client, edit)
    for i, mv in enumerate(SEED_MOVES):
        assert tap(client, edit, mv, leader="Анфиса" if i == 0 else None).status_code == 302


# -- `n=²` (str.isdigit() is true, int() fails) on the six routes that carry it -----------------

UNICODE_NUMBERS = ["²", "٣", "¹²", "Ⅻ", "①", "३", "1²", "𝟙", "+1", "1_0", "1 2"]


@pytest.mark.parametrize("route", ["hand", "move", "end-turn", "undo", "left", "result"])
@pytest.mark.parametrize("n", ["²", "٣", "𝟙"])
def test_a_unicode_digit_in_n_is_a_damaged_form_not_a_500(client, route, n):
    edit = new_match(client)
    start_hand(client, edit)
    tap(client, edit, "6:6", leader="Анфиса")
    before = export(client, edit)
    form = table_form(client, edit)
    resp = client.post(f"{edit}/{route}", data={**form, "n": n, "tile": "0:6", "mode": "lay"})
    assert resp.status_code == 400, (route, resp.status_code)
    assert soup(resp).select_one(".problem, .error, main") is not None
    assert export(client, edit) == before


@pytest.mark.parametrize("pips", UNICODE_NUMBERS)
def test_unicode_pips_left_are_refused_with_a_message(client, pips):
    edit = new_match(client)
    played_to_the_left_tiles(client, edit)
    before = export(client, edit)
    data = form_data(client.get(edit), "form.left-form")
    data["pips_1"] = pips
    resp = client.post(edit + "/left", data=data)
    assert resp.status_code == 400
    assert "Всеволод" in soup(resp).select_one(".problem[role=alert]").get_text()
    assert export(client, edit) == before


@pytest.mark.parametrize("left", UNICODE_NUMBERS)
def test_unicode_digits_in_a_result_are_refused_with_a_message(client, left):
    edit = new_match(client)
    data = form_data(client.get(edit + "/result"), "form.result-form")
    data.update({"out": "Анфиса", "left_1": left})
    resp = client.post(edit + "/result", data=data)
    assert resp.status_code == 400
    assert soup(resp).select_one(".problem[role=alert]") is not None
    assert export(client, edit)["hands"] == []


@pytest.mark.parametrize("scored", ["٣٠", "²", "𝟙0"])
def test_unicode_digits_in_points_scored_are_refused(client, scored):
    from referee.rules import catalogue

    options = {f"opt_{o.key}": "" if o.default_for(2, {}) is None else str(o.default_for(2, {}))
               for o in catalogue.spec("muggins").options}
    edit = new_match(client, variant="muggins", players=("Анфиса", "Всеволод"), options=options)
    data = form_data(client.get(edit + "/result"), "form.result-form")
    data.update({"out": "Анфиса", "left_1": "1:1", "scored_0": scored})
    resp = client.post(edit + "/result", data=data)
    assert resp.status_code == 400
    assert export(client, edit)["hands"] == []


# -- JSON nested 1,000 deep (json.loads raises RecursionError) -----------------------------------

def post_import(client, text, lang="ru"):
    headers = {"Accept-Language": lang}
    page = client.get("/import", headers=headers)
    return client.post("/import", data={"csrf_token": csrf_of(page), "text": text}, headers=headers)


@pytest.mark.parametrize("depth", [40, 1000, 50_000])
@pytest.mark.parametrize("lang,words", [("ru", "вложен"), ("en", "nested")])
def test_a_deeply_nested_import_is_refused_in_words(client, app, depth, lang, words):
    text = ('{"format": "referee-record/1", "variant": "traditional", "players": ["a", "b"], '
            '"hands": [], "x": ' + "[" * depth + "]" * depth + "}")
    resp = post_import(client, text, lang)
    assert resp.status_code == 400
    assert words in soup(resp).select_one(".problem[role=alert]").get_text()
    from referee.web import get_db, store

    with app.app_context():
        assert store.list_matches(get_db()) == []


def test_deep_nesting_inside_a_string_is_only_text():
    from referee.limits import json_depth

    assert json_depth('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}') == 1
    assert json_depth('{"a": "\\"[[["}') == 1
    assert json_depth('[[{"a": [1]}]]') == 4
    assert json_depth("[" * 10_000) == 10_000


def test_the_command_line_refuses_deep_json_with_exit_2(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "deep.json"
    path.write_text('{"format": "referee-record/1", "variant": "traditional", "players": ["a", "b"], '
                    '"hands": [' + "[" * 5000 + "]" * 5000 + "]}")
    out = subprocess.run([sys.executable, "-m", "referee.cli", "check", str(path), "--json"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2, out.stderr[-2000:]
    assert json.loads(out.stdout)["error"]["rule"].startswith("record.")


def test_an_option_in_unicode_digits_on_the_command_line_is_refused(tmp_path):
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "referee.cli", "bench", "traditional", "--hands", "1",
                          "--option", "target=²"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2, (out.returncode, out.stderr[-2000:])
    assert "Traceback" not in out.stderr


# -- the language switch: only same-site relative redirects --------------------------------------

@pytest.mark.parametrize("target", [
    "/%09/evil.example", "/%0a/evil.example", "/%0d/evil.example", "//evil.example",
    "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "/%20/evil.example",
    "%2F%2Fevil.example", "/ /evil.example", "/%E3%80%80/evil.example", "/a%0d%0aSet-Cookie:%20x=1",
    "/%00", "///evil.example", "/%5Cevil.example", "/%7F/evil.example", "evil.example",
])
def test_the_language_switch_never_leaves_the_site(client, target):
    resp = client.get(f"/lang/en?next={target}")
    assert resp.status_code == 302
    location = resp.headers["Location"]
    assert location == "/", (target, location)
    assert "Set-Cookie: x" not in str(resp.headers)


@pytest.mark.parametrize("target", ["/new", "/m/abc?x=1", "/rules/traditional#play.no_fit", "/s/k/n"])
def test_the_language_switch_returns_to_a_page_of_the_site(client, target):
    from urllib.parse import quote

    resp = client.get("/lang/ru?next=" + quote(target, safe=""))
    assert resp.status_code == 302
    assert resp.headers["Location"] == target


# -- one check of names for the setup form, the import and `referee check` ------------------------

BAD_NAMES = [
    ("Анфиса\x00", "Всеволод"), ("Анфиса\nИван", "Всеволод"), ("А" * 40, "Всеволод"),
    ("Анфиса", "АНФИСА"), ("Анфиса", "Ан\u200bфиса"), ("\u202eасифнА", "Всеволод"),
    ("Ann", "Ａｎｎ"), ("Анфиса\t", "\tВсеволод\u2066"), ("Анфиса", "Анфиса"),
]


def seed_record(players):
    return {"format": "referee-record/1", "variant": "traditional", "players": list(players),
            "hands": [{"result": {"out": players[0], "left": {players[1]: 2}}}]}


@pytest.mark.parametrize("players", BAD_NAMES)
def test_a_name_the_form_refuses_the_import_and_the_command_line_refuse(client, app, tmp_path,
                                                                         players):
    import subprocess
    import sys

    from referee.web import get_db, store
    from webhelpers import TRAD_OPTIONS

    page = client.get("/new/traditional")
    data = {"csrf_token": csrf_of(page), "player_1": players[0], "player_2": players[1], **TRAD_OPTIONS}
    form = client.post("/new/traditional", data=data)
    assert form.status_code == 400, players
    resp = post_import(client, json.dumps(seed_record(players)), "en")
    assert resp.status_code == 400, players
    words = soup(resp).select_one(".problem[role=alert]").get_text()
    assert "name" in words, words
    with app.app_context():
        assert store.list_matches(get_db()) == []
    path = tmp_path / "r.json"
    path.write_text(json.dumps(seed_record(players)), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "referee.cli", "check", str(path), "--json"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert json.loads(out.stdout)["error"]["rule"] == "record.player_name"


def test_the_refusal_of_a_name_is_in_the_players_language(client):
    from webhelpers import TRAD_OPTIONS

    for lang, words in (("ru", "Имя игрока «Ан�фиса» не принимается: в нём невидимые знаки."),
                        ("en", "The player name «Ан�фиса» is refused: it holds invisible characters.")):
        page = client.get("/new/traditional", headers={"Accept-Language": lang})
        data = {"csrf_token": csrf_of(page), "player_1": "Анфиса", "player_2": "Ан\u200bфиса",
                **TRAD_OPTIONS}
        resp = client.post("/new/traditional", data=data, headers={"Accept-Language": lang})
        assert words in soup(resp).get_text()


@pytest.mark.parametrize("players", [("Анфиса", "Всеволод"), ("Jean-Luc", "O'Neil"), ("Ann B.", "Ánn"),
                                     ("А" * 24, "Б")])
def test_ordinary_names_are_taken_everywhere(client, players):
    resp = post_import(client, json.dumps(seed_record(players)), "en")
    assert resp.status_code == 302, soup(resp).select_one(".problem[role=alert]")
    assert new_match(client, players=players).startswith("/m/")
