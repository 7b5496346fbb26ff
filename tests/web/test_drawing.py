"""The layout drawn as it lies on the table (referee/web/drawing.py), checked on the geometry
of every variant's random hands: no tile over another, within a phone's width, each tile next
to the one it touches, and each shape as the table has it (a cross, lanes side by side, a
line that bends as a snake)."""

from __future__ import annotations

import random

import pytest

from referee.rules import catalogue
from referee.rules.playout import random_hand, walk
from referee.web.drawing import AVAILABLE, EPS, best_plan, reading_order

SEEDS = (1, 2, 3, 4)


def views(variant: str, seed: int, every: int = 1):
    spec = catalogue.spec(variant)
    players = min(spec.max_players, spec.min_players + seed % 3)
    h = random_hand(variant, players, random.Random(seed))
    for k, hand in enumerate(walk(h, random.Random(seed * 7))):
        if k % every == 0 and hand.layout.placed:
            yield hand.layout_view()
    if h.layout.placed:
        yield h.layout_view()


def by_side(view, plan):
    """The drawn tiles of each chain (center first), in order from the center outward."""
    rect = {id(t.piece): t for t in plan.tiles}
    return rect[id(view["center"])], {c["side"]: [rect[id(p)] for p in c["pieces"]] for c in view["chains"]}


def touching(a, b) -> bool:
    """Two rectangles share an edge segment (a tile laid against another)."""
    ra, rb = a.rect, b.rect
    share_x = min(ra.x1, rb.x1) - max(ra.x0, rb.x0)
    share_y = min(ra.y1, rb.y1) - max(ra.y0, rb.y0)
    return (abs(share_x) < EPS and share_y > EPS) or (abs(share_y) < EPS and share_x > EPS)


@pytest.mark.parametrize("variant", catalogue.VARIANT_NAMES)
def test_no_tile_lies_over_another_and_every_tile_touches_the_one_before(variant):
    seen = 0
    for seed in SEEDS:
        for view in views(variant, seed, every=3):
            plan = best_plan(view)
            tiles = plan.tiles
            assert len(tiles) == len(reading_order(view))
            for i, a in enumerate(tiles):
                for b in tiles[i + 1:]:
                    assert not a.rect.hits(b.rect), (variant, seed, a.piece["tile"], b.piece["tile"])
            center, chains = by_side(view, plan)
            for side, run in chains.items():
                prev = center
                for t in run:
                    assert touching(prev, t), (variant, side, prev.piece["tile"], t.piece["tile"])
                    prev = t
            b = plan.bbox()
            assert (b.x1 - b.x0) * plan.scale() <= AVAILABLE + EPS
            seen += 1
    assert seen > 20


@pytest.mark.parametrize("variant", ["traditional", "matador", "french", "two_lane", "ladder", "sausage"])
def test_a_long_hand_bends_instead_of_running_off_the_screen(variant):
    """The longest layout of the seeds turns at least once, and its tiles stay big enough to
    read (at least 15 px for half a tile on a 390 px phone)."""
    longest = max((v for s in SEEDS for v in views(variant, s, every=1000)), key=lambda v: len(reading_order(v)))
    plan = best_plan(longest)
    assert len(plan.tiles) >= 12
    ys = {round((t.rect.y0 + t.rect.y1) / 2, 3) for t in plan.tiles}
    assert len(ys) >= 3, "the line bends into rows"
    assert plan.scale() >= 15


@pytest.mark.parametrize("variant", ["sevastopol", "spider", "muggins"])
def test_the_spinner_variants_are_drawn_as_a_cross(variant):
    crosses = 0
    for seed in range(1, 13):
        for view in views(variant, seed, every=2):
            if view["shape"] != "cross":
                continue
            plan = best_plan(view)
            center, chains = by_side(view, plan)
            c = center.rect
            assert center.vertical, "the spinner lies crosswise (upright)"
            first = {side: run[0].rect for side, run in chains.items() if run}
            if "left" in first:
                assert first["left"].x1 <= c.x0 + EPS and first["left"].y0 < 0 < first["left"].y1
            if "right" in first:
                assert first["right"].x0 >= c.x1 - EPS and first["right"].y0 < 0 < first["right"].y1
            if "up" in first:
                assert first["up"].y1 <= c.y0 + EPS and first["up"].x0 < 0 < first["up"].x1
            if "down" in first:
                assert first["down"].y0 >= c.y1 - EPS and first["down"].x0 < 0 < first["down"].x1
            crosses += len(first) == 4
    assert crosses, "some hand started all four arms"


