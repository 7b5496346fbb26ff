"""Every refusal of an event record, and every word of ``referee event``'s reports (one source
for the command line and, later, the web app). Each is an English message of the gettext
catalogue marked with ``N_`` (``NC_`` where the same English words say two things), its Russian
in the Russian catalogue, said through :mod:`referee.words` as the engine's refusals are.
Placeholders: ``%(round)s``, ``%(table)s``, ``%(id)s``, ``%(field)s`` …; ``%(detail)s`` is filled
from ``DETAILS[params["what"]]``."""

from __future__ import annotations

from typing import Mapping

from ..rules import messages as rule_words
from ..words import N_, NC_, Marked, say_marked

#: rule id -> its message. ``event.*`` rules of exit 2 (the file cannot be read as an event) first,
#: then those of exit 1 (a rule of events is broken)
MESSAGES: dict[str, Marked] = {
    # -- exit 2: the file is not an event ---------------------------------------------------------
    "event.file": N_("The file cannot be opened: %(detail)s."),
    "event.json": N_("The event is not valid JSON: %(detail)s."),
    "event.limit": N_("The event is larger than the app accepts: %(detail)s."),
    "event.format": N_("This is not a referee-event/1 event record (the format field)."),
    "event.unknown_key": N_("The event has a field «%(key)s» that referee-event/1 does not know (%(where)s)."),
    "event.missing_key": N_("The event lacks the field «%(key)s» (%(where)s)."),
    "event.field": N_("The event's field «%(field)s» is wrong (%(where)s): %(detail)s."),
    "event.game": N_("The event's game is refused: %(detail)s"),
    "event.seats": N_("%(variant)s seats %(min)s to %(max)s players at a table; the event has %(seats)s seats."),
    "event.unit_pair": N_("Fixed pairs (unit = pair) need a four-seat pairs game (traditional, teams = pairs, seats = 4)."),
    "event.pairs": N_("The list of pairs (pairs) is wrong: %(detail)s."),
    "event.round_robin": N_("A round robin (round_robin) cannot be played so: %(detail)s."),
    "event.entrant_twice": N_("The entrant «%(id)s» is entered twice (%(detail)s)."),
    "event.unknown_id": N_("«%(id)s» is not an entrant of this event (%(where)s)."),
    "event.table_seats": N_("Table %(table)s of round %(round)s must have %(seats)s seats; it has %(count)s."),
    "event.seated_twice": N_("«%(id)s» sits twice at table %(table)s of round %(round)s."),
    "event.partners": N_("At table %(table)s of round %(round)s fixed partners must sit opposite (seats 1 and 3, 2 and 4): %(detail)s."),
    "event.unit_twice": N_("In round %(round)s «%(id)s» is listed twice (%(detail)s)."),
    "event.table_twice": N_("Round %(round)s has two tables numbered %(table)s."),
    "event.round_order": N_("The rounds must come in order 1, 2, …: round «%(round)s» stands where round %(expected)s should."),
    "event.round_more": N_("More rounds are listed than planned (rounds = %(rounds)s)."),
    "event.round_empty": N_("Round %(round)s has no tables, yet later rounds follow: only the last round may have none yet."),
    "event.result": N_("The result of table %(table)s of round %(round)s is wrong: %(detail)s."),
    "event.pair_one_id": N_("The pair %(pair)s is named in round %(round)s by one of its entrants, «%(id)s» (%(where)s): both are needed."),
    "event.withdrawn_twice": N_("«%(id)s» withdraws twice: in round %(first)s and again in round %(round)s."),
    "event.joined_pair": N_("The partners %(pair)s join in different rounds (joined): a pair joins together."),
    "event.match_points": N_("The match points (match_points) are wrong: %(detail)s."),
    "event.tiebreaks": N_("The list of tie-breaks (tiebreaks) is wrong: %(detail)s."),
    "event.record": N_("The game record of table %(table)s of round %(round)s cannot be read: %(message)s"),
    "event.record_game": N_("The game record of table %(table)s of round %(round)s is not this table's: %(detail)s."),
    "event.after_round": N_("Round %(round)s is out of range: 0 to %(last)s (rounds listed: %(last)s)."),
    "event.pair_round": N_("Round %(round)s is out of range: 1 to %(last)s."),
    # -- exit 1: a rule of events is broken ----------------------------------------------------
    "event.record_rule": N_("The game of table %(table)s of round %(round)s breaks a rule: %(message)s"),
    "event.record_unfinished": N_("The last hand of the game of table %(table)s of round %(round)s is unfinished."),
    "event.hand_limit": N_("Table %(table)s of round %(round)s played %(hands)s hands; the event's limit is %(limit)s."),
    "event.ended": N_("Table %(table)s of round %(round)s says the match ended «%(ended)s»; its game record says «%(real)s»."),
    "event.no_limit": N_("The match of table %(table)s of round %(round)s ended at the limit «%(ended)s», which the event does not have."),
    "event.level_target": N_("The match of table %(table)s of round %(round)s ended at its target with the best totals level: a tie at the top plays on."),
    "event.not_active": N_("«%(id)s» in round %(round)s: %(detail)s."),
    "event.unseated": N_("In round %(round)s «%(id)s» has neither a table nor a bye."),
    "event.circle": N_("Round %(round)s of the round robin is not the circle's (%(detail)s), and it is not marked changed (changed)."),
    "event.unfinished_round": N_("Table %(table)s of round %(round)s has no result yet: the next round cannot be paired."),
}

