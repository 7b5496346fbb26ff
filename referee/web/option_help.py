"""Words for the house options on the setup form: a label per option, a label per
value and one sentence explaining each value, in Russian and English.

Pure data (no Flask). Lookups fall back from the variant to all variants (``*``),
and from a value to the option as a whole (``*``, used for numeric options).
``tests/web/test_option_help.py`` checks that every option of every variant is
covered in both languages.
"""

from __future__ import annotations

Words = tuple[str, str]  # (ru, en)

LABELS: dict[str, Words] = {
    "deal_3_4": ("Раздача на 3–4 игроков", "Deal for 3–4 players"),
    "opener": ("Кто начинает", "Who leads"),
    "later_lead": ("Следующие партии начинает", "Later hands are led by"),
    "draw": ("Базар", "Bazaar"),
    "monotonous_threshold": ("Однообразный расклад", "Monotonous deal"),
    "redeal_when": ("Пересдача", "Redeal"),
    "scoring": ("Счёт", "Scoring"),
    "fish_winner": ("Рыба", "Block (fish)"),
    "lone_blank": ("Одинокий 0:0", "Lone 0:0"),
    "target": ("Игра до", "Play to"),
    "limit": ("Предел (козёл)", "Limit"),
    "bazaar": ("Оставшиеся кости", "Undealt tiles"),
    "chain": ("Несколько костей за ход", "Several tiles a turn"),
    "open_arms_first": ("Сначала открыть все стороны", "Open all arms first"),
    "close_with": ("Закрыть ногу", "Closing a leg"),
    "cut_when": ("Отрезать колбасу", "Cutting"),
    "deal_seven": ("По 7 костей", "Seven tiles each"),
    "matador_end": ("Конец после матадора", "End after a matador"),
    "hand_end": ("Конец партии", "End of the hand"),
    "matador_bonus": ("Премия за матадора", "Matador bonus"),
    "matador_compulsory": ("Матадор обязателен", "Matadors compulsory"),
    "matador_after_draw": ("Матадор после взятия", "A matador after the draw"),
    "out_bonus_pips": ("Очки соперников при выходе", "Opponents' pips on going out"),
    "draws": ("Сколько брать с базара", "Drawing"),
    "reserve_two": ("Две кости в резерве", "Two tiles reserved"),
    "credit": ("Запись выигрыша", "Winner's credit"),
}