@pytest.mark.parametrize("variant", ["sausage", "two_lane"])
def test_the_lanes_run_side_by_side(variant):
    both = 0
    for seed in SEEDS:
        for view in views(variant, seed, every=2):
            plan = best_plan(view)
            center, chains = by_side(view, plan)
            assert center.vertical
            top, bottom = chains["top"], chains["bottom"]
            if top and bottom:
                a, b = top[0].rect, bottom[0].rect
                assert a.x0 == b.x0 == center.rect.x1, "both lanes start at the first tile's long side"
                assert a.y1 <= b.y0 + EPS, "the upper lane above the lower one"
                both += 1
    assert both


def test_a_closed_spider_leg_and_the_last_tile_are_drawn_so(client):
    from test_web_variants import start
    from webhelpers import new_match, soup, tap

    from test_web_variants import defaults

    edit = new_match(client, "muggins", ("А", "Б"), defaults("muggins", 2))
    start(client, edit)
    assert tap(client, edit, "5:5", leader="А").status_code == 302
    page = soup(client.get(edit))
    svg = page.select_one(".layout svg.table.shape-cross")
    assert svg is not None
    assert [t["aria-label"] for t in svg.select("svg.tile.last")] == ["5:5"]
    assert svg.select("rect.last-mark")


@pytest.mark.parametrize("variant", catalogue.VARIANT_NAMES)
def test_doubles_and_matadors_lie_crosswise(variant):
    """A piece the engine lays across (a double, a matador laid across, a face-down double)
    meets the tile before it with its long side: the chain runs across it."""
    across = 0
    for seed in SEEDS:
        for view in views(variant, seed, every=3):
            plan = best_plan(view)
            center, chains = by_side(view, plan)
            for side, run in chains.items():
                prev = center
                for t in run:
                    if t.piece.get("across"):
                        ra, rb = prev.rect, t.rect
                        vertical_edge = abs(min(ra.x1, rb.x1) - max(ra.x0, rb.x0)) < EPS
                        assert t.vertical == vertical_edge, (variant, seed, side, t.piece["tile"])
                        assert (t.rect.y1 - t.rect.y0 if t.vertical else t.rect.x1 - t.rect.x0) == pytest.approx(2)
                        across += 1
                    prev = t
    if variant in ("traditional", "matador", "muggins", "fives", "sevastopol"):
        assert across, f"{variant}: no piece laid across in the hands played"


def drawn(plan):
    """A plan as the page draws it: each tile's place and halves, each mark."""
    return ([(t.rect, t.vertical, t.first, t.second, t.piece["tile"]) for t in plan.tiles],
            [(m.x, m.y, m.target, m.shows) for m in plan.marks], plan.width)


def test_the_kept_choice_of_width_draws_what_the_search_draws_after_every_tile():
    """best_plan keeps the width and shift it chose by the layout's geometry: after each tile laid
    (the choice kept for the layout before it) the drawing is the one searched afresh, so a
    choice made for the layout before is never reused where the new tile changes it."""
    from referee.web import drawing

    changed = 0
    for variant in ("traditional", "sevastopol", "muggins", "two_lane", "spider", "matador"):
        for seed in SEEDS[:2]:
            drawing._CHOSEN.clear()
            before = None
            for view in views(variant, seed):
                searched, w, shift = drawing._best_plan_searched(view)
                kept = best_plan(view)  # the choice kept for the layout before it, where one was
                assert drawn(kept) == drawn(searched), (variant, seed, len(reading_order(view)))
                assert drawn(best_plan(view)) == drawn(searched)  # now surely from the kept choice
                if before is not None and before != (w, shift):
                    changed += 1
                before = (w, shift)
    assert changed > 10, "few drawings changed their width: the check above proved little"