#: what is wrong, in the reader's words (``params["what"]`` -> ``{detail}``)
DETAILS: dict[str, Marked] = {
    "object": N_("an object is needed"),
    "list": N_("a list is needed"),
    "text": N_("a non-empty string is needed"),
    "date": N_("a date as YYYY-MM-DD is needed"),
    "whole": N_("a whole number of at least 1 is needed"),
    "whole_in": N_("a whole number from 1 to %(most)s is needed"),
    "number": N_("a number of at least zero is needed"),
    "flag": N_("true or false is needed"),
    "system": N_("swiss, round_robin or free is needed"),
    "unit": N_("player or pair is needed"),
    "ids": N_("a list of entrant ids is needed"),
    "name": N_("the name is refused: %(why)s"),
    "name_twice": N_("the name «%(name)s» is in the event already"),
    "id_twice": N_("the id «%(id)s» is in the event already"),
    # pairs
    "pairs_missing": N_("unit = pair needs the list of pairs"),
    "pairs_player": N_("unit = player has no pairs"),
    "pairs_shape": N_("each pair is a list of two ids"),
    "pairs_twice": N_("«%(id)s» is in two pairs"),
    "pairs_left": N_("«%(id)s» is in no pair"),
    # round robin
    "rr_tables": N_("a table seats more than two units"),
    "rr_joined": N_("«%(id)s» joins later (joined = %(joined)s)"),
    "rr_rounds": N_("with %(units)s units the rounds are %(cycle)s or a multiple of it, not %(rounds)s"),
    # match points, tie-breaks
    "mp_shape": N_("an object of three numbers is needed: win, draw, loss"),
    "tb_unknown": N_("«%(name)s» is not a tie-break (match_points, buchholz, score_diff, head_to_head, lot)"),
    "tb_twice": N_("«%(name)s» is listed twice"),
    # results
    "result_form": N_("one of three forms is needed: match (a game record, ended beside it optional), totals with ended, or ended = forfeit with absent"),
    "ended": N_("ended is target, hands or time"),
    "totals_seats": N_("totals must name exactly the seated entrants"),
    "totals_number": N_("«%(id)s»'s total must be a number"),
    "totals_partners": N_("the partners %(pair)s have different totals"),
    "absent_seats": N_("absent is a non-empty list of seated entrants"),
    # a table's game record
    "record_variant": N_("the variant is «%(variant)s», the event's «%(event)s»"),
    "record_options": N_("other house rules (%(key)s: «%(value)s», the event's «%(event)s»)"),
    "record_players": N_("the players are %(players)s, the table seats %(seated)s"),
    # fixed partners
    "partners_apart": N_("«%(id)s» and «%(other)s» are not a pair of the event"),
    # a unit twice in a round
    "twice_tables": N_("at tables %(first)s and %(table)s"),
    "twice_table_bye": N_("at table %(table)s and with a bye"),
    "twice_list": N_("twice in the list"),
    # entrants
    "entrants_list": N_("the entrants are a list of entries with an id and a name"),
    # not active
    "before_joined": N_("has not joined yet (joined = %(joined)s)"),
    "after_withdrawn": N_("has withdrawn (in round %(withdrawn)s)"),
    # the circle
    "circle_meetings": N_("other meetings"),
    "circle_byes": N_("other byes"),
    # the file
    "json_nan": N_("NaN and Infinity are not JSON numbers"),
    # the limits (``%(most)s`` is the limit)
    "more_bytes": N_("more than %(most)s bytes"),
    "more_depth": N_("nested more than %(most)s levels deep"),
    "more_entrants": N_("more than %(most)s entrants"),
}

