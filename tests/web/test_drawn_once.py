"""Parts of the table and the read-only view drawn in Python or kept once drawn draw what the
templates drew: the list back (``play.back_items``), the templates' ``ngettext`` and their
``url_for`` (``drawing.kept_url_for``), in both languages and under two script roots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import render_template_string, url_for
from flask_babel import force_locale
from markupsafe import Markup

#: the list back's loop as ``play/_back.html`` drew it before ``back_items``
LOOP = """{% for b in back %}
    <li><form method="post" action="{{ undo_to }}">{{ csrf_field }}<input type="hidden" name="n" value="{{ n }}"><input type="hidden" name="seq" value="{{ b.seq }}">
      <button type="submit" class="back-move" data-label="{{ _('back to before move %(k)d', k=b.number) }}"><span class="back-no">{{ b.number }}</span> {{ b.words }}</button></form></li>
  {% endfor %}"""


def test_the_list_back_is_what_the_loop_drew_in_both_languages(app):
    from referee.web.play import back_items

    back = [{"seq": 41, "number": 3, "words": "Анфиса: 6:5 <к> «0:4» & 1"},
            {"seq": 7, "number": 2, "words": Markup("<i>kept</i>")},
            {"seq": 5, "number": 1, "words": "Bo: draw"}]
    csrf = Markup('<input id="csrf_token" name="csrf_token" type="hidden" value="t&k">')
    for lang in ("ru", "en", "ru"):
        with app.test_request_context("/"), force_locale(lang):
            want = render_template_string(LOOP, back=back, undo_to="/m/a&b/undo-to", csrf_field=csrf, n=12)
            got = render_template_string("{{ back_items(back, undo_to, csrf_field, n) }}", back=back,
                                         undo_to="/m/a&b/undo-to", csrf_field=csrf, n=12)
            assert got == want
            assert ("перед ходом 3" in got) == (lang == "ru") and "&lt;к&gt;" in got and "<i>kept</i>" in got
            assert back_items([], "/x", csrf, 1) == ""


def test_ngettext_is_what_jinjas_new_style_ngettext_makes_inside_a_block_that_sets_variables(app):
    """The templates' ``ngettext`` reads only whether the page escapes; a block that sets a
    variable (where Jinja copies the context for a function that asks for it) draws the same."""
    from jinja2.ext import _make_new_ngettext

    from referee.web.i18n import _translations

    page = ("{% set x = 1 %}{% for k in (1, 2, 5, 21) %}"
            "{{ f('%(num)d tile', '%(num)d tiles', k) }}|{{ f('%(num)d hand', '%(num)d hands', k, name=w) }}|"
            "{% endfor %}")
    for lang in ("ru", "en", "ru"):
        with app.test_request_context("/"), force_locale(lang):
            fresh = _make_new_ngettext(lambda s, p, n: _translations().ungettext(s, p, n))
            want = app.jinja_env.from_string(page).render(f=fresh, w="<b>")
            got = app.jinja_env.from_string(page.replace("f(", "ngettext(")).render(w="<b>")
            assert got == want
            assert ("кост" in got) == (lang == "ru") and "21" in got


def test_the_templates_url_for_is_flasks_for_each_script_root_and_value(app):
    """A URL kept by the templates' ``url_for`` is the one Flask builds for that request: under
    another script root it is built again, values in another order keep their order, a value
    that is not a plain string or number and ``_external`` are Flask's every time."""
    calls = [("play.table", {"key": "k1"}), ("play.undo_to", {"key": "k1"}), ("play.table", {"key": "k 2/é"}),
             ("static", {"filename": "app.css", "v": "abc"}), ("static", {"v": "abc", "filename": "app.css"}),
             ("share.count", {"key": "v1"}), ("matches.set_lang", {"code": "en", "next": "/m/k1?more=3&x=<"}),
             ("play.table", {"key": "k1", "more": 7}), ("play.table", {"key": "k1", "_external": True}),
             ("play.table", {"key": "k1", "more": True}), ("play.table", {"key": Markup("k1")})]
    page = "{% set x = 1 %}" + "|".join("{{ url_for(%r, **a%d) }}" % (e, i) for i, (e, _a) in enumerate(calls))
    args = {f"a{i}": a for i, (_e, a) in enumerate(calls)}
    for root in ("", "/club", "", "/other"):
        for _twice in (1, 2):
            with app.test_request_context("/", base_url=f"http://h.example{root}"):
                want = "|".join(str(Markup.escape(url_for(e, **a))) for e, a in calls)
                assert render_template_string(page, **args) == want
                assert want.startswith(f"{root}/m/k1|{root}/m/k1/undo-to|")