VALUES: dict[tuple[str, str, str], Words] = {
    ("*", "deal_3_4", "7"): ("по 7", "7 each"),
    ("*", "deal_3_4", "5"): ("по 5", "5 each"),
    ("*", "opener", "highest_double"): ("старший дубль (6:6)", "highest double (6:6)"),
    ("*", "opener", "lowest_double"): ("младший дубль (0:0)", "lowest double (0:0)"),
    ("*", "opener", "kozel"): ("по-козлиному (1:1 … 6:6, 0:0)", "kozel order (1:1 … 6:6, 0:0)"),
    ("*", "opener", "nearest_sum"): ("ближе всех к 0:0", "nearest to 0:0"),
    ("*", "opener", "lowest_tile"): ("самая лёгкая кость", "lightest tile"),
    ("*", "opener", "highest_tile"): ("самая тяжёлая кость", "heaviest tile"),
    ("*", "opener", "double_blank"): ("0:0 или младший дубль", "0:0 or lowest double"),
    ("*", "opener", "agreed"): ("по договорённости", "by agreement"),
    ("*", "later_lead", "winner"): ("победитель", "the winner"),
    ("*", "later_lead", "same_rule"): ("то же правило", "the same rule"),
    ("*", "draw", "until"): ("берут, пока не найдут", "draw until able"),
    ("*", "draw", "none"): ("без базара", "no drawing"),
    ("*", "redeal_when", "two_or_more"): ("у двоих и больше", "two or more players"),
    ("*", "redeal_when", "any"): ("хотя бы у одного", "any player"),
    ("*", "scoring", "credit"): ("очки победителю", "points to the winner"),
    ("*", "scoring", "kozel"): ("в козла", "kozel (penalties)"),
    ("*", "scoring", "wins"): ("считаем победы", "count hands won"),
    ("*", "scoring", "matadors"): ("только матадоры", "matadors only"),
    ("*", "scoring", "strict"): ("строгий", "strict"),
    ("*", "fish_winner", "fewest_pips"): ("меньше очков", "fewest pips"),
    ("*", "fish_winner", "maker"): ("кто сделал рыбу", "the fish maker"),
    ("*", "bazaar", "none"): ("не берут", "dead"),
    ("*", "bazaar", "draw"): ("можно брать", "may be drawn"),
    ("*", "chain", "one_end"): ("цепочкой", "in a chain"),
    ("*", "chain", "any_end"): ("на любой конец", "on any end"),
    ("*", "open_arms_first", "yes"): ("да", "yes"),
    ("*", "open_arms_first", "no"): ("нет", "no"),
    ("*", "close_with", "matching_double"): ("подходящим дублем", "a matching double"),
    ("*", "close_with", "any_double"): ("любым дублем", "any double"),
    ("*", "cut_when", "level"): ("при равных лентах", "level lanes only"),
    ("*", "cut_when", "any"): ("всегда", "any time"),
    ("*", "deal_seven", "no"): ("нет", "no"),
    ("*", "deal_seven", "yes"): ("да", "yes"),
    ("*", "matador_end", "both_halves"): ("обе половины", "both halves"),
    ("*", "matador_end", "chosen_half"): ("выбранная половина", "chosen half"),
    ("*", "hand_end", "block_only"): ("только рыба", "block only"),
    ("*", "hand_end", "out"): ("кто вышел", "first out"),
    ("*", "hand_end", "empty_bazaar"): ("кончился базар", "bazaar empty"),
    ("*", "hand_end", "block"): ("до рыбы", "play to a block"),
    ("*", "matador_bonus", "0"): ("нет", "none"),
    ("*", "matador_bonus", "10"): ("10 очков", "10 points"),
    ("*", "matador_compulsory", "no"): ("нет", "no"),
    ("*", "matador_compulsory", "yes"): ("да", "yes"),
    ("*", "matador_after_draw", "no"): ("пас", "pass"),
    ("*", "matador_after_draw", "yes"): ("можно матадор", "matador allowed"),
    ("*", "out_bonus_pips", "no"): ("нет", "no"),
    ("*", "out_bonus_pips", "yes"): ("да", "yes"),
    ("*", "draws", "one"): ("одну кость", "one tile"),
    ("*", "draws", "until"): ("пока не подойдёт", "until able"),
    ("*", "reserve_two", "no"): ("нет", "no"),
    ("*", "reserve_two", "yes"): ("да", "yes"),
    ("*", "credit", "literal"): ("по тексту", "literal"),
    ("*", "credit", "net"): ("чистый баланс", "net balance"),
}

