"""Rule ids -> what a refusal says (one source for the CLI, the web app and the printed sheets).

Each refusal is an English message of the one gettext catalogue (``referee/translations``,
domain ``messages``), marked with ``N_`` (``NC_`` where the same English words say two things)
so that ``tools/translations.py`` extracts it; its Russian lives in the Russian catalogue.
Placeholders are ``%(tile)s``, ``%(player)s``, ``%(ends)s`` …, filled from a refusal's params.

The engine says its own words here, through :mod:`referee.words` (the standard library's
gettext, no web framework): a refusal carries only its rule id and params, and every door (the
command line, the pages, the sheets, the event reports) asks :func:`message` for it in its
reader's language. Filling a message is the engine's knowledge (the tile and pip counts, what a
``what`` or a ``where`` param stands for), so it is done once, here, not at each door.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..words import N_, NC_, Marked, say_marked, say_n

MESSAGES: dict[str, Marked] = {
    # -- the record (exit 2) ----------------------------------------------------------------
    "record.json": N_("The record is not valid JSON: %(detail)s."),
    "record.format": N_("This is not a referee-record/1 record (the format field)."),
    "record.field": N_("The record's field «%(field)s» is wrong: %(detail)s."),
    "record.variant": N_("Unknown variant «%(variant)s»."),
    "record.option_key": N_("This variant has no house rule «%(key)s»."),
    "record.option_value": N_("The option «%(key)s» does not accept «%(value)s»."),
    "record.option_type": N_("The option «%(key)s»: «%(value)s» is of the wrong type."),
    "record.player_count": N_("This variant is for %(min)s to %(max)s players; the record has %(count)s."),
    "record.player_name": N_("The player name «%(name)s» is refused: %(why)s."),
    "record.limit": N_("The record is larger than the app accepts: %(limit)s."),
    "record.unknown_player": N_("«%(name)s» is not seated at this table."),
    "record.token": N_("The move «%(token)s» cannot be read."),
    "record.deal": N_("The deal is wrong: %(detail)s."),
    "record.tile": N_("«%(token)s» is not a double-six tile."),
    "record.unseen_draw": N_("The deal is known, so a draw must name its tile (draw a:b)."),
    "record.left": N_("The left field is wrong: %(detail)s."),
    "record.teams_players": N_("Pairs need exactly four players (partners opposite); the record has %(count)s."),
    "record.kozel_only": N_("The option «%(key)s» applies only with kozel scoring (scoring = kozel); with credit scoring %(key)s = %(value)s means nothing."),
    "record.result": N_("The result field is wrong: %(detail)s."),
    "record.unknown_key": N_("The record has a field «%(key)s» that referee-record/1 does not know (%(where)s)."),
    # -- move syntax --------------------------------------------------------------------------
    "token.syntax": N_("The move «%(token)s» cannot be read: write e.g. 6:5, 5:0>6:5, draw, pass."),
    "token.tile": N_("«%(token)s» is not a tile: two numbers from 0 to 6, e.g. 3:5."),
    "token.open_twice": N_("«%(token)s» names a tile twice."),
    "token.across_half": N_("In «%(token)s», across@ must name a half of that tile."),
    # -- whose turn, the lead -------------------------------------------------------------------
    "turn.wrong_player": N_("It is %(expected)s's turn, not %(player)s's."),
    "turn.one_tile": N_("One tile a turn: %(player)s's turn is over."),
    "turn.over": N_("%(player)s's turn is already over."),
    "turn.incomplete": N_("%(player)s's turn is empty: lay a tile or pass."),
    "hand.over": N_("The hand is over; no more moves."),
    "hand.unfinished": N_("Hand %(hand)s is unfinished but more hands follow it."),
    "hand.redeal": N_("This deal is redealt (monotonous hands)."),
    "hand.no_double": N_("Nobody holds a double: the tiles are redealt."),
    "lead.unknown": N_("Who leads is not given (the lead field)."),
    "lead.wrong_player": N_("%(leader)s leads, not %(player)s."),
    "lead.wrong_tile": N_("The lead must be %(required)s, not %(tile)s."),
    "lead.double": N_("The hand opens with a double."),
    "lead.too_late": N_("The lead has already been played."),
    # -- tiles ----------------------------------------------------------------------------------
    "tile.on_table": N_("The tile %(tile)s is already on the table."),
    "tile.not_in_hand": N_("%(player)s does not hold %(tile)s."),
    "tile.elsewhere": N_("%(player)s cannot hold %(tile)s: it is known to be elsewhere."),
    "tile.no_tiles": N_("%(player)s has no tiles left."),
    # -- laying ---------------------------------------------------------------------------------
    "play.no_fit": N_("%(tile)s does not match any open end (ends: %(ends)s)."),
    "play.wrong_end": N_("%(tile)s does not fit the place named (ends: %(ends)s)."),
    "play.orientation": N_("%(tile)s cannot lie that way (across/along)."),
    "play.ambiguous": N_("%(tile)s fits in more than one place — say which: %(places)s."),
    "blitz.chain": N_("In blitz each further tile of a turn goes on the tile just laid."),
    "sevastopol.arms_first": N_("All four arms of 6:6 are started first: lay a six on a free arm."),
    "spider.arms_first": N_("All four legs of the spider are started first."),
    "spider.close": N_("Only a double at the end of a started leg can close it%(detail)s."),
    "matador.no_fit": N_("%(tile)s: touching halves must sum to %(sum)s, and a blank takes only a matador (ends: %(ends)s)."),
    "sausage.balance": N_("A lane may not stick out by more than one tile."),
    "sausage.cut": N_("A cut needs level lanes and a tile showing both lanes' numbers."),
    "sausage.give": N_("Say which piece to give: give left or give right."),
    "ladder.starter": N_("In ladder the first tile goes on the starter from the bazaar (the starter field)."),
    # -- drawing and passing ------------------------------------------------------------------------
    "draw.no_bazaar": N_("This variant has no drawing from the bazaar."),
    "blitz.no_bazaar": N_("Blitz has no bazaar: the undealt tiles stay out of play."),
    "draw.empty": N_("The bazaar is empty: nothing to draw."),
    "draw.one_per_turn": N_("Only one tile may be drawn a turn."),
    "draw.must_play": N_("%(player)s holds a tile that fits: no drawing."),
    "draw.lay_drawn": N_("The drawn %(tile)s fits: it is the tile laid this turn."),
    "draw.after_lay": N_("Draws come before the first tile of the turn."),
    "draw.not_in_bazaar": N_("%(tile)s is not in the bazaar."),
    "draw.out": N_("%(player)s has no tiles and does not draw."),
    "pass.must_play": N_("%(player)s holds a tile that fits: no passing."),
    "pass.must_draw": N_("No passing yet: draw from the bazaar first."),
    "pass.after_lay": N_("A tile was laid this turn: no pass."),
    "lucky.five_draws": N_("At most five draws a turn."),
    "lucky.lay_drawn": N_("The drawn %(tile)s scores: it must be laid at once."),
    # -- blind variants ---------------------------------------------------------------------------
    "blind.only": N_("The move «%(move)s» exists only in the blind variants."),
    "blind.not_rightmost": N_("The rightmost tile of the row is turned up: %(expected)s, not %(tile)s."),
    "blind.miss_fits": N_("%(tile)s fits: it must be laid."),
    "blind.draw_after_miss": N_("One bazaar tile may be drawn after a miss."),
    "blind.must_open": N_("%(player)s has three tiles left: turn them up (open a:b c:d e:f)."),
    "blind.must_turn": N_("%(player)s must turn up his rightmost tile."),
    "blind.open_wrong": N_("The three tiles turned up must be the three left."),
    "blind.not_yet": N_("Tiles are turned up when exactly three are left."),
    "blind.drawn_not_played": N_("A tile drawn is not played this turn."),
    "blind.after_miss": N_("After a miss the turn is over (but for one draw)."),
    "blind.no_miss_open": N_("The tiles are turned up: no more misses — lay a tile that fits, or draw/pass."),
    "dark.one_tile": N_("In the dark, one tile a turn until the reveal."),
    # -- end of the hand and results ---------------------------------------------------------------
    "left.missing": N_("The deal is unknown: give the tiles or pips left (left)."),
    "left.mismatch": N_("%(player)s was left with other tiles: %(detail)s."),
    "left.impossible": N_("%(player)s's remainder is impossible: %(detail)s."),
    "bergen.left_tiles": N_("A Bergen block needs the tiles left (who holds doubles)."),
    "result.out": N_("The result is wrong: %(detail)s."),
    "result.scored": N_("%(player)s's points in play are impossible: %(detail)s."),
    "result.maker": N_("Under fish_winner=maker the result of a block must name the fish maker (maker)."),
    "result.mismatch": N_("The result does not agree with the moves: %(detail)s."),
    "match.over": N_("The match is already decided: no more hands."),
}


def _tiles(n: int, lang: str) -> str:
    return say_n(lang, "%(n)d tile", "%(n)d tiles", n)


def _pips(n: int, lang: str) -> str:
    return say_n(lang, "%(n)d pip", "%(n)d pips", n)


#: Why a rule refused, as a whole sentence (``params["why"]``): the rule id stays the same (its
#: rules page, its tests), the words say what exactly is wrong with what the player wrote. Keys
#: are plain words (no dot: they are not rule ids). ``%(count_tiles)s``-style placeholders are
#: filled from the number params (``count`` -> ``count_tiles``, ``pips`` -> ``pips_pips`` …).
REASONS: dict[str, Marked] = {
    # a left list (left.impossible, left.mismatch)
    "left_count": N_("%(player)s must hold %(count_tiles)s, the list has %(listed)s."),
    "left_most": N_("%(player)s can hold at most %(most_tiles)s, the list has %(listed)s."),
    "left_on_table": N_("%(tile)s is already on the table (%(player)s's list)."),
    "left_twice": N_("%(tile)s is listed twice for %(player)s."),
    "left_other": N_("%(tile)s is in %(other)s's list already (%(player)s cannot hold it too)."),
    "left_elsewhere": NC_("tiles left", "%(player)s cannot hold %(tile)s: it is known to be elsewhere."),
    "left_known": N_("%(player)s is known to hold %(tile)s, and the list leaves it out."),
    "left_not_dealt": N_("%(tile)s was not dealt to %(player)s, and he could not draw it."),
    "left_cap": N_("%(player)s holds %(count_tiles)s, and %(count_tiles)s carry at most %(cap_pips)s, not %(pips)s."),
    "left_one": N_("%(player)s holds one tile, and no tile he could hold carries %(pips_pips)s."),
    "left_negative": N_("Pips are never below zero: %(player)s's list says %(pips)s."),
    "left_none": N_("%(player)s holds no tiles: his pips are 0, not %(pips)s."),
    "left_tiles": N_("%(player)s was left with other tiles: %(tiles)s; the list has %(listed)s."),
    "left_pips": N_("%(player)s holds %(real_pips)s, the list says %(pips)s."),
    # result.scored
    "scored_none": N_("Nothing is scored during play in this variant: %(player)s has %(points)s."),
    "scored_step": N_("%(player)s's points in play (%(points)s) must be a multiple of %(step)s."),
    "scored_negative": N_("%(player)s's points in play are never below zero (%(points)s)."),
    "scored_bergen": N_("Bergen scores 2s and 3s: %(player)s cannot have 1."),
    "scored_most": N_("The whole table scores at most %(most)s during one hand, the result says %(total)s."),
    # result.out, result.mismatch
    "out_holds": N_("%(player)s went out and so holds nothing, yet his list says %(kept)s."),
    "mismatch_unfinished": N_("The moves do not finish the hand, yet a result is given."),
    "mismatch_out": N_("By the moves %(real)s went out, the result says %(said)s."),
    "mismatch_out_block": N_("By the moves nobody went out (a block), the result says %(said)s did."),
    "mismatch_out_none": N_("By the moves %(real)s went out, the result says nobody did."),
    "mismatch_scored": N_("In the moves %(player)s scored %(real)s during play, the result says %(points)s."),
    "mismatch_maker": N_("%(real)s made the fish (he laid the last tile), the result says %(maker)s."),
    "mismatch_left": N_("%(player)s's tiles left differ between left and result.left."),
    # drawing
    "draw_until": N_("No passing yet: keep drawing until you can play or the bazaar is empty."),
    "draw_one": N_("No passing yet: draw one tile from the bazaar first."),
}

#: What a field of the record must be, or what is wrong with it (``params["what"]`` of
#: ``record.field``, ``record.deal`` and ``record.json``: the message's ``%(detail)s``), so that a
#: refusal is said in the reader's language to the last word. Field names, values the record
#: writes (``ru``, ``en``) and format names stay as the record spells them.
DETAILS: dict[str, Marked] = {
    "names": N_("a list of names"),
    "object": N_("an object"),
    "list": N_("a list"),
    "date": N_("a date as YYYY-MM-DD"),
    "lang": N_("ru or en"),
    "time": N_("a time (ISO 8601)"),
    "changes": N_("a list of changes"),
    "hand_object": N_("each hand is an object"),
    "turn_object": N_("each turn is an object"),
    "moves": N_("a list of move tokens"),
    "no_removed": N_("this variant puts no bazaar tile aside"),
    "no_starter": N_("this variant does not start from a bazaar tile"),
    "needs_starter": N_("the starting tile from the bazaar is needed"),
    "left_object": N_("an object: player -> tiles or pips"),
    "tiles_or_pips": N_("tiles or a number"),
    "points_object": N_("an object of points"),
    "whole": N_("whole numbers"),
    # record.deal
    "deal_everyone": N_("one list of tiles for every player"),
    "deal_list": N_("%(player)s: a list of tiles"),
    "deal_size": N_("%(player)s: %(count_tiles)s, %(size)s dealt"),
    "deal_twice": N_("%(tile)s twice"),
    "deal_removed": N_("the removed %(tile)s was dealt"),
    "deal_starter": N_("the starter %(tile)s was dealt"),
    # record.json
    "utf8": N_("the text is not UTF-8"),
    "json_value": N_("line %(line)s, column %(column)s: a value was expected"),
    "json_name": N_("line %(line)s, column %(column)s: a field name in double quotes was expected"),
    "json_colon": N_("line %(line)s, column %(column)s: a colon was expected"),
    "json_comma": N_("line %(line)s, column %(column)s: a comma was expected"),
    "json_string": N_("line %(line)s, column %(column)s: a string is not closed"),
    "json_control": N_("line %(line)s, column %(column)s: a control character inside a string"),
    "json_escape": N_("line %(line)s, column %(column)s: a wrong backslash escape"),
    "json_extra": N_("line %(line)s, column %(column)s: more text after the record"),
    "json_comma_end": N_("line %(line)s, column %(column)s: a comma before the end"),
    "json_other": N_("line %(line)s, column %(column)s: this is not JSON"),
    "json_deep": N_("nested too deep"),
}

#: what each size limit of a record is (``params["size"]`` of ``record.limit``, the message's
#: ``%(limit)s``); ``%(most)s`` is the limit itself (``referee.limits`` knows the numbers)
SIZES: dict[str, Marked] = {
    "bytes": N_("more than %(most)s characters (not counting the spaces between values)"),
    "depth": N_("nested more than %(most)s levels deep"),
    "hands": N_("more than %(most)s hands"),
    "turns": N_("more than %(most)s turns in a hand"),
    "moves": N_("more than %(most)s moves in one turn"),
    "events": N_("more than %(most)s recorded changes"),
}

#: why a player's name is refused (``params["name_why"]`` of ``record.player_name``, the
#: message's ``%(why)s``); ``%(most)s`` is the longest name
NAME_REASONS: dict[str, Marked] = {
    "empty": N_("it is empty"),
    "long": N_("it is longer than %(most)s characters"),
    "control": N_("it holds control characters (a line break, a tab, NUL)"),
    "bidi": N_("it holds characters that reverse the text"),
    "invisible": N_("it holds invisible characters"),
    "space": N_("it starts or ends with a space"),
    "twice": N_("that name is already seated (names must differ by more than case)"),
}

#: the start of the json module's own message -> the words of ``DETAILS``
_JSON_WHAT = (("Expecting value", "json_value"), ("Expecting property name", "json_name"),
              ("Expecting ':'", "json_colon"), ("Expecting ','", "json_comma"),
              ("Unterminated string", "json_string"), ("Invalid control character", "json_control"),
              ("Invalid \\", "json_escape"), ("Extra data", "json_extra"),
              ("Illegal trailing comma", "json_comma_end"))


def json_error_params(err: BaseException) -> dict[str, object]:
    """The params of ``record.json`` for the json module's refusal (its English message is not
    shown: where it stopped and what it expected, in the reader's words)."""
    import json

    if isinstance(err, json.JSONDecodeError):
        what = next((key for start, key in _JSON_WHAT if err.msg.startswith(start)), "json_other")
        return {"what": what, "line": err.lineno, "column": err.colno}
    if isinstance(err, RecursionError):
        return {"what": "json_deep"}
    return {"what": "json_other", "line": 1, "column": 1}