#: where a key or field sits (``params["where"]``)
WHERE: dict[str, Marked] = {
    "event": N_("at the top"),
    "game": N_("in game"),
    "entrant": N_("in entrant %(index)s"),
    "round": N_("in round %(round)s"),
    "table": N_("at table %(table)s of round %(round)s"),
    "result": N_("in the result of table %(table)s of round %(round)s"),
    "byes": N_("in the byes of round %(round)s"),
    "withdrawn": N_("in the withdrawn of round %(round)s"),
    "seats": NC_("seats", "at table %(table)s of round %(round)s"),
    "absent": N_("in the absent of table %(table)s of round %(round)s"),
    "totals": N_("in the totals of table %(table)s of round %(round)s"),
    "pairs": N_("in pairs"),
}

#: the words of the reports (standings, proposals, the check's verdict)
WORDS: dict[str, Marked] = {
    "ok": N_("The event keeps every rule."),
    "bad": N_("The event cannot be read"),
    "broken": N_("Broken rule"),
    "rule": N_("rule"),
    "where_round": N_("round %(round)s"),
    "where_table": N_("round %(round)s, table %(table)s"),
    "place": N_("Place"),
    "unit": N_("Entrant"),
    "units_pairs": N_("Pair"),
    "match_points": N_("Points"),
    "buchholz": N_("Buchholz"),
    "score_diff": N_("Difference"),
    "played": N_("Played"),
    "byes": NC_("event report", "Byes"),
    "after": N_("%(name)s: standings after round %(round)s"),
    "order": N_("Order: %(order)s"),
    "tb_match_points": N_("match points"),
    "tb_buchholz": N_("Buchholz"),
    "tb_score_diff": N_("score difference"),
    "tb_head_to_head": NC_("event report", "head to head"),
    "tb_lot": N_("lot (entry order)"),
    "withdrawn_mark": N_("withdrawn"),
    "proposal": N_("%(name)s: round %(round)s"),
    "ratings": N_("%(name)s: ratings after round %(round)s"),
    "ratings_note": N_("Rating: μ − 3σ (the skill's estimate less three times its uncertainty), the Plackett–Luce model."),
    "player": N_("Player"),
    "rating": N_("Rating"),
    "rated": NC_("event report", "Matches"),
    "table_line": N_("Table %(table)s: %(seats)s"),
    "bye_line": N_("Bye: %(names)s"),
}


def words(key: str, lang: str, **params: object) -> str:
    """One of the reports' ``WORDS`` in ``lang``, its placeholders filled."""
    return say_marked(lang, WORDS[key], params)


def message(rule: str, params: Mapping[str, object] | None = None, lang: str = "ru") -> str:
    """The words of an event refusal in ``lang`` (``ru`` or ``en``). Besides this module's
    ``what`` and ``where``, a refusal may carry what the record reader's words say: a game's
    refusal (``game_rule``, ``game_params``), the JSON reader's (a ``what`` of
    ``referee.rules.messages.DETAILS``), the system's (``errno``), a name's (``name_why``)."""
    filled: dict[str, object] = dict(params or {})
    where = filled.get("where")
    if isinstance(where, str) and where in WHERE:
        filled["where"] = say_marked(lang, WHERE[where], filled)
    name_why = filled.get("name_why")
    if isinstance(name_why, str):
        filled["why"] = say_marked(lang, rule_words.NAME_REASONS.get(name_why, rule_words.NAME_REASONS["empty"]),
                                   filled)
    what = filled.get("what")
    game_rule, game_params = filled.get("game_rule"), filled.get("game_params")
    if isinstance(what, str) and what in DETAILS:
        filled["detail"] = say_marked(lang, DETAILS[what], filled)
    elif isinstance(what, str) and what in rule_words.DETAILS:
        filled["detail"] = say_marked(lang, rule_words.DETAILS[what], filled)
    elif isinstance(game_rule, str):
        filled["detail"] = rule_words.message(game_rule, game_params if isinstance(game_params, Mapping) else {},
                                              lang)
    elif "errno" in filled:
        code = filled["errno"]
        filled["detail"] = rule_words.os_error_said(code if isinstance(code, int) else None, lang)
    marked = MESSAGES.get(rule)
    if marked is None:
        return rule
    return say_marked(lang, marked, filled)