HELP: dict[tuple[str, str, str], Words] = {
    ("*", "deal_3_4", "7"): ("Втроём и вчетвером раздают по 7 костей (вчетвером базара нет).",
                             "Three or four players get 7 tiles each (four leave no bazaar)."),
    ("*", "deal_3_4", "5"): ("Втроём и вчетвером раздают по 5 костей, остальное — базар.",
                             "Three or four players get 5 tiles each; the rest is the bazaar."),
    ("*", "opener", "highest_double"): ("Начинает тот, у кого 6:6 (иначе 5:5 … 0:0, иначе самая тяжёлая кость).",
                                        "The holder of 6:6 leads it (else 5:5 … 0:0, else the heaviest tile)."),
    ("*", "opener", "lowest_double"): ("Начинает тот, у кого 0:0 (иначе следующий дубль по возрастанию).",
                                       "The holder of 0:0 leads it (else the next double up)."),
    ("blitz", "opener", "lowest_double"): ("Начинает 0:0, иначе младший дубль, иначе самая лёгкая кость.",
                                           "0:0 leads, else the lowest double, else the lightest tile."),
    ("*", "opener", "kozel"): ("Начинает 1:1, затем 2:2 … 6:6, 0:0, иначе самая тяжёлая кость.",
                               "1:1 leads, then 2:2 … 6:6, 0:0, else the heaviest tile."),
    ("*", "opener", "nearest_sum"): ("Начинает кость с наименьшей суммой очков; при равенстве — дубль.",
                                     "The tile with the lowest pip sum leads; a double wins a tie."),
    ("*", "opener", "lowest_tile"): ("Начинает игрок с самой лёгкой костью; он открывает свою правую кость.",
                                     "The player with the lightest tile starts by turning up his rightmost tile."),
    ("*", "opener", "highest_tile"): ("Начинает игрок с самой тяжёлой костью; он открывает свою правую кость.",
                                      "The player with the heaviest tile starts by turning up his rightmost tile."),
    ("*", "opener", "double_blank"): ("Начинает игрок с 0:0 (иначе младший дубль, иначе самая лёгкая кость).",
                                      "The holder of 0:0 starts (else the lowest double, else the lightest tile)."),
    ("*", "opener", "agreed"): ("Начинающего выбирают сами игроки; первый записанный ход — его.",
                                "The players choose who starts; the first turn entered is his."),
    ("*", "later_lead", "winner"): ("Победитель прошлой партии начинает любой костью.",
                                    "The previous hand's winner leads any tile."),
    ("*", "later_lead", "same_rule"): ("Каждую партию начинают по тому же правилу, что и первую.",
                                       "Every hand is led by the same rule as the first."),
    ("*", "draw", "until"): ("Кому нечем ходить, берёт из базара, пока не сможет сходить или базар не кончится.",
                             "A player who cannot play draws until he can or the bazaar is empty."),
    ("*", "draw", "none"): ("Из базара не берут: кому нечем ходить, пропускает ход.",
                            "Nobody draws: a player who cannot play passes."),
    ("*", "monotonous_threshold", "*"): ("Сколько костей с одним числом делают расклад однообразным (по умолчанию 5).",
                                         "How many tiles sharing one number make a deal monotonous (default 5)."),
    ("*", "redeal_when", "two_or_more"): ("Пересдают, если однообразный расклад у двух игроков или больше.",
                                          "Redeal when two or more players hold a monotonous deal."),
    ("*", "redeal_when", "any"): ("Пересдают, если однообразный расклад хотя бы у одного игрока.",
                                  "Redeal when any player holds a monotonous deal."),
    ("*", "scoring", "credit"): ("Вышедшему записывают сумму очков соперников; играют до цели.",
                                 "The player who goes out is credited the others' pips; play to the target."),
    ("*", "scoring", "kozel"): ("Каждый проигравший пишет себе свои очки; кто дошёл до предела — «козёл».",
                                "Each loser records his own pips; whoever reaches the limit is the «козёл»."),
    ("*", "scoring", "wins"): ("Считают выигранные партии, без очков.",
                               "Hands won are counted, not points."),
    ("sausage", "scoring", "credit"): ("Счёт как в традиционном: вышедшему — очки соперников, до цели.",
                                       "Scored as traditional: the winner takes the others' pips, to the target."),
    ("*", "scoring", "matadors"): ("По 10 очков за каждого выложенного матадора.",
                                   "10 points for each matador laid."),
    ("*", "scoring", "strict"): ("10 за матадора, +1 за ход, −6 за пропуск, +5 за шестёрку на конце.",
                                 "10 per matador, +1 per play, −6 per pass, +5 for a six left at an end."),
    ("*", "fish_winner", "fewest_pips"): ("При рыбе выигрывает тот, у кого меньше очков, и получает разницу.",
                                          "On a block the fewest pips wins and takes the difference."),
    ("*", "fish_winner", "maker"): ("При рыбе выигрывает тот, кто её сделал, и получает очки всех остальных.",
                                    "On a block the player who made it wins and takes everyone else's pips."),
    ("*", "lone_blank", "*"): ("Сколько очков стоит 0:0, если это последняя кость на руках (обычно 24).",
                               "What a 0:0 counts when it is the only tile left in a hand (usually 24)."),
    ("*", "target", "*"): ("Матч выигрывает первый, кто наберёт столько очков.",
                           "The first player whose total reaches this wins the match."),
    ("sausage", "target", "*"): ("При счёте очками — до скольки играть; при счёте побед можно оставить пустым.",
                                 "With points, the total to reach; when counting wins it may stay empty."),
    ("*", "limit", "*"): ("Кто наберёт столько штрафных очков, проиграл; выигрывает меньший счёт.",
                          "Whoever reaches this many penalty points loses; the lowest total wins."),
    ("traditional", "limit", "*"): ("Только при игре в козла: кто наберёт столько — «козёл».",
                                    "Kozel scoring only: whoever reaches this is the «козёл»."),
    ("*", "bazaar", "none"): ("Нерозданные кости лежат в стороне, брать их нельзя.",
                              "Undealt tiles stay aside and cannot be drawn."),
    ("*", "bazaar", "draw"): ("Кому нечем ходить, берёт из нерозданных костей, пока не сможет.",
                              "A player who cannot play draws from the undealt tiles until he can."),
    ("*", "chain", "one_end"): ("Каждая следующая кость хода прикладывается к только что выложенной.",
                                "Each further tile of a turn goes against the tile just laid."),
    ("*", "chain", "any_end"): ("Каждая следующая кость хода может идти на любой открытый конец.",
                                "Each further tile of a turn may go on any open end."),
    ("*", "open_arms_first", "yes"): ("Пока не начаты все четыре стороны, каждый ход начинает новую.",
                                      "Until all four arms are started, each play must start a new one."),
    ("*", "open_arms_first", "no"): ("Стороны можно начинать в любом порядке.",
                                     "Arms may be started in any order."),
    ("*", "close_with", "matching_double"): ("Ногу закрывает дубль того же числа, что на её конце, рубашкой вверх.",
                                             "A leg is closed by the double of its open number, face down."),
    ("*", "close_with", "any_double"): ("Ногу можно закрыть любым дублем рубашкой вверх.",
                                        "Any double laid face down closes a leg."),
    ("*", "cut_when", "level"): ("Резать можно, только когда обе ленты одной длины.",
                                 "A cut is allowed only when both lanes are the same length."),
    ("*", "cut_when", "any"): ("Резать можно и при разнице в одну кость; режущий выбирает кусок.",
                               "Lanes one tile apart may be cut too; the cutter chooses the piece."),
    ("*", "deal_seven", "no"): ("Вдвоём и втроём по 6 костей, вчетвером по 5.",
                                "Two or three players get 6 tiles, four get 5."),
    ("*", "deal_seven", "yes"): ("Всем раздают по 7 костей.", "Everyone gets 7 tiles."),
    ("*", "matador_end", "both_halves"): ("После поперечного матадора к нему можно ставить на любую половину.",
                                          "After a crosswise matador either half may take the next tile."),
    ("*", "matador_end", "chosen_half"): ("Кладущий матадора называет половину, которая смотрит наружу.",
                                          "Whoever lays a matador names the half that faces out."),
    ("*", "hand_end", "block_only"): ("Выйти мало: партия идёт, пока никто не может сходить.",
                                      "Going out is not enough: the hand goes on until nobody can play."),
    ("*", "hand_end", "out"): ("Партия кончается, как только кто-то выложил все кости.",
                               "The hand ends as soon as someone lays his last tile."),
    ("*", "hand_end", "empty_bazaar"): ("Партия кончается, когда из базара взята последняя кость.",
                                        "The hand stops once the last bazaar tile is drawn."),
    ("*", "hand_end", "block"): ("Играют дальше, пока кто-то не выйдет или не будет рыбы.",
                                 "Play on until someone goes out or the game is blocked."),
    ("*", "matador_bonus", "0"): ("За матадоров премии нет.", "No bonus for matadors."),
    ("*", "matador_bonus", "10"): ("Каждый выложенный матадор сразу приносит 10 очков.",
                                   "Each matador laid scores 10 points at once."),
    ("*", "matador_compulsory", "no"): ("Матадора можно беречь: с одними матадорами можно брать или пропускать.",
                                        "Matadors may be kept: with only matadors fitting, draw or pass."),
    ("*", "matador_compulsory", "yes"): ("Подходящего матадора надо ставить, как любую кость.",
                                         "A fitting matador must be played like any tile."),
    ("*", "matador_after_draw", "no"): ("Взял из базара, не подошло — пас; придержанный матадор ждёт следующего хода.",
                                        "Drew and it does not fit: pass; a matador kept waits for the next turn."),
    ("*", "matador_after_draw", "yes"): ("Взял, не подошло — можно всё-таки поставить придержанный матадор.",
                                         "Drew and it does not fit: the matador kept may still be laid."),
    ("*", "out_bonus_pips", "no"): ("Вышедший получает 10 очков.", "Going out scores 10."),
    ("*", "out_bonus_pips", "yes"): ("Вышедший получает 10 и очки соперников, округлённые до 5.",
                                     "Going out scores 10 plus the others' pips rounded to 5."),
    ("*", "draws", "one"): ("Кому нечем ходить, берёт одну кость; не подошла — пропуск.",
                            "A player who cannot play draws one tile; if it does not fit, he passes."),
    ("*", "draws", "until"): ("Кому нечем ходить, берёт, пока не сможет сходить.",
                              "A player who cannot play draws until he can."),
    ("*", "reserve_two", "no"): ("Из базара можно взять все кости.", "Every bazaar tile may be drawn."),
    ("*", "reserve_two", "yes"): ("Две последние кости базара не берут.", "The last two bazaar tiles are never drawn."),
    ("*", "credit", "literal"): ("Победителю пишут штрафы проигравших минус его выигрыш.",
                                 "The winner is credited the losers' penalties minus his winnings."),
    ("*", "credit", "net"): ("Победителю пишут его баланс плюс долги проигравших.",
                             "The winner is credited his balance plus the losers' debts."),
}


