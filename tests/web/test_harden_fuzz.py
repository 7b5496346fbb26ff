"""Hostile input: property-based fuzzing (hypothesis) of every route and form. Random
fields and lengths, Unicode digits, controls and invisible characters, forged keys and tokens,
huge and deeply nested records. Whatever is sent: never a 500, and a refused request changes
nothing stored."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.web import get_db, store
from webhelpers import csrf_of, form_data, new_match, tap

FUZZ = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

#: characters that broke or could break the app: Unicode digits, controls, invisible and
#: text-reversing characters, markup, path and quote characters
NASTY = st.sampled_from(["²", "٣", "𝟙", "Ⅻ", "\x00", "\n", "\r", "\t", "\u200b", "\u202e", "\ufeff",
                         "<script>", "'", '"', "\\", "/", "%", "..", "-", ":", " ", "6", "0", "9"])
TEXT = st.one_of(
    st.text(max_size=12),
    st.lists(NASTY, max_size=6).map("".join),
    st.integers(-10**12, 10**12).map(str),
    st.sampled_from(["6:6", "0:6", "6:0", "3:5", "7:7", "pass", "draw", "draw 1:1", "open 1:1 2:2 3:3",
                     "miss 1:2", "Анфиса", "Всеволод", "Никто", "", "1"]),
    st.text(min_size=300, max_size=2000),
)
FIELDS = ["n", "tile", "mode", "token", "leader", "draw", "pass", "open", "open_tile", "more",
          "lead", "starter", "removed", "deal_0", "deal_1", "left_0", "left_1", "pips_0", "pips_1",
          "out", "maker", "scored_0", "scored_1", "op", "for", "csrf_token"]
FORM = st.dictionaries(st.one_of(st.sampled_from(FIELDS), st.text(max_size=8)),
                       st.one_of(TEXT, st.lists(TEXT, max_size=3)), max_size=8)


def snapshot(app):
    """Everything stored: every match and every event."""
    with app.app_context():
        db = get_db()
        return (list(db.query("SELECT * FROM matches ORDER BY id")),
                list(db.query("SELECT match_id, seq, kind, data FROM events ORDER BY id")))


def played(client):
    edit = new_match(client)
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    assert client.post(edit + "/hand", data=data).status_code == 302
    assert tap(client, edit, "6:6", leader="Анфиса").status_code == 302
    return edit


def test_every_post_route_of_a_match_survives_random_forms(client, app):
    edit = played(client)
    token = csrf_of(client.get(edit))

    @settings(FUZZ, max_examples=120)
    @given(route=st.sampled_from(["hand", "move", "end-turn", "undo", "left", "result"]), form=FORM,
           with_token=st.booleans(), n=st.one_of(st.just("fresh"), st.lists(NASTY, min_size=1, max_size=3).map("".join), TEXT))
    def run(route, form, with_token, n):
        before = snapshot(app)
        data = dict(form)
        if with_token:
            data["csrf_token"] = token
        data["n"] = str(len(before[1])) if n == "fresh" else n
        resp = client.post(f"{edit}/{route}", data=data)
        assert resp.status_code < 500, (route, data, resp.status_code)
        if resp.status_code != 302:
            assert snapshot(app) == before, (route, data)

    run()


def test_forged_keys_and_paths_are_not_found_never_a_500(client, app):
    edit = played(client)

    @FUZZ
    @given(key=st.one_of(st.text(max_size=80), st.lists(NASTY, max_size=8).map("".join)),
           door=st.sampled_from(["m", "s"]),
           tail=st.sampled_from(["", "/score", "/export", "/sheets", "/sheet.pdf", "/hands/1",
                                 "/check?tile=6:6", "/n", "/share", "/result", "/deal"]))
    def run(key, door, tail):
        from urllib.parse import quote

        before = snapshot(app)
        resp = client.get(f"/{door}/{quote(key, safe='')}{tail}")
        assert resp.status_code < 500, (key, tail)
        assert resp.status_code in (404, 405, 308, 301) or key in edit
        assert snapshot(app) == before

    run()


def test_every_query_string_survives(client, app):
    edit = played(client)

    @FUZZ
    @given(path=st.sampled_from([edit + "/check", edit + "/hands/1/step/1", edit + "/hands/1",
                                 edit + "/sheet.pdf", "/sheets/blank", "/sheets/blank/traditional/2.pdf",
                                 "/lang/en", "/lang/ru", "/", "/rules/traditional", edit]),
           args=st.dictionaries(st.sampled_from(["tile", "lang", "next", "sheet_lang", "more", "x"]), TEXT,
                                max_size=3))
    def run(path, args):
        before = snapshot(app)
        resp = client.get(path, query_string=args)
        assert resp.status_code < 500, (path, args)
        if resp.status_code in (301, 302, 303, 307, 308):
            location = resp.headers["Location"]
            assert location.startswith("/") and not location.startswith("//"), location
        assert snapshot(app) == before

    run()


def test_the_setup_form_survives_random_fields(client, app):
    token = csrf_of(client.get("/new/traditional"))

    @FUZZ
    @given(variant=st.sampled_from(["traditional", "blitz", "muggins", "spider", "ladder"]),
           names=st.lists(TEXT, max_size=9),
           options=st.dictionaries(st.sampled_from(["opt_target", "opt_limit", "opt_draw", "opt_scoring",
                                                    "opt_teams", "opt_lone_blank", "opt_x", "opt_bazaar"]),
                                   TEXT, max_size=4))
    def run(variant, names, options):
        from referee import limits

        before = snapshot(app)
        data = {"csrf_token": token, **options}
        data.update({f"player_{i}": name for i, name in enumerate(names, start=1)})
        resp = client.post(f"/new/{variant}", data=data)
        assert resp.status_code < 500, data
        if resp.status_code != 302:
            assert snapshot(app) == before
        else:  # a match was made: its names are the names the shared check takes
            with app.app_context():
                m = store.list_matches(get_db())[0]
            assert limits.names_problem(m["players"]) is None

    run()


JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False), TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=20)

GOOD = {"format": "referee-record/1", "variant": "traditional", "players": ["Анфиса", "Всеволод"],
        "hands": [{"result": {"out": "Анфиса", "left": {"Всеволод": 4}}}]}


def test_the_import_survives_random_and_hostile_records(client, app):
    token = csrf_of(client.get("/import"))

    @FUZZ
    @given(record=st.one_of(
        JSON,
        st.fixed_dictionaries({}, optional={k: JSON for k in GOOD}).map(lambda d: {**GOOD, **d}),
        st.builds(lambda field, value: {**GOOD, field: value},
                  st.sampled_from(["players", "hands", "options", "log", "lang", "date", "created"]), JSON),
        st.integers(1, 5000).map(lambda d: {**GOOD, "hands": json.loads("[" * min(d, 900) + "]" * min(d, 900))}),
    ), as_text=st.booleans())
    def run(record, as_text):
        before = snapshot(app)
        try:
            text = json.dumps(record, ensure_ascii=not as_text)
        except (ValueError, RecursionError):
            return
        resp = client.post("/import", data={"csrf_token": token, "text": text})
        assert resp.status_code < 500, text[:300]
        if resp.status_code != 302:
            assert snapshot(app) == before

    run()


def test_deep_and_huge_texts_at_the_import(client, app):
    token = csrf_of(client.get("/import"))
    before = snapshot(app)
    for text in ("[" * 200_000, "{\"a\":" * 50_000, '"' + "x" * 390_000 + '"', "\x00" * 1000,
                 json.dumps({**GOOD, "players": ["x" * 100_000, "y"]})):
        resp = client.post("/import", data={"csrf_token": token, "text": text})
        assert 400 <= resp.status_code < 500, resp.status_code
    assert snapshot(app) == before
