"""Rule ids -> what a refusal says, in Russian and in English (one source for the CLI,
the web app and the printed sheets). Placeholders: {tile}, {player}, {ends} …"""

from __future__ import annotations

from typing import Any, Mapping

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the record (exit 2) ----------------------------------------------------------------
    "record.json": ("Запись не читается как JSON: {detail}.", "The record is not valid JSON: {detail}."),
    "record.format": ("Это не запись referee-record/1 (поле format).", "This is not a referee-record/1 record (the format field)."),
    "record.field": ("В записи неверное поле «{field}»: {detail}.", "The record's field «{field}» is wrong: {detail}."),
    "record.variant": ("Неизвестный вариант «{variant}».", "Unknown variant «{variant}»."),
    "record.option_key": ("У этого варианта нет правила «{key}».", "This variant has no house rule «{key}»."),
    "record.option_value": ("Правило «{key}» не принимает значение «{value}».", "The option «{key}» does not accept «{value}»."),
    "record.option_type": ("Правило «{key}»: значение «{value}» не того типа.", "The option «{key}»: «{value}» is of the wrong type."),
    "record.player_count": ("В этот вариант играют от {min} до {max} игроков, а записано {count}.", "This variant is for {min} to {max} players; the record has {count}."),
    "record.player_name": ("Имя игрока «{name}» не принимается: {why_ru}.", "The player name «{name}» is refused: {why_en}."),
    "record.limit": ("Запись больше, чем принимает приложение: {ru}.", "The record is larger than the app accepts: {en}."),
    "record.unknown_player": ("«{name}» не сидит за этим столом.", "«{name}» is not seated at this table."),
    "record.token": ("Ход «{token}» не читается.", "The move «{token}» cannot be read."),
    "record.deal": ("Раздача неверна: {detail}.", "The deal is wrong: {detail}."),
    "record.tile": ("«{token}» — не кость набора дубль-шесть.", "«{token}» is not a double-six tile."),
    "record.unseen_draw": ("Раздача известна, поэтому взятая из базара кость должна быть названа (draw a:b).", "The deal is known, so a draw must name its tile (draw a:b)."),
    "record.left": ("Поле left неверно: {detail}.", "The left field is wrong: {detail}."),
    "record.teams_players": ("Парами играют только вчетвером (партнёры напротив), а записано игроков: {count}.", "Pairs need exactly four players (partners opposite); the record has {count}."),
    "record.kozel_only": ("Правило «{key}» действует только при игре в козла (scoring = kozel), а здесь счёт на очки: {key} = {value} не к чему применить.", "The option «{key}» applies only with kozel scoring (scoring = kozel); with credit scoring {key} = {value} means nothing."),
    "record.result": ("Поле result неверно: {detail}.", "The result field is wrong: {detail}."),
    "record.unknown_key": ("В записи есть поле «{key}», которого в referee-record/1 нет ({where}).",
                           "The record has a field «{key}» that referee-record/1 does not know ({where})."),
    # -- move syntax --------------------------------------------------------------------------
    "token.syntax": ("Ход «{token}» не читается: пишите, например, 6:5, 5:0>6:5, draw, pass.", "The move «{token}» cannot be read: write e.g. 6:5, 5:0>6:5, draw, pass."),
    "token.tile": ("«{token}» — не кость: нужны две цифры от 0 до 6, например 3:5.", "«{token}» is not a tile: two numbers from 0 to 6, e.g. 3:5."),
    "token.open_twice": ("В «{token}» одна кость названа дважды.", "«{token}» names a tile twice."),
    "token.across_half": ("В «{token}» после across@ должна стоять половина этой кости.", "In «{token}», across@ must name a half of that tile."),
    # -- whose turn, the lead -------------------------------------------------------------------
    "turn.wrong_player": ("Сейчас ходит {expected}, а не {player}.", "It is {expected}'s turn, not {player}'s."),
    "turn.one_tile": ("За ход кладут одну кость; ход игрока {player} окончен.", "One tile a turn: {player}'s turn is over."),
    "turn.over": ("Ход игрока {player} уже окончен.", "{player}'s turn is already over."),
    "turn.incomplete": ("Ход игрока {player} пуст: положите кость или скажите «пас».", "{player}'s turn is empty: lay a tile or pass."),
    "hand.over": ("Кон уже окончен; ходов больше нет.", "The hand is over; no more moves."),
    "hand.unfinished": ("Кон {hand} не доигран, а за ним записаны другие.", "Hand {hand} is unfinished but more hands follow it."),
    "hand.redeal": ("При такой раздаче кости перемешивают заново (однообразные кости).", "This deal is redealt (monotonous hands)."),
    "hand.no_double": ("Ни у кого нет дубля: кости перемешивают заново.", "Nobody holds a double: the tiles are redealt."),
    "lead.unknown": ("Не указано, кто ходит первым (поле lead).", "Who leads is not given (the lead field)."),
    "lead.wrong_player": ("Первым ходит {leader}, а не {player}.", "{leader} leads, not {player}."),
    "lead.wrong_tile": ("Заходить нужно с {required}, а не с {tile}.", "The lead must be {required}, not {tile}."),
    "lead.double": ("Игра открывается дублем.", "The hand opens with a double."),
    "lead.too_late": ("Первый ход уже сделан.", "The lead has already been played."),
    # -- tiles ----------------------------------------------------------------------------------
    "tile.on_table": ("Кость {tile} уже лежит на столе.", "The tile {tile} is already on the table."),
    "tile.not_in_hand": ("У игрока {player} нет кости {tile}.", "{player} does not hold {tile}."),
    "tile.elsewhere": ("Кость {tile} не может быть у игрока {player}: известно, что она в другом месте.", "{player} cannot hold {tile}: it is known to be elsewhere."),
    "tile.no_tiles": ("У игрока {player} не осталось костей.", "{player} has no tiles left."),
    # -- laying ---------------------------------------------------------------------------------
    "play.no_fit": ("Кость {tile} не подходит ни к одному концу (концы: {ends}).", "{tile} does not match any open end (ends: {ends})."),
    "play.wrong_end": ("Кость {tile} не подходит к указанному месту (концы: {ends}).", "{tile} does not fit the place named (ends: {ends})."),
    "play.orientation": ("Так класть {tile} нельзя: не та сторона (поперёк/вдоль).", "{tile} cannot lie that way (across/along)."),
    "play.ambiguous": ("Кость {tile} подходит в несколько мест — уточните: {places}.", "{tile} fits in more than one place — say which: {places}."),
    "blitz.chain": ("В блице кости за ход прикладывают друг к другу: следующую — к только что положенной.", "In blitz each further tile of a turn goes on the tile just laid."),
    "sevastopol.arms_first": ("Сначала начинают все четыре стороны от 6:6: кладите шестёрку на свободную сторону.", "All four arms of 6:6 are started first: lay a six on a free arm."),
    "spider.arms_first": ("Сначала начинают все четыре ноги паука.", "All four legs of the spider are started first."),
    "spider.close": ("Закрыть ногу можно только дублем в конце начатой ноги{detail}.", "Only a double at the end of a started leg can close it{detail}."),
    "matador.no_fit": ("{tile}: сумма соприкасающихся половин должна быть {sum}, а к пусто — только матадор (концы: {ends}).", "{tile}: touching halves must sum to {sum}, and a blank takes only a matador (ends: {ends})."),
    "sausage.balance": ("Лента не может выступать больше чем на одну кость.", "A lane may not stick out by more than one tile."),
    "sausage.cut": ("Отрезать можно, когда ленты выровнены, костью с числами обоих концов.", "A cut needs level lanes and a tile showing both lanes' numbers."),
    "sausage.give": ("Скажите, какой кусок отдать: give left или give right.", "Say which piece to give: give left or give right."),
    "ladder.starter": ("В лестнице первая кость ставится к стартовой кости с базара (поле starter).", "In ladder the first tile goes on the starter from the bazaar (the starter field)."),
    # -- drawing and passing ------------------------------------------------------------------------
    "draw.no_bazaar": ("В этом варианте из базара не берут.", "This variant has no drawing from the bazaar."),
    "blitz.no_bazaar": ("В блице базара нет: оставшиеся кости в игре не участвуют.", "Blitz has no bazaar: the undealt tiles stay out of play."),
    "draw.empty": ("Базар пуст: брать нечего.", "The bazaar is empty: nothing to draw."),
    "draw.one_per_turn": ("Из базара берут только одну кость за ход.", "Only one tile may be drawn a turn."),
    "draw.must_play": ("У игрока {player} есть кость, которой можно сходить: брать из базара нельзя.", "{player} holds a tile that fits: no drawing."),
    "draw.lay_drawn": ("Взятая кость {tile} подходит: в этот ход кладут её.", "The drawn {tile} fits: it is the tile laid this turn."),
    "draw.after_lay": ("Из базара берут до того, как положить кость.", "Draws come before the first tile of the turn."),
    "draw.not_in_bazaar": ("Кости {tile} нет в базаре.", "{tile} is not in the bazaar."),
    "draw.out": ("У игрока {player} нет костей: из базара он не берёт.", "{player} has no tiles and does not draw."),
    "pass.must_play": ("У игрока {player} есть кость, которой можно сходить: пропускать нельзя.", "{player} holds a tile that fits: no passing."),
    "pass.must_draw": ("Пропустить нельзя: сначала возьмите из базара.", "No passing yet: draw from the bazaar first."),
    "pass.after_lay": ("Кость уже положена: пас не нужен.", "A tile was laid this turn: no pass."),
    "lucky.five_draws": ("Больше пяти костей за ход брать нельзя.", "At most five draws a turn."),
    "lucky.lay_drawn": ("Взятая кость {tile} даёт очки: её нужно сразу положить.", "The drawn {tile} scores: it must be laid at once."),
    # -- blind variants ---------------------------------------------------------------------------
    "blind.only": ("Ход «{move}» бывает только вслепую и втёмную.", "The move «{move}» exists only in the blind variants."),
    "blind.not_rightmost": ("Открывают крайнюю правую кость ряда: это {expected}, а не {tile}.", "The rightmost tile of the row is turned up: {expected}, not {tile}."),
    "blind.miss_fits": ("Кость {tile} подходит — её нужно положить.", "{tile} fits: it must be laid."),
    "blind.draw_after_miss": ("Из базара можно взять одну кость после неудачной.", "One bazaar tile may be drawn after a miss."),
    "blind.must_open": ("У игрока {player} осталось три кости: их нужно открыть (open a:b c:d e:f).", "{player} has three tiles left: turn them up (open a:b c:d e:f)."),
    "blind.must_turn": ("{player} должен открыть крайнюю правую кость.", "{player} must turn up his rightmost tile."),
    "blind.open_wrong": ("Открывают именно оставшиеся три кости.", "The three tiles turned up must be the three left."),
    "blind.not_yet": ("Открывают, когда остаётся ровно три кости.", "Tiles are turned up when exactly three are left."),
    "blind.drawn_not_played": ("Взятую кость в этот ход не кладут.", "A tile drawn is not played this turn."),
    "blind.after_miss": ("После неудачной кости ход окончен (можно лишь взять одну из базара).", "After a miss the turn is over (but for one draw)."),
    "blind.no_miss_open": ("Кости открыты: «miss» больше не бывает — кладите подходящую или берите/пасуйте.", "The tiles are turned up: no more misses — lay a tile that fits, or draw/pass."),
    "dark.one_tile": ("Втёмную до открытия кладут одну кость за ход.", "In the dark, one tile a turn until the reveal."),
    # -- end of the hand and results ---------------------------------------------------------------
    "left.missing": ("Раздача неизвестна: укажите оставшиеся кости или очки (left).", "The deal is unknown: give the tiles or pips left (left)."),
    "left.mismatch": ("У игрока {player} остались другие кости: {detail}.", "{player} was left with other tiles: {detail}."),
    "left.impossible": ("Остаток игрока {player} невозможен: {detail}.", "{player}'s remainder is impossible: {detail}."),
    "bergen.left_tiles": ("В бергене при рыбе нужны сами оставшиеся кости (кто держит дубли).", "A Bergen block needs the tiles left (who holds doubles)."),
    "result.out": ("Результат неверен: {detail}.", "The result is wrong: {detail}."),
    "result.scored": ("Очки за игру у игрока {player} невозможны: {detail}.", "{player}'s points in play are impossible: {detail}."),
    "result.maker": ("При fish_winner=maker в result нужно указать, кто сделал рыбу (maker).", "Under fish_winner=maker the result of a block must name the fish maker (maker)."),
    "result.mismatch": ("Результат не совпадает с ходами: {detail}.", "The result does not agree with the moves: {detail}."),
    "match.over": ("Матч уже решён: кон после этого не записывается.", "The match is already decided: no more hands."),
}


