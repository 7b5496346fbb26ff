"""``tile_str`` draws a tile from ``tiles.tile_markup`` (made once per tile, way and classes):
the very markup the ``tile`` macro draws, for every tile, upright and across, with any classes."""

from __future__ import annotations

import pytest
from flask import render_template_string

from referee.web.tiles import ALL_STR

MACRO = ('{% from "_macros.html" import tile, tile_str %}'
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