def _pages_changed(client, edit: str, pages: Callable[[], dict[str, str]]) -> list[dict[str, str]]:
    """``pages()`` before, after a move, after its undo and after the first player renamed «Аня»."""
    from webhelpers import SEED_MOVES, form_data, soup, tap

    seen = [pages()]
    assert tap(client, edit, SEED_MOVES[3]).status_code == 302
    seen.append(pages())
    assert client.post(edit + "/undo", data=form_data(client.get(edit), "form.undo-form")).status_code == 302
    seen.append(pages())
    page = client.get(edit + "/players")
    data = form_data(page, "form:not([action])")
    data.update({i["name"]: i["value"] for i in soup(page).select('input[name^="name_"]')})
    data["name_0"] = "Аня"
    assert client.post(edit + "/players", data=data).status_code == 302
    seen.append(pages())
    return seen


def test_a_kept_view_is_the_view_drawn_afresh_after_a_move_an_undo_and_a_rename_in_both_languages(app, client):
    """The read-only view is kept once drawn for the viewers after it (``share._VIEWS``): asked
    again, after a move, an undo and a rename, in Russian and English, it is the page drawn
    with nothing kept, and it follows each change."""
    from sheethelpers import in_lang, live_match
    from webhelpers import soup

    from referee.web import share

    edit = live_match(client, moves=3)
    view = "/s/" + soup(client.get(edit)).select_one("#table-state")["data-key"]

    def pages() -> dict[str, str]:
        out = {}
        for lang in ("ru", "en"):
            in_lang(client, lang)
            said = client.get(view).get_data(as_text=True)  # what the change said (flash): drawn afresh
            first = client.get(view).get_data(as_text=True)
            assert share._VIEWS, "the view was not kept"
            kept = client.get(view).get_data(as_text=True)
            share._VIEWS.clear()
            fresh = client.get(view).get_data(as_text=True)
            assert first == kept == fresh, lang
            out[lang] = fresh
            out[lang + " said"] = said
        return out

    seen = _pages_changed(client, edit, pages)
    # the undo's message shown once, to the first view after it: that page drawn, not kept
    assert 'class="flash note"' in seen[2]["ru said"] and 'class="flash' not in seen[2]["ru"]
    assert "Аня" in seen[3]["ru"] and "Аня" not in seen[2]["ru"]
    assert seen[1]["ru"] != seen[0]["ru"] and seen[2]["en"] != seen[1]["en"]
    assert seen[0]["ru"] != seen[0]["en"]


def test_the_csrf_field_is_the_one_wtforms_draws(app):
    """``form.csrf_token()`` and ``{{ form.csrf_token }}`` of the page's action form (the table's forms'
    CSRF field) are the markup WTForms' widget draws for a Flask-WTF form of the request, token
    and all, in two requests (two tokens)."""
    from referee.web import forms

    drawn = set()
    for _ in range(2):
        with app.test_request_context("/"):
            form = forms.action_form()
            got = form.csrf_token()
            want = forms.ActionForm().csrf_token()
            assert got == want and 'type="hidden"' in got
            assert render_template_string("{{ form.csrf_token }}", form=form) == want
            drawn.add(str(got))
    assert len(drawn) == 2


#: the seats' loop as ``play/_hand.html`` drew it before ``seat_items``
SEATS = """{% for p in hv.players %}
    <li class="seat{% if p == hv.to_move %} current{% endif %}"><b class="name">{{ p }}</b>{% if score is defined and score %} <b class="total" title="{{ _('Total') }}">{{ score.totals.get(p, 0) }}</b>{% endif %} <span class="count" title="{{ _('tiles in hand') }}">{{ ngettext("%(num)d tile", "%(num)d tiles", hv.counts[p]) }}</span>{% if hv.scores[p] %} <span class="inplay">+{{ hv.scores[p] }}</span>{% endif %}</li>
    {% endfor %}"""