def _ru_plural(n: object, one: str, few: str, many: str) -> str:
    if not isinstance(n, int):
        return many
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def _tiles_ru(n: object) -> str:
    return f"{n} " + _ru_plural(n, "кость", "кости", "костей")


def _tiles_en(n: object) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


def _pips_ru(n: object) -> str:
    return f"{n} " + _ru_plural(n, "очко", "очка", "очков")


def _pips_en(n: object) -> str:
    return f"{n} pip" if n == 1 else f"{n} pips"


#: Why a rule refused, as a whole sentence (``params["why"]``): the rule id stays the same (its
#: rules page, its tests), the words say what exactly is wrong with what the player wrote. Keys
#: are plain words (no dot: they are not rule ids). ``{count_tiles}``-style placeholders are
#: filled from the number params (``count`` -> ``count_tiles``, ``pips`` -> ``pips_pips`` …).
REASONS: dict[str, tuple[str, str]] = {
    # a left list (left.impossible, left.mismatch)
    "left_count": ("У игрока {player} должно остаться {count_tiles}, а в списке {listed}.",
                   "{player} must hold {count_tiles}, the list has {listed}."),
    "left_most": ("У игрока {player} может остаться не больше {most_tiles}, а в списке {listed}.",
                  "{player} can hold at most {most_tiles}, the list has {listed}."),
    "left_on_table": ("{tile} уже лежит на столе (в остатке игрока {player}).",
                      "{tile} is already on the table ({player}'s list)."),
    "left_twice": ("{tile} записана в остатке игрока {player} дважды.", "{tile} is listed twice for {player}."),
    "left_other": ("{tile} уже есть в остатке игрока {other} (в остатке игрока {player} её быть не может).",
                   "{tile} is in {other}'s list already ({player} cannot hold it too)."),
    "left_elsewhere": ("{tile} не может быть у игрока {player}: известно, что она в другом месте.",
                       "{player} cannot hold {tile}: it is known to be elsewhere."),
    "left_known": ("Известно, что у игрока {player} есть {tile}, а в списке её нет.",
                   "{player} is known to hold {tile}, and the list leaves it out."),
    "left_not_dealt": ("{tile} не была сдана игроку {player}, и взять её из базара было нельзя.",
                       "{tile} was not dealt to {player}, and he could not draw it."),
    "left_cap": ("У игрока {player} {count_tiles}, а {count_tiles} несут не больше {cap_pips}, не {pips}.",
                 "{player} holds {count_tiles}, and {count_tiles} carry at most {cap_pips}, not {pips}."),
    "left_one": ("У игрока {player} одна кость, и ни одна оставшаяся кость не несёт {pips_pips}.",
                 "{player} holds one tile, and no tile he could hold carries {pips_pips}."),
    "left_negative": ("Очков не бывает меньше нуля: у игрока {player} записано {pips}.",
                      "Pips are never below zero: {player}'s list says {pips}."),
    "left_none": ("У игрока {player} не осталось костей: его очки 0, а не {pips}.",
                  "{player} holds no tiles: his pips are 0, not {pips}."),
    "left_tiles": ("У игрока {player} остались другие кости: {tiles}, а в списке {listed}.",
                   "{player} was left with other tiles: {tiles}; the list has {listed}."),
    "left_pips": ("У игрока {player} на руках {real_pips}, а записано {pips}.",
                  "{player} holds {real_pips}, the list says {pips}."),
    # result.scored
    "scored_none": ("В этом варианте по ходу игры очков не считают: у игрока {player} записано {points}.",
                    "Nothing is scored during play in this variant: {player} has {points}."),
    "scored_step": ("Очки за игру у игрока {player} ({points}) должны быть кратны {step}.",
                    "{player}'s points in play ({points}) must be a multiple of {step}."),
    "scored_negative": ("Очки за игру у игрока {player} не бывают меньше нуля ({points}).",
                        "{player}'s points in play are never below zero ({points})."),
    "scored_bergen": ("В бергене очки идут по 2 и 3: у игрока {player} не может быть 1.",
                      "Bergen scores 2s and 3s: {player} cannot have 1."),
    "scored_most": ("За кон весь стол набирает по ходу игры не больше {most}, а записано {total}.",
                    "The whole table scores at most {most} during one hand, the result says {total}."),
    # result.out, result.mismatch
    "out_holds": ("{player} вышел, то есть костей у него нет, а в остатке записано {kept}.",
                  "{player} went out and so holds nothing, yet his list says {kept}."),
    "mismatch_unfinished": ("По ходам кон не окончен, а итог записан.",
                            "The moves do not finish the hand, yet a result is given."),
    "mismatch_out": ("По ходам вышел {real}, а в итоге — {said}.",
                     "By the moves {real} went out, the result says {said}."),
    "mismatch_out_block": ("По ходам никто не вышел (рыба), а в итоге вышел {said}.",
                           "By the moves nobody went out (a block), the result says {said} did."),
    "mismatch_out_none": ("По ходам вышел {real}, а в итоге никто.",
                          "By the moves {real} went out, the result says nobody did."),
    "mismatch_scored": ("По ходам {player} набрал за игру {real}, а в итоге {points}.",
                        "In the moves {player} scored {real} during play, the result says {points}."),
    "mismatch_maker": ("Рыбу сделал {real} (он положил последнюю кость), а в итоге {maker}.",
                       "{real} made the fish (he laid the last tile), the result says {maker}."),
    "mismatch_left": ("Остаток игрока {player} в left и в result.left разный.",
                      "{player}'s tiles left differ between left and result.left."),
    # drawing
    "draw_until": ("Пропустить нельзя: берите из базара, пока не найдётся кость для хода или базар не опустеет.",
                   "No passing yet: keep drawing until you can play or the bazaar is empty."),
    "draw_one": ("Пропустить нельзя: сначала возьмите одну кость из базара.",
                 "No passing yet: draw one tile from the bazaar first."),
}

