"""Every refusal of an event record, and every word of ``referee event``'s reports, in Russian
and in English (one source for the command line and, later, the web app). Placeholders:
{round}, {table}, {id}, {field} …; ``{detail}`` is filled from ``DETAILS[params["what"]]``."""

from __future__ import annotations

from typing import Mapping

#: rule id -> (ru, en). ``event.*`` rules of exit 2 (the file cannot be read as an event) first,
#: then those of exit 1 (a rule of events is broken)
MESSAGES: dict[str, tuple[str, str]] = {
    # -- exit 2: the file is not an event ---------------------------------------------------------
    "event.file": ("Файл не открывается: {detail}.", "The file cannot be opened: {detail}."),
    "event.json": ("Турнир не читается как JSON: {detail}.", "The event is not valid JSON: {detail}."),
    "event.limit": ("Турнир больше, чем принимает приложение: {detail}.",
                    "The event is larger than the app accepts: {detail}."),
    "event.format": ("Это не запись турнира referee-event/1 (поле format).",
                     "This is not a referee-event/1 event record (the format field)."),
    "event.unknown_key": ("В записи турнира есть поле «{key}», которого в referee-event/1 нет ({where}).",
                          "The event has a field «{key}» that referee-event/1 does not know ({where})."),
    "event.missing_key": ("В записи турнира нет обязательного поля «{key}» ({where}).",
                          "The event lacks the field «{key}» ({where})."),
    "event.field": ("В записи турнира неверное поле «{field}» ({where}): {detail}.",
                    "The event's field «{field}» is wrong ({where}): {detail}."),
    "event.game": ("Игра турнира не принимается: {detail}", "The event's game is refused: {detail}"),
    "event.seats": ("В вариант «{variant}» играют от {min} до {max} игроков за столом, а в турнире мест: {seats}.",
                    "{variant} seats {min} to {max} players at a table; the event has {seats} seats."),
    "event.unit_pair": ("Постоянные пары (unit = pair) бывают только в игре парами за столом на четверых "
                        "(traditional, teams = pairs, seats = 4).",
                        "Fixed pairs (unit = pair) need a four-seat pairs game "
                        "(traditional, teams = pairs, seats = 4)."),
    "event.pairs": ("Список пар (pairs) неверен: {detail}.", "The list of pairs (pairs) is wrong: {detail}."),
    "event.round_robin": ("Круговая система (round_robin) так не играется: {detail}.",
                          "A round robin (round_robin) cannot be played so: {detail}."),
    "event.entrant_twice": ("Участник «{id}» записан дважды ({detail}).",
                            "The entrant «{id}» is entered twice ({detail})."),
    "event.unknown_id": ("«{id}» — не участник этого турнира ({where}).",
                         "«{id}» is not an entrant of this event ({where})."),
    "event.table_seats": ("За столом {table} тура {round} должно быть мест: {seats}, а записано {count}.",
                          "Table {table} of round {round} must have {seats} seats; it has {count}."),
    "event.seated_twice": ("«{id}» сидит за столом {table} тура {round} дважды.",
                           "«{id}» sits twice at table {table} of round {round}."),
    "event.partners": ("За столом {table} тура {round} постоянные партнёры должны сидеть напротив "
                       "(места 1 и 3, 2 и 4): {detail}.",
                       "At table {table} of round {round} fixed partners must sit opposite "
                       "(seats 1 and 3, 2 and 4): {detail}."),
    "event.unit_twice": ("В туре {round} участник «{id}» записан дважды ({detail}).",
                         "In round {round} «{id}» is listed twice ({detail})."),
    "event.table_twice": ("В туре {round} два стола с номером {table}.", "Round {round} has two tables numbered {table}."),
    "event.round_order": ("Туры должны идти по порядку 1, 2, …: на месте тура {expected} записан тур «{round}».",
                          "The rounds must come in order 1, 2, …: round «{round}» stands where round {expected} should."),
    "event.round_more": ("Записано туров больше, чем запланировано (rounds = {rounds}).",
                         "More rounds are listed than planned (rounds = {rounds})."),
    "event.round_empty": ("У тура {round} нет столов, а за ним записаны другие туры: без столов может быть "
                          "только последний.",
                          "Round {round} has no tables, yet later rounds follow: only the last round may "
                          "have none yet."),
    "event.result": ("Итог стола {table} тура {round} неверен: {detail}.",
                     "The result of table {table} of round {round} is wrong: {detail}."),
    "event.pair_one_id": ("Пара {pair} в туре {round} названа одним участником «{id}» ({where}): нужны оба.",
                          "The pair {pair} is named in round {round} by one of its entrants, «{id}» ({where}): "
                          "both are needed."),
    "event.withdrawn_twice": ("«{id}» выбыл дважды: в туре {first} и снова в туре {round}.",
                              "«{id}» withdraws twice: in round {first} and again in round {round}."),
    "event.joined_pair": ("Партнёры {pair} вступают в разных турах (joined): пара вступает вместе.",
                          "The partners {pair} join in different rounds (joined): a pair joins together."),
    "event.match_points": ("Очки за встречу (match_points) неверны: {detail}.",
                           "The match points (match_points) are wrong: {detail}."),
    "event.tiebreaks": ("Список дополнительных показателей (tiebreaks) неверен: {detail}.",
                        "The list of tie-breaks (tiebreaks) is wrong: {detail}."),
    "event.record": ("Запись матча стола {table} тура {round} не читается: {message}",
                     "The game record of table {table} of round {round} cannot be read: {message}"),
    "event.record_game": ("Запись матча стола {table} тура {round} не от этого стола: {detail}.",
                          "The game record of table {table} of round {round} is not this table's: {detail}."),
    "event.after_round": ("Тур {round} не подходит: можно от 0 до {last} (записано туров: {last}).",
                          "Round {round} is out of range: 0 to {last} (rounds listed: {last})."),
    "event.pair_round": ("Тур {round} не подходит: можно от 1 до {last}.",
                         "Round {round} is out of range: 1 to {last}."),
    # -- exit 1: a rule of events is broken ----------------------------------------------------
    "event.record_rule": ("Матч стола {table} тура {round} нарушает правило: {message}",
                          "The game of table {table} of round {round} breaks a rule: {message}"),
    "event.record_unfinished": ("Последний кон матча стола {table} тура {round} не доигран.",
                                "The last hand of the game of table {table} of round {round} is unfinished."),
    "event.hand_limit": ("За столом {table} тура {round} сыграно конов: {hands}, а лимит турнира — {limit}.",
                         "Table {table} of round {round} played {hands} hands; the event's limit is {limit}."),
    "event.ended": ("За столом {table} тура {round} записано, что матч окончен «{ended}», а запись матча "
                    "говорит «{real}».",
                    "Table {table} of round {round} says the match ended «{ended}»; its game record says «{real}»."),
    "event.no_limit": ("Матч стола {table} тура {round} окончен по лимиту «{ended}», а такого лимита в турнире нет.",
                       "The match of table {table} of round {round} ended at the limit «{ended}», which the event "
                       "does not have."),
    "event.level_target": ("Матч стола {table} тура {round} окончен на цели при равенстве лучших сумм: "
                           "при равенстве играют дальше.",
                           "The match of table {table} of round {round} ended at its target with the best totals "
                           "level: a tie at the top plays on."),
    "event.not_active": ("«{id}» в туре {round} {detail}.", "«{id}» in round {round}: {detail}."),
    "event.unseated": ("В туре {round} участник «{id}» не сидит ни за одним столом и не получил свободный тур.",
                       "In round {round} «{id}» has neither a table nor a bye."),
    "event.circle": ("Тур {round} круговой системы не совпадает с расписанием по кругу ({detail}), и он не "
                     "отмечен как изменённый (changed).",
                     "Round {round} of the round robin is not the circle's ({detail}), and it is not marked "
                     "changed (changed)."),
    "event.unfinished_round": ("У стола {table} тура {round} ещё нет итога: следующий тур по нему не составить.",
                               "Table {table} of round {round} has no result yet: the next round cannot be paired."),
}