def test_the_seats_are_what_the_loop_drew_with_and_without_the_score_in_both_languages(app):
    from referee.web.boards import Totals

    hv = {"players": ["Анфиса", "<Жан>", "Стас"], "to_move": "<Жан>", "counts": {"Анфиса": 1, "<Жан>": 5, "Стас": 0},
          "scores": {"Анфиса": 0, "<Жан>": 15, "Стас": 0}}
    new = "{{ seat_items(hv, score.totals if score is defined and score else none) }}"
    for lang in ("ru", "en", "ru"):
        with app.test_request_context("/"), force_locale(lang):
            for score in ({"score": Totals({"Анфиса": 12, "<Жан>": -3})}, {}, {"score": None}):
                want = render_template_string(SEATS, hv=hv, **score)
                assert render_template_string(new, hv=hv, **score) == want
                assert ("костей" in want) == (lang == "ru") and "&lt;Жан&gt;" in want
                assert ('class="total"' in want) == bool(score.get("score"))
            over = dict(hv, to_move=None)
            assert render_template_string(new, hv=over) == render_template_string(SEATS, hv=over)


def test_the_page_forms_check_is_the_flask_wtf_forms(app):
    """The page's action form checks a change as a Flask-WTF form does: a GET is no change, a POST
    whose token ``CSRFProtect`` found good passes, one without a good token is refused."""
    from flask import g

    from referee.web import forms

    cases = [("GET", {}, False, False), ("POST", {"n": "3"}, True, True),
             ("POST", {"n": "3", "csrf_token": "x"}, False, False), ("POST", {"n": "3"}, False, False)]
    for method, data, checked, want in cases:
        with app.test_request_context("/", method=method, data=data):
            if checked:
                g.csrf_valid = True
            assert forms.ActionForm().validate_on_submit() is want
            g.pop("action_form", None)
            assert forms.action_form().validate_on_submit() is want, (method, data, checked)


def test_a_kept_views_compressed_answer_is_kept_with_it_and_is_the_page_drawn_afresh(app, client, monkeypatch):
    """A kept read-only view's compressed body is kept with it (``share.PackedViews``): a second
    viewer of the same state is sent the bytes the first one's compression made, not compressed
    again, with the same headers; they unpack to the page drawn afresh after a move, an undo and
    a rename, in both languages and with each compression; a flashed page is never kept."""
    import flask_compress.flask_compress as fc
    from sheethelpers import in_lang, live_match
    from webhelpers import soup

    from referee.web import share

    made: list[str] = []
    compress = fc._compress_data

    def counted(app_: Any, data: bytes, algorithm: str) -> bytes:
        made.append(algorithm)
        return compress(app_, data, algorithm)

    monkeypatch.setattr(fc, "_compress_data", counted)
    edit = live_match(client, moves=3)
    view = "/s/" + soup(client.get(edit)).select_one("#table-state")["data-key"]

    def headers(r: Any) -> dict[str, str]:
        return {k: v for k, v in r.headers.items() if k not in ("Date", "Set-Cookie")}

    def pages() -> dict[str, str]:
        out = {}
        for lang in ("ru", "en"):
            in_lang(client, lang)
            share._VIEWS.clear()
            said = client.get(view).get_data(as_text=True)  # what the change said (flash): not kept
            assert not share._VIEWS or 'class="flash' not in said
            for algorithm in ("gzip", "zstd", "deflate"):
                share._VIEWS.clear()
                made.clear()
                asked = {"Accept-Encoding": algorithm}
                first = client.get(view, headers=asked)
                second = client.get(view, headers=asked)
                assert made == [algorithm], (lang, algorithm, made)  # the second not compressed again
                assert second.get_data() == first.get_data() and headers(second) == headers(first)
                assert first.headers["Content-Encoding"] == algorithm
                share._VIEWS.clear()
                fresh = client.get(view).get_data(as_text=True)  # drawn again, not compressed
                assert fc._uncompress_data(second.get_data(), algorithm).decode() == fresh, (lang, algorithm)
            out[lang] = fresh
            out[lang + " said"] = said
        return out

    seen = _pages_changed(client, edit, pages)
    assert 'class="flash note"' in seen[2]["ru said"] and 'class="flash' not in seen[2]["ru"]
    assert "Аня" in seen[3]["ru"] and "Аня" not in seen[2]["ru"]
    assert seen[1]["ru"] != seen[0]["ru"] and seen[2]["en"] != seen[1]["en"] and seen[0]["ru"] != seen[0]["en"]
    # nothing but a kept view's answer is kept: the table's page is compressed each time
    made.clear()
    for _ in range(2):
        client.get(edit, headers={"Accept-Encoding": "gzip"})
    assert made == ["gzip", "gzip"]


