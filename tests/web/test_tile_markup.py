"""``tile_str`` (the templates' global, ``tiles.tile_markup``) draws a tile (made once per tile, way and classes):
the very markup the ``tile`` macro draws, for every tile, upright and across, with any classes."""

from __future__ import annotations

import pytest
from flask import render_template_string

from referee.web.tiles import ALL_STR

MACRO = ('{% from "_macros.html" import tile %}'
         '{% set ab = split_tile(t) %}{{ tile(ab[0], ab[1], vertical, cls) }}|{{ tile_str(t, vertical, cls) }}'
         '|{{ tile_str(t, vertical=vertical) }}|{{ tile(ab[0], ab[1], vertical) }}')


@pytest.mark.parametrize("cls", ["", "laid", "against chosen", 'x" onload="y<'])
def test_tile_str_draws_what_the_tile_macro_draws(app, cls):
    with app.test_request_context("/"):
        for t in ALL_STR + ["5:3", "6:0"]:  # as written: a tile may be written high half second
            for vertical in (False, True):
                drawn, kept, plain, plain_macro = render_template_string(
                    MACRO, t=t, vertical=vertical, cls=cls).split("|")
                assert kept == drawn, (t, vertical, cls)
                assert plain == plain_macro
                assert kept.count("<svg") == 1 and f'aria-label="{t}"' in kept
                assert '" onload=' not in kept  # the classes escaped, as the macro escapes them


PICK = ('<button data-suit="{{ t[0] }}" type="submit" name="tile" value="{{ t }}" class="pick{% if t == tile %} chosen{% endif %}"'
        '{% if t in on_table %} disabled aria-disabled="true"{% endif %} aria-label="{{ t }}">{{ tile_str(t, vertical=True) }}</button>'
        '|{{ pick_button(t, t == tile, t in on_table) }}')


def test_a_pickers_button_is_the_markup_the_template_drew_for_it_chosen_or_on_the_table(app):
    """``pick_button`` (made once per tile and marks) is the button the table's picker drew with
    its own markup: every tile, chosen or not, on the table or not, asked in every order."""
    with app.test_request_context("/"):
        seen = set()
        for tile, on_table in (("3:5", []), (None, ["3:5", "6:6"]), ("6:6", ["6:6"]), (None, []), ("3:5", ["3:5"])):
            for t in ALL_STR:
                drawn, kept = render_template_string(PICK, t=t, tile=tile, on_table=on_table).split("|")
                assert kept == drawn, (t, tile, on_table)
                seen.add(kept)
        assert any(" chosen" in k for k in seen) and any("disabled" in k for k in seen)
        assert len(seen) == 28 + 2 + 2 + 1  # each tile plain; chosen, on the table, or both


def test_the_kept_sprite_is_the_sprite_template_and_every_page_draws_it_once(app, client):
    """``kept_sprite`` (the tiles' and pips' shapes, drawn once per app) is what including
    ``_sprite.html`` draws, and a page carries it once, with every pip's shape its tiles use."""
    from referee.web.tiles import kept_sprite

    with app.test_request_context("/"):
        included = render_template_string('{% include "_sprite.html" %}')
        assert str(kept_sprite()) == included and kept_sprite() is kept_sprite()
    page = client.get("/").get_data(as_text=True)
    assert page.count(included) == 1
    assert all(page.count(f'<g id="p{n}">') == 1 for n in range(7))