#: what is wrong, in the reader's words (``params["what"]`` -> ``{detail}``)
DETAILS: dict[str, tuple[str, str]] = {
    "object": ("нужен объект", "an object is needed"),
    "list": ("нужен список", "a list is needed"),
    "text": ("нужна непустая строка", "a non-empty string is needed"),
    "date": ("нужна дата в виде ГГГГ-ММ-ДД", "a date as YYYY-MM-DD is needed"),
    "whole": ("нужно целое число не меньше 1", "a whole number of at least 1 is needed"),
    "whole_in": ("нужно целое число от 1 до {most}", "a whole number from 1 to {most} is needed"),
    "number": ("нужно число не меньше нуля", "a number of at least zero is needed"),
    "flag": ("нужно true или false", "true or false is needed"),
    "system": ("нужно swiss, round_robin или free", "swiss, round_robin or free is needed"),
    "unit": ("нужно player или pair", "player or pair is needed"),
    "ids": ("нужен список участников (их id)", "a list of entrant ids is needed"),
    "name": ("имя не принимается: {why}", "the name is refused: {why}"),
    "name_twice": ("имя «{name}» уже есть в турнире", "the name «{name}» is in the event already"),
    "id_twice": ("id «{id}» уже есть в турнире", "the id «{id}» is in the event already"),
    # pairs
    "pairs_missing": ("при unit = pair нужен список пар", "unit = pair needs the list of pairs"),
    "pairs_player": ("при unit = player пар не бывает", "unit = player has no pairs"),
    "pairs_shape": ("каждая пара — список из двух id", "each pair is a list of two ids"),
    "pairs_twice": ("«{id}» записан в двух парах", "«{id}» is in two pairs"),
    "pairs_left": ("«{id}» не записан ни в одну пару", "«{id}» is in no pair"),
    # round robin
    "rr_tables": ("за столом больше двух участников", "a table seats more than two units"),
    "rr_joined": ("участник «{id}» вступает позже (joined = {joined})", "«{id}» joins later (joined = {joined})"),
    "rr_rounds": ("при {units} участниках туров должно быть {cycle} или кратно этому, а не {rounds}",
                  "with {units} units the rounds are {cycle} or a multiple of it, not {rounds}"),
    # match points, tie-breaks
    "mp_shape": ("нужен объект из трёх чисел: win, draw, loss", "an object of three numbers is needed: win, draw, loss"),
    "tb_unknown": ("«{name}» — не дополнительный показатель (можно match_points, buchholz, score_diff, "
                   "head_to_head, lot)",
                   "«{name}» is not a tie-break (match_points, buchholz, score_diff, head_to_head, lot)"),
    "tb_twice": ("«{name}» записан дважды", "«{name}» is listed twice"),
    # results
    "result_form": ("нужен один из трёх видов: match (запись матча, можно с ended), totals с ended или "
                    "ended = forfeit с absent",
                    "one of three forms is needed: match (a game record, ended beside it optional), totals "
                    "with ended, or ended = forfeit with absent"),
    "ended": ("ended — это target, hands или time", "ended is target, hands or time"),
    "totals_seats": ("totals должны называть ровно тех, кто сидит за столом", "totals must name exactly the seated entrants"),
    "totals_number": ("сумма «{id}» должна быть числом", "«{id}»'s total must be a number"),
    "totals_partners": ("у партнёров {pair} разные суммы", "the partners {pair} have different totals"),
    "absent_seats": ("absent — непустой список тех, кто сидит за столом",
                     "absent is a non-empty list of seated entrants"),
    # a table's game record
    "record_variant": ("вариант «{variant}», а в турнире «{event}»", "the variant is «{variant}», the event's «{event}»"),
    "record_options": ("домашние правила другие ({key}: «{value}», а в турнире «{event}»)",
                       "other house rules ({key}: «{value}», the event's «{event}»)"),
    "record_players": ("игроки {players}, а за столом {seated}", "the players are {players}, the table seats {seated}"),
    # fixed partners
    "partners_apart": ("«{id}» и «{other}» — не пара турнира", "«{id}» and «{other}» are not a pair of the event"),
    # a unit twice in a round
    "twice_tables": ("за столами {first} и {table}", "at tables {first} and {table}"),
    "twice_table_bye": ("за столом {table} и со свободным туром", "at table {table} and with a bye"),
    "twice_list": ("в списке дважды", "twice in the list"),
    # entrants
    "entrants_list": ("участники — список записей с id и name", "the entrants are a list of entries with an id and a name"),
    # not active
    "before_joined": ("ещё не вступил (joined = {joined})", "has not joined yet (joined = {joined})"),
    "after_withdrawn": ("уже выбыл (в туре {withdrawn})", "has withdrawn (in round {withdrawn})"),
    # the circle
    "circle_meetings": ("встречи другие", "other meetings"),
    "circle_byes": ("свободные туры другие", "other byes"),
    # the file
    "json_nan": ("NaN и Infinity — не числа JSON", "NaN and Infinity are not JSON numbers"),
}