# «Козёл» as Russian tables play it (traditional): pairs, the 13-point rule, «яйца»
LABELS.update({
    "teams": ("Пары", "Pairs"),
    "kozel_min": ("Меньше скольких не писать", "Nothing written under"),
    "eggs": ("Яйца (рыба поровну)", "Eggs (an equal block)"),
})
VALUES.update({
    ("*", "teams", "none"): ("каждый сам за себя", "each for himself"),
    ("*", "teams", "pairs"): ("пара на пару (вчетвером)", "pair against pair (four)"),
    ("*", "eggs", "no"): ("каждый пишет своё", "each writes his own"),
    ("*", "eggs", "yes"): ("яйца переходят дальше", "carried to the next hand"),
})
HELP.update({
    ("*", "teams", "none"): ("Каждый играет сам за себя.", "Everyone plays for himself."),
    ("*", "teams", "pairs"): ("Вчетвером: 1-й и 3-й против 2-го и 4-го, партнёры напротив; счёт у пары общий.",
                              "Four players: 1st and 3rd against 2nd and 4th, partners opposite; a pair shares one total."),
    ("*", "kozel_min", "*"): ("«В козла»: сумму меньше этой не пишут, она висит до следующего кона (0 — пишут всё).",
                              "Kozel scoring: an amount below this is not written but hangs to the next hand (0: all is written)."),
    ("*", "eggs", "no"): ("Рыба поровну: каждый (каждая пара) пишет себе свои очки.",
                          "An equal block: each player (each pair) writes his own pips."),
    ("*", "eggs", "yes"): ("«В козла»: рыба поровну не пишется, её очки получают проигравшие следующего кона.",
                           "Kozel scoring: an equal block writes nothing; its pips go to the next hand's losers."),
})

def _pick(words: Words | None, lang: str) -> str:
    if words is None:
        return ""
    return words[1] if lang == "en" else words[0]


def _lookup(table: dict, variant: str, key: str, value: object) -> Words | None:
    v = "*" if value is None else str(value)
    for k in ((variant, key, v), ("*", key, v), (variant, key, "*"), ("*", key, "*")):
        if k in table:
            return table[k]
    return None


def label(key: str, lang: str) -> str:
    """The option's name."""
    return _pick(LABELS.get(key), lang) or key


def value_label(variant: str, key: str, value: object, lang: str) -> str:
    """A choice's short name."""
    words = _lookup(VALUES, variant, key, value) if value is not None else None
    return _pick(words, lang) or str(value)


def help_text(variant: str, key: str, value: object, lang: str) -> str:
    """One sentence explaining what the option does with this value."""
    return _pick(_lookup(HELP, variant, key, value), lang)