def json_error_words(err: BaseException, lang: str) -> str:
    """What the json module (or the UTF-8 decoder) refused, in ``lang``'s words."""
    params = {"what": "utf8"} if isinstance(err, UnicodeDecodeError) else json_error_params(err)
    return say_marked(lang, DETAILS[str(params["what"])], params)


#: why a file could not be read or written (errno -> words): the system's own message is English
_OS_REASONS: dict[int, str] = {}


def os_error_words(err: OSError, lang: str) -> str:
    """Why the system refused to open or write a file, in ``lang``'s words."""
    return os_error_said(err.errno, lang)


def os_error_said(code: int | None, lang: str) -> str:
    """Why the system refused to open or write a file (its ``errno``), in ``lang``'s words."""
    import errno

    if not _OS_REASONS:
        _OS_REASONS.update({
            errno.ENOENT: N_("no such file or folder"),
            errno.EACCES: N_("permission denied"),
            errno.EPERM: N_("permission denied"),
            errno.EISDIR: N_("it is a folder, not a file"),
            errno.ENOTDIR: N_("a part of the path is not a folder"),
            errno.ENOSPC: N_("no space left on the disk"),
            errno.EROFS: N_("a read-only file system"),
            errno.ENAMETOOLONG: N_("the file name is too long"),
            errno.EADDRNOTAVAIL: N_("this machine has no such address"),
        })
    marked = _OS_REASONS.get(code or 0, N_("a system error (code %(code)s)"))
    return say_marked(lang, marked, {"code": code})