#: What a field of the record must be, or what is wrong with it (``params["what"]`` of
#: ``record.field``, ``record.deal`` and ``record.json``: the message's ``{detail}``), so that a
#: refusal is said in the reader's language to the last word. Field names, values the record
#: writes (``ru``, ``en``) and format names stay as the record spells them.
DETAILS: dict[str, tuple[str, str]] = {
    "names": ("нужен список имён", "a list of names"),
    "object": ("нужен объект", "an object"),
    "list": ("нужен список", "a list"),
    "date": ("нужна дата в виде ГГГГ-ММ-ДД", "a date as YYYY-MM-DD"),
    "lang": ("нужно ru или en", "ru or en"),
    "time": ("нужно время (ISO 8601)", "a time (ISO 8601)"),
    "changes": ("нужен список изменений", "a list of changes"),
    "hand_object": ("каждый кон — объект", "each hand is an object"),
    "turn_object": ("каждый ход — объект", "each turn is an object"),
    "moves": ("нужен список ходов в нотации", "a list of move tokens"),
    "no_removed": ("в этом варианте кость из базара не откладывают", "this variant puts no bazaar tile aside"),
    "no_starter": ("этот вариант не начинают с кости из базара", "this variant does not start from a bazaar tile"),
    "needs_starter": ("нужна стартовая кость из базара", "the starting tile from the bazaar is needed"),
    "left_object": ("нужен объект: игрок — его кости или очки", "an object: player -> tiles or pips"),
    "tiles_or_pips": ("нужен список костей или число очков", "tiles or a number"),
    "points_object": ("нужен объект: игрок — его очки", "an object of points"),
    "whole": ("очки — целые числа", "whole numbers"),
    # record.deal
    "deal_everyone": ("нужен список костей для каждого игрока", "one list of tiles for every player"),
    "deal_list": ("у игрока {player} должен быть список костей", "{player}: a list of tiles"),
    "deal_size": ("у игрока {player} {count_tiles}, а сдают по {size}", "{player}: {count_tiles}, {size} dealt"),
    "deal_twice": ("{tile} сдана дважды", "{tile} twice"),
    "deal_removed": ("отложенная кость {tile} есть в раздаче", "the removed {tile} was dealt"),
    "deal_starter": ("стартовая кость {tile} есть в раздаче", "the starter {tile} was dealt"),
    # record.json
    "utf8": ("текст не в кодировке UTF-8", "the text is not UTF-8"),
    "json_value": ("строка {line}, позиция {column}: ожидалось значение", "line {line}, column {column}: a value was expected"),
    "json_name": ("строка {line}, позиция {column}: ожидалось имя поля в двойных кавычках",
                  "line {line}, column {column}: a field name in double quotes was expected"),
    "json_colon": ("строка {line}, позиция {column}: ожидалось двоеточие", "line {line}, column {column}: a colon was expected"),
    "json_comma": ("строка {line}, позиция {column}: ожидалась запятая", "line {line}, column {column}: a comma was expected"),
    "json_string": ("строка {line}, позиция {column}: строка не закрыта кавычкой",
                    "line {line}, column {column}: a string is not closed"),
    "json_control": ("строка {line}, позиция {column}: управляющий символ внутри строки",
                     "line {line}, column {column}: a control character inside a string"),
    "json_escape": ("строка {line}, позиция {column}: неверная последовательность с обратной косой чертой",
                    "line {line}, column {column}: a wrong backslash escape"),
    "json_extra": ("строка {line}, позиция {column}: после записи есть ещё текст",
                   "line {line}, column {column}: more text after the record"),
    "json_comma_end": ("строка {line}, позиция {column}: лишняя запятая перед концом",
                       "line {line}, column {column}: a comma before the end"),
    "json_other": ("строка {line}, позиция {column}: это не JSON", "line {line}, column {column}: this is not JSON"),
    "json_deep": ("слишком глубокая вложенность", "nested too deep"),
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
    pair = DETAILS[str(params["what"])]
    return (pair[0] if lang == "ru" else pair[1]).format_map(_Default(params))


#: why a file could not be read or written (errno -> words): the system's own message is English
_OS_REASONS: dict[int, tuple[str, str]] = {}


def os_error_words(err: OSError, lang: str) -> str:
    """Why the system refused to open or write a file, in ``lang``'s words."""
    import errno

    if not _OS_REASONS:
        _OS_REASONS.update({
            errno.ENOENT: ("такого файла или папки нет", "no such file or folder"),
            errno.EACCES: ("нет прав на этот файл", "permission denied"),
            errno.EPERM: ("нет прав на этот файл", "permission denied"),
            errno.EISDIR: ("это папка, а не файл", "it is a folder, not a file"),
            errno.ENOTDIR: ("часть пути — не папка", "a part of the path is not a folder"),
            errno.ENOSPC: ("на диске нет места", "no space left on the disk"),
            errno.EROFS: ("диск только для чтения", "a read-only file system"),
            errno.ENAMETOOLONG: ("слишком длинное имя файла", "the file name is too long"),
            errno.EADDRNOTAVAIL: ("у этой машины нет такого адреса", "this machine has no such address"),
        })
    pair = _OS_REASONS.get(err.errno or 0, ("ошибка системы (код {code})", "a system error (code {code})"))
    return (pair[0] if lang == "ru" else pair[1]).format(code=err.errno)


#: ``why`` words for the places a record's field or key sits in
_WHERE = {
    "record": ("на верхнем уровне записи", "at the top of the record"),
    "hand": ("в коне {hand}", "in hand {hand}"),
    "turn": ("в коне {hand}, ход {turn}", "in hand {hand}, turn {turn}"),
    "result": ("в итоге кона {hand}", "in the result of hand {hand}"),
}


def _numbers(params: dict[str, Any], lang: str) -> dict[str, Any]:
    out = dict(params)
    for k, v in params.items():
        if isinstance(v, int) and not isinstance(v, bool):
            out[k + "_tiles"] = _tiles_ru(v) if lang == "ru" else _tiles_en(v)
            out[k + "_pips"] = _pips_ru(v) if lang == "ru" else _pips_en(v)
    where = params.get("where")
    if isinstance(where, str) and where in _WHERE:
        pair = _WHERE[where]
        out["where"] = (pair[0] if lang == "ru" else pair[1]).format_map(_Default(params))
    return out


class _Default(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def message(rule: str, params: Mapping[str, object] | None = None, lang: str = "ru",
            places: list[str] | None = None) -> str:
    """The words for a refusal, in ``lang`` (``ru`` or ``en``)."""
    params = dict(params or {})
    why = params.get("why")
    pair = REASONS.get(why) if isinstance(why, str) else None
    if pair is None:
        pair = MESSAGES.get(rule)
    if pair is None:
        return rule
    text = pair[0] if lang == "ru" else pair[1]
    filled = _numbers(params, lang)
    what = params.get("what")
    words = DETAILS.get(what) if isinstance(what, str) else None
    if words is not None:
        filled["detail"] = (words[0] if lang == "ru" else words[1]).format_map(_Default(filled))
    return text.format_map(_Default(filled))