#: where a key or field sits (``params["where"]``)
WHERE: dict[str, tuple[str, str]] = {
    "event": ("на верхнем уровне", "at the top"),
    "game": ("в game", "in game"),
    "entrant": ("у участника {index}", "in entrant {index}"),
    "round": ("в туре {round}", "in round {round}"),
    "table": ("у стола {table} тура {round}", "at table {table} of round {round}"),
    "result": ("в итоге стола {table} тура {round}", "in the result of table {table} of round {round}"),
    "byes": ("в byes тура {round}", "in the byes of round {round}"),
    "withdrawn": ("в withdrawn тура {round}", "in the withdrawn of round {round}"),
    "seats": ("за столом {table} тура {round}", "at table {table} of round {round}"),
    "absent": ("в absent стола {table} тура {round}", "in the absent of table {table} of round {round}"),
    "totals": ("в totals стола {table} тура {round}", "in the totals of table {table} of round {round}"),
    "pairs": ("в pairs", "in pairs"),
}

#: the words of the reports (standings, proposals, the check's verdict)
WORDS: dict[str, tuple[str, str]] = {
    "ok": ("Турнир записан по правилам.", "The event keeps every rule."),
    "bad": ("Турнир не читается", "The event cannot be read"),
    "broken": ("Нарушение", "Broken rule"),
    "rule": ("правило", "rule"),
    "where_round": ("тур {round}", "round {round}"),
    "where_table": ("тур {round}, стол {table}", "round {round}, table {table}"),
    "place": ("Место", "Place"),
    "unit": ("Участник", "Entrant"),
    "units_pairs": ("Пара", "Pair"),
    "match_points": ("Очки", "Points"),
    "buchholz": ("Бухгольц", "Buchholz"),
    "score_diff": ("Разница", "Difference"),
    "played": ("Сыграно", "Played"),
    "byes": ("Своб. туры", "Byes"),
    "after": ("{name}: положение после тура {round}", "{name}: standings after round {round}"),
    "order": ("Порядок: {order}", "Order: {order}"),
    "tb_match_points": ("очки", "match points"),
    "tb_buchholz": ("Бухгольц", "Buchholz"),
    "tb_score_diff": ("разница", "score difference"),
    "tb_head_to_head": ("личная встреча", "head to head"),
    "tb_lot": ("жребий (порядок записи)", "lot (entry order)"),
    "withdrawn_mark": ("выбыл", "withdrawn"),
    "proposal": ("{name}: тур {round}", "{name}: round {round}"),
    "ratings": ("{name}: рейтинг после тура {round}", "{name}: ratings after round {round}"),
    "ratings_note": ("Рейтинг — μ − 3σ (оценка силы минус три её неопределённости), модель Плакетта — Льюса.",
                     "Rating: μ − 3σ (the skill's estimate less three times its uncertainty), the Plackett–Luce model."),
    "player": ("Игрок", "Player"),
    "rating": ("Рейтинг", "Rating"),
    "rated": ("Матчей", "Matches"),
    "table_line": ("Стол {table}: {seats}", "Table {table}: {seats}"),
    "bye_line": ("Свободный тур: {names}", "Bye: {names}"),
}


class _Default(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "ru" else pair[1]


def words(key: str, lang: str, **params: object) -> str:
    """One of the reports' ``WORDS`` in ``lang``, its placeholders filled."""
    return _pick(WORDS[key], lang).format_map(_Default(params))


def message(rule: str, params: Mapping[str, object] | None = None, lang: str = "ru") -> str:
    """The words of an event refusal in ``lang`` (``ru`` or ``en``)."""
    filled: dict[str, object] = dict(params or {})
    where = filled.get("where")
    if isinstance(where, str) and where in WHERE:
        filled["where"] = _pick(WHERE[where], lang).format_map(_Default(filled))
    for key in ("message", "why"):
        pair = filled.get(key + "_" + lang)
        if isinstance(pair, str):
            filled[key] = pair
    what = filled.get("what")
    if isinstance(what, str) and what in DETAILS:
        filled["detail"] = _pick(DETAILS[what], lang).format_map(_Default(filled))
    elif isinstance(filled.get("detail_" + lang), str):
        filled["detail"] = filled["detail_" + lang]
    pair_words = MESSAGES.get(rule)
    if pair_words is None:
        return rule
    return _pick(pair_words, lang).format_map(_Default(filled))