#: the layout's markup as ``_macros.html``'s ``layout`` macro drew it before ``drawing.layout_markup``
LAYOUT = """{% macro layout(view, marks=None) -%}
{%- set d = layout_svg(view, marks) -%}
<div class="layout">
{% if not d %}
  <p class="muted">{{ _("The table is empty: lay the first tile.") }}</p>
{% else %}
  {#- the drawing is one image to a screen reader, named in words: every tile in reading order, then the open ends -#}
  {%- set said = ngettext("Layout, %(num)d tile: %(tiles)s.", "Layout, %(num)d tiles: %(tiles)s.", d.tiles|length, tiles=layout_names(d.tiles, _("face down"))|join(", ")) -%}
  {%- if view.ends %}{% set said = said ~ " " ~ _("Open ends") ~ ": " ~ view.ends|map(attribute="shows")|map("join", "/")|join(", ") ~ "." %}{% endif %}
  <svg class="table shape-{{ d.shape }}{% if d.shape == 'line' %} line{% endif %}" viewBox="{{ d.viewbox }}" style="max-width: {{ d.max_width }}px" role="img" aria-label="{{ said }}"><title>{{ said }}</title>
  {{- layout_tiles(d.tiles) }}
  {%- for m in d.marks %}{% if m.labels %}{% set txt = m.labels|join(" ") %}
  <g class="place-mark" data-target="{{ m.target }}"><rect x="{{ m.x - 30 - 26 * (txt|length - 1) }}" y="{{ m.y - 42 }}" width="{{ 60 + 52 * (txt|length - 1) }}" height="84" rx="30"/><text x="{{ m.x }}" y="{{ m.y + 22 }}" text-anchor="middle">{{ txt }}</text></g>
  {%- endif %}{% endfor %}
  </svg>
{% endif %}
{% if view and view.ends %}
<p class="ends">{{ _("Open ends") }}: {% for e in view.ends %}<b class="end-mark">{{ e.shows|join("/") }}</b>{% endfor %}{% for t in d.tiles if t.piece.last %} <span class="last-laid">{{ _("Laid last: %(tile)s", tile=t.piece.tile) }}</span>{% endfor %}</p>
{% endif %}
</div>
{%- endmacro %}{{ layout(view, marks) }}"""


def _macro_drew(view, marks):
    from flask import render_template_string

    from referee.web.drawing import layout_names, layout_tiles, svg_data

    return render_template_string(LAYOUT, view=view, marks=marks, layout_svg=svg_data, layout_tiles=layout_tiles,
                                  layout_names=layout_names)


def test_the_kept_layout_is_the_markup_the_macro_drew_for_its_layout_marks_and_language(app):
    """``kept_layout`` keeps ``layout_markup`` by the page's language, the layout and the marks:
    after every tile laid, with and without an open end marked, in both languages, it is what
    the layout macro drew afresh, and asked again it is drawn from what was kept."""
    from flask_babel import force_locale

    from referee.web import drawing

    drawing._MARKUP.clear()
    asked = 0
    with app.test_request_context("/"):
        for variant in ("traditional", "muggins", "two_lane"):
            for view in views(variant, SEEDS[0], every=3):
                targets = [e.get("target") for e in view.get("ends") or [] if e.get("target")]
                for marks in (None, {targets[0]: ["1"]} if targets else None, {t: [str(i + 1)] for i, t in enumerate(targets)}):
                    for lang in ("ru", "en"):
                        with force_locale(lang):
                            want = _macro_drew(view, marks)
                            assert str(drawing.kept_layout(view, marks)) == want, (variant, lang, marks)
                            kept = len(drawing._MARKUP)
                            assert str(drawing.kept_layout(view, marks)) == want
                            assert len(drawing._MARKUP) == kept  # the second time from what was kept
                            asked += 1
    assert asked > 100 and len(drawing._MARKUP) > asked / 3


def test_the_layout_markup_is_what_the_macro_drew_for_odd_layouts(app):
    """``layout_markup`` against the macro where its words and values need care: no layout, an
    empty table with open ends, face-down and last tiles, several labels on a mark (one of them
    markup), open ends and a tile that need escaping; in both languages."""
    import copy

    from flask_babel import force_locale
    from markupsafe import Markup

    from referee.web.drawing import layout_markup

    cases = [(None, None), ({}, None), ({"center": None, "ends": [{"shows": [3, "<4>"]}]}, None)]
    for view in views("traditional", SEEDS[0], every=2):
        targets = [e.get("target") for e in view.get("ends") or [] if e.get("target")]
        odd = copy.deepcopy(view)
        odd["center"]["down"] = True
        for e in odd.get("ends") or []:
            e["shows"] = ["<a>", Markup("<b>"), 5]
        for c in odd.get("chains") or []:
            for p in c["pieces"]:
                p["last"], p["tile"] = True, "1:<2&>"
        cases += [(view, {t: ["1", "2"] for t in targets}), (odd, {t: [Markup("<i>1</i>"), "<2>"] for t in targets})]
    with app.test_request_context("/"):
        for lang in ("ru", "en"):
            with force_locale(lang):
                for view, marks in cases:
                    assert str(layout_markup(view, marks)) == _macro_drew(view, marks), (lang, view, marks)
    assert len(cases) > 20