#: the refusals of a director's change (``referee.events.service.Refused``: its ``rule`` -> its
#: words; ``%(n)s`` a round, ``%(t)s`` a table), and where an event's fault stands
CHANGES: dict[str, Marked] = {
    "change.busy": N_("The event is being changed from another phone. Nothing was changed: try again."),
    "change.stale": N_("The event was changed from another phone since this page was drawn. "
                       "Nothing was changed: look at it again."),
    "change.cannot_start": N_("Round %(n)d cannot be started now."),
    "change.plan_changed": N_("The tables of this round changed since the page was drawn (a result, a "
                              "withdrawal or a swap). Nothing was started: look at them again."),
    "change.cannot_change": N_("Round %(n)d cannot be changed now."),
    "change.swap_two": N_("Choose two different entrants to swap."),
    "change.sit_out_free": N_("Only a free round that has not started may leave someone out."),
    "change.sit_out_who": N_("Choose who sits out."),
    "change.not_started": N_("Round %(n)d has not started."),
    "change.no_clock": N_("This event's rounds have no clock."),
    "change.not_playing": N_("Round %(n)d is not being played."),
    "change.missing": N_("Results missing at tables %(tables)s: the round cannot be closed yet."),
    "change.missing_one": N_("The result of table %(tables)s is missing: the round cannot be closed yet."),
    "change.disputed": N_("A hand is disputed at tables %(tables)s: settle it, or enter the table's "
                          "result, before closing the round."),
    "change.disputed_one": N_("A hand is disputed at table %(tables)s: settle it, or enter the table's "
                              "result, before closing the round."),
    "change.no_table": N_("There is no table %(t)d in round %(n)d."),
    "change.closed": N_("The round is closed: enter the table's result instead."),
    "change.absent": N_("Mark who did not come."),
    "change.side_total": N_("Enter each side's total as a whole number."),
    "change.ended": N_("Choose what ended the match."),
    "change.all_paired": N_("Every round of the event has been paired."),
    "change.unreadable": N_("The event cannot be read."),
    "change.withdraw_who": N_("Choose who withdraws."),
    "change.entrant_name": N_("Enter the new entrant's name."),
    "change.pair_line": N_("Each line names one pair: two names joined by «+» (%(line)s)."),
    "change.entrants_most": N_("An event takes at most %(n)d entrants."),
    "change.entrant_twice": N_("The name «%(name)s» is entered twice (names must differ by more than case)."),
    "setup.seats": N_("This game is played by %(lo)d to %(hi)d players at a table."),
    "setup.rounds": N_("Enter the number of rounds."),
    "setup.entrants": N_("Enter at least two entrants."),
    "setup.table": N_("This game seats %(n)d players at a table: enter at least as many entrants."),
    "setup.pairs": N_("Enter at least two pairs: a table seats two pairs."),
    "import.empty": N_("Choose a file or paste an event's record."),
    "import.large": N_("The record is too large."),
    "import.json": N_("This is not an event's record: it is not valid JSON."),
    "import.refused": N_("The record was refused: %(why)s"),
    "where.table": N_("Round %(round)d, table %(table)d"),
    "where.round": N_("Round %(round)d"),
}


def change_words(rule: str, params: Mapping[str, object] | None = None, lang: str = "ru") -> str:
    """A refusal of a director's change (``CHANGES``) in ``lang``, its placeholders filled."""
    marked = CHANGES.get(rule)
    return rule if marked is None else say_marked(lang, marked, dict(params or {}))