#: ``where`` words for the places a record's field or key sits in
_WHERE: dict[str, Marked] = {
    "record": N_("at the top of the record"),
    "hand": N_("in hand %(hand)s"),
    "turn": N_("in hand %(hand)s, turn %(turn)s"),
    "result": N_("in the result of hand %(hand)s"),
}


def _numbers(params: dict[str, Any], lang: str) -> dict[str, Any]:
    out = dict(params)
    for k, v in params.items():
        if isinstance(v, int) and not isinstance(v, bool):
            out[k + "_tiles"] = _tiles(v, lang)
            out[k + "_pips"] = _pips(v, lang)
    where = params.get("where")
    if isinstance(where, str) and where in _WHERE:
        out["where"] = say_marked(lang, _WHERE[where], params)
    size = params.get("size")
    if isinstance(size, str) and size in SIZES:
        out["limit"] = say_marked(lang, SIZES[size], params)
    name_why = params.get("name_why")
    if isinstance(name_why, str):
        out["why"] = say_marked(lang, NAME_REASONS.get(name_why, NAME_REASONS["empty"]), params)
    return out


def message(rule: str, params: Mapping[str, object] | None = None, lang: str = "ru",
            places: list[str] | None = None) -> str:
    """The words for a refusal, in ``lang`` (``ru`` or ``en``); the rule id itself when the
    catalogue has no words for it."""
    params = dict(params or {})
    why = params.get("why")
    marked = REASONS.get(why) if isinstance(why, str) else None
    if marked is None:
        marked = MESSAGES.get(rule)
    if marked is None:
        return rule
    filled = _numbers(params, lang)
    what = params.get("what")
    words = DETAILS.get(what) if isinstance(what, str) else None
    if words is not None:
        filled["detail"] = say_marked(lang, words, filled)
    return say_marked(lang, marked, filled)