#: the layout drawing's tiles as ``_macros.html``'s two loops drew them before ``layout_tiles``
TILES = """
  {%- for t in d.tiles %}{% if t.piece.last %}<rect class="last-mark" x="{{ t.x - 14 }}" y="{{ t.y - 14 }}" width="{{ t.w + 28 }}" height="{{ t.h + 28 }}" rx="26"/>{% endif %}{% endfor %}
  {%- for t in d.tiles %}
  <svg class="tile{% if t.piece.end %} end{% endif %}{% if t.piece.down %} down{% endif %}{% if t.piece.last %} last{% endif %}" data-chain="{{ t.chain }}" x="{{ t.x }}" y="{{ t.y }}" width="{{ t.w }}" height="{{ t.h }}" viewBox="0 0 {{ t.w }} {{ t.h }}" role="img" aria-label="{{ t.label }}"><use class="base" href="#{{ 'tv' if t.vertical else 'th' }}" width="{{ t.w }}" height="{{ t.h }}"/>{% if not t.piece.down %}<use class="pips" href="#p{{ t.first }}" width="100" height="100"/><use class="pips" href="#p{{ t.second }}" {{ 'y' if t.vertical else 'x' }}="100" width="100" height="100"/>{% endif %}</svg>
  {%- endfor %}"""


#: the drawing's name, its tiles in words, as ``_macros.html``'s loop listed them before ``layout_names``
NAMES = """{%- set named = namespace(tiles=[]) -%}{%- for t in d.tiles %}{% set named.tiles = named.tiles + [_("face down") if t.piece.down else t.label] %}{% endfor -%}
{{ named.tiles|join(", ") }}"""


def test_the_layouts_tiles_are_what_the_loops_drew_for_every_example_hand(app):
    """``drawing.layout_tiles`` and ``layout_names`` against the template's loops, for the layout
    after every move of every hand of the example records of every variant (lines, crosses,
    lanes, face-down tiles, the last tiles marked; the names in both languages), and a tile whose
    chain and label need escaping."""
    import json
    from pathlib import Path

    from referee import record as rec
    from referee.web.drawing import layout_tiles, svg_data

    seen: set[str] = set()
    drawn = 0
    names = """{{ layout_names(d.tiles, _("face down"))|join(", ") }}"""
    with app.test_request_context("/"):
        for path in sorted((Path(__file__).parents[1] / "data" / "examples").glob("*.json")):
            record = rec.read(json.loads(path.read_text(encoding="utf-8")))
            for number in range(1, len(record.hands) + 1):
                try:
                    for pos in rec.positions(record, number):
                        d = svg_data(pos.hand.layout_view())
                        if d is None:
                            continue
                        want = render_template_string(TILES, d=d)
                        assert str(layout_tiles(d["tiles"])) == want, (path.name, number, pos.index)
                        for lang in ("ru", "en"):
                            with force_locale(lang):
                                assert render_template_string(names, d=d) == render_template_string(NAMES, d=d)
                        seen.update(k for t in d["tiles"] for k in ("end", "down", "last") if t["piece"].get(k))
                        seen.update(("vertical",) if any(t["vertical"] for t in d["tiles"]) else ())
                        drawn += 1
                except rec.Stopped:  # a record's hand that stops: its layouts so far
                    pass
        assert seen == {"end", "down", "last", "vertical"} and drawn > 200
        odd = [{"piece": {"last": True, "end": True}, "x": -5, "y": 7, "w": 200, "h": 100, "vertical": False,
                "first": 6, "second": 5, "chain": 'le"ft<', "label": "6:5 & <b>"}]
        assert str(layout_tiles(odd)) == render_template_string(TILES, d={"tiles": odd})
        assert "&lt;b&gt;" in str(layout_tiles(odd)) and layout_tiles([]) == ""
        assert render_template_string(names, d={"tiles": odd}) == render_template_string(NAMES, d={"tiles": odd})
        with force_locale("ru"):
            down = [dict(odd[0], piece={"down": True})] * 2 + odd
            assert render_template_string(names, d={"tiles": down}) == render_template_string(NAMES, d={"tiles": down})
            assert "рубашкой" in render_template_string(names, d={"tiles": down})
