"""The rules in words: one page per variant, in Russian and in English.

Pure functions (no Flask, no WeasyPrint) that assemble the pages from the words as data: each
variant's words file and the words every variant shares (``referee/rules/variants/words/``,
read by :mod:`referee.rules.prose` into typed records). The web app's rules pages, the printed
sheets and the command line all read the rules from here, so that a refusal (a rule id such as
``blitz.no_bazaar``) always has the same words and the same anchor.

- :func:`rules_for` gives a variant's page as a list of :class:`Section`, each holding
  :class:`Rule` items with a stable ``id`` (the page anchor).
- :func:`rule_text` gives one rule's words; :func:`rule_for` the whole :class:`Rule`.
- :func:`option_text` explains one house rule value in a sentence.
- :func:`scoring_summary` is the short text printed on blank scoresheets.

The sources are quoted with their number; where a source is wrong or cut off, the page says so
(:func:`provisional_note`, the ``*.source_error`` rules).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Mapping

from referee import limits
from referee.rules import prose
from referee.rules.catalogue import VARIANTS, spec
from referee.rules.variants import REGISTRY, make_variant

__all__ = [
    "SeedQuote",
    "OptionNote",
    "Rule",
    "Section",
    "LANGS",
    "SEED_FILES",
    "SECTIONS",
    "ENGINE_RULES",
    "rules_for",
    "rule_for",
    "rule_text",
    "rule_variants",
    "rule_url",
    "known_rule_ids",
    "option_title",
    "option_text",
    "option_label",
    "option_help",
    "options_in_force",
    "scoring_summary",
    "kozel_summary",
    "variant_title",
    "variant_summary",
    "game_title",
    "provisional_note",
    "preset_words",
]

LANGS = ("ru", "en")

SEED_FILES = {
    "000": "000_68904857a33e83c2.txt",
    "002": "002_88db4a35d7fb6aa7.txt",
    "003": "003_e26294b5477f907c.txt",
    "004": "004_47f68095ce5b8ebc.txt",
}

Words = prose.Words  # (ru, en)

#: the words every variant shares (``words/shared/``), read once
_SHARED = prose.shared()
#: the sections of a rules page, in page order: id -> (ru, en)
SECTIONS: Mapping[str, Words] = _SHARED.sections


def provisional_note(variant: str, lang: str) -> str:
    """Why ``variant``'s rules are provisional (its catalogue entry says), or ""."""
    p = spec(variant).provisional
    return p.note(_lang(lang)) if p is not None else ""


# --------------------------------------------------------------------------------------------
# Data types


@dataclass(frozen=True)
class SeedQuote:
    """A short passage of a source, quoted word for word (always Russian)."""

    seed: str
    text: str

    @property
    def file(self) -> str:
        return SEED_FILES[self.seed]

    def cite(self, lang: str) -> str:
        """The source by its title and the section the passage stands in (never its file)."""
        from .sources import SECTIONS, TITLES

        title = TITLES.get(self.seed, "")
        section = SECTIONS.get((self.seed, self.text[:48]))
        if section and section != title:
            return _SHARED.page["cite_section"][_i(lang)].format(title=title, section=section)
        return _SHARED.page["cite"][_i(lang)].format(title=title)


@dataclass(frozen=True)
class OptionNote:
    """A house rule that changes a rule: its key, its name and every value explained."""

    key: str
    title: str
    values: tuple[tuple[str, str, bool], ...]  # (value, meaning, is default)


@dataclass(frozen=True)
class Rule:
    """One rule with a stable anchor.

    ``engine`` is true for the ids the engine raises (the keys of ``MESSAGES``); the others are
    the variant's rules in words (``traditional.deal``) that the engine's ids refer to.
    """

    id: str
    title: str
    text: str
    quotes: tuple[SeedQuote, ...] = ()
    options: tuple[OptionNote, ...] = ()
    note: str = ""
    engine: bool = False

    @property
    def anchor(self) -> str:
        return self.id


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    rules: tuple[Rule, ...] = field(default_factory=tuple)


def _lang(lang: str | None) -> str:
    return "en" if lang == "en" else "ru"


def _i(lang: str | None) -> int:
    """The index of ``lang``'s words in a (ru, en) pair."""
    return 1 if lang == "en" else 0


def _quotes(quotes: tuple[prose.Quote, ...]) -> tuple[SeedQuote, ...]:
    return tuple(SeedQuote(q.source, q.text) for q in quotes)


def variant_title(variant: str, lang: str) -> str:
    """The variant's title in ``lang`` (its words file's): the one place that picks it."""
    return spec(variant).title(_lang(lang))


def variant_summary(variant: str, lang: str) -> str:
    """The variant's one-line summary in ``lang`` (its words file's)."""
    return spec(variant).summary(_lang(lang))


def game_title(variant: str, lang: str, kozel: bool = False) -> str:
    """What the table calls the game: «Козёл» where the rules in force name the «козёл»
    (``Variant.names_the_kozel``), else the variant's title."""
    if kozel:
        return _SHARED.page["kozel"][_i(lang)]
    return variant_title(variant, lang)


# --------------------------------------------------------------------------------------------
# House rules: a name and a sentence for every value (``prose.OptionWords``): the variant's
# words file's own, else the shared ones (``words/shared/options.toml``). ``None`` as the value
# stands for any number ({n} in the sentence).


def _option_entry(variant: str, key: str) -> prose.OptionWords:
    words = prose.words_of(variant)
    entry = words.options.get(key) if words is not None else None
    if entry is None:
        entry = _SHARED.options.get(key)
    if entry is None:
        raise KeyError(f"no words for option {key!r} of {variant!r}")
    return entry


def option_title(variant: str, key: str, lang: str) -> str:
    """The option's name ("Цель", "Target")."""
    return _option_entry(variant, key).title[_i(lang)]


def option_text(variant: str, key: str, value: object, lang: str) -> str:
    """One sentence saying what ``key = value`` means for ``variant``."""
    entry = _option_entry(variant, key)
    i = _i(lang)
    values = entry.values
    if value is None and entry.unset is not None:
        return entry.unset[i]
    if value in values:
        return values[value].text[i]
    if None in values:
        return values[None].text[i].format(n=value)
    raise KeyError(f"no words for option {key}={value!r} of {variant!r}")


def option_label(variant: str, key: str, value: object, lang: str) -> str:
    """A value's short name (the setup form's choice, the scoreboard): a number as it is."""
    values = _option_entry(variant, key).values
    words = values.get(value)
    if words is None or not words.label[0]:
        return "—" if value is None else str(value)
    return words.label[0 if _lang(lang) == "ru" else 1]


def option_help(variant: str, key: str, value: object, lang: str) -> str:
    """The sentence the setup form shows beside a choice (``value``), or beside a number box
    (``value`` None: the sentence for any number N, as the rules page has it)."""
    if value is None:
        return option_text(variant, key, "N", lang)
    return option_text(variant, key, value, lang)


def _option_note(variant: str, key: str, lang: str) -> OptionNote:
    o = spec(variant).option(key)
    vals: list[tuple[str, str, bool]] = []
    if o.choices:
        for j, c in enumerate(o.choices):
            vals.append((str(c), option_text(variant, key, c, lang), j == 0))
    else:
        d = o.default_for(spec(variant).min_players, {"scoring": "credit"})
        if o.default_fn is not None and o.default_for(2, {}) != o.default_for(3, {}):   # by players
            two = o.default_for(2, {})
            more = o.default_for(3, {})
            txt = option_text(variant, key, "{n}", lang)
            dflt = _SHARED.page["by_players"][_i(lang)].format(two=two, more=more)
            vals.append((dflt, txt.replace("{n}", "N"), True))
        else:
            n_word = _SHARED.page["any_number"][_i(lang)]
            vals.append((str(d), option_text(variant, key, d, lang), True))
            vals.append(("N", n_word + ": " + option_text(variant, key, "N", lang), False))
    return OptionNote(key=key, title=option_title(variant, key, lang), values=tuple(vals))


def options_in_force(variant: str, options: Mapping[str, object], players: int,
                     lang: str) -> list[tuple[str, str, str, str]]:
    """Every option of the variant with its value in force: (key, title, value, sentence).

    Missing keys take their defaults. Options that do not apply (the variant's ``option_applies``:
    ``limit`` in traditional with credit scoring, ``target`` with kozel scoring) are left out.
    """
    from referee.rules import make_variant

    v = make_variant(variant, players, options)
    resolved = v.options
    out: list[tuple[str, str, str, str]] = []
    for key in spec(variant).option_keys:
        value = resolved[key]
        if not v.option_applies(key):
            continue
        shown = _value_word(value, lang)
        out.append((key, option_title(variant, key, lang), shown, option_text(variant, key, value, lang)))
    return out


def _value_word(value: object, lang: str) -> str:
    if value is None:
        return "—"
    return str(value)



# --------------------------------------------------------------------------------------------
# The rules in words: each variant's own (its words file's ``[[rule]]``) and the engine's
# (``words/shared/rules.toml``), with the facts their words name filled in.


def _facts() -> dict[str, str]:
    """What a rule's words name by ``{name}``: the record's limits and the registered variants."""
    n = len(VARIANTS)
    names = _ru_plural(n, *_SHARED.ru_forms["names"])
    return {"name_max": str(limits.NAME_MAX), "max_hands": str(limits.MAX_HANDS),
            "max_turns": str(limits.MAX_TURNS), "max_moves": str(limits.MAX_MOVES),
            "max_record_bytes": str(limits.MAX_RECORD_BYTES), "max_depth": str(limits.MAX_DEPTH),
            "variant_count": str(n), "variant_count_ru": f"{n} {names}",
            "variant_names": ", ".join(VARIANTS)}


def _filled(text: str) -> str:
    """``text`` with the facts it names filled in (any other brace is left as it stands)."""
    if "{" not in text:
        return text
    facts = _facts()
    return re.sub(r"\{([a-z_]+)\}", lambda m: facts.get(m.group(1), m.group(0)), text)


@lru_cache(maxsize=None)
def _engine_rules(variants: tuple[str, ...]) -> dict[str, prose.EngineRuleWords]:
    """The engine's rules in words. Where a variant's words file words an engine rule (the same
    id), they are one rule: the engine's entry takes the fuller words and quotes, and the page
    shows it once."""
    rules = dict(_SHARED.engine)
    for variant in variants:
        words = prose.words_of(variant)
        for r in words.rules if words is not None else ():
            e = rules.get(r.id)
            if e is not None:
                rules[r.id] = replace(
                    e, text=(r.ru, r.en), section=r.section, fit=None,
                    quotes=r.quotes + tuple(q for q in e.quotes if q not in r.quotes),
                    options=tuple(dict.fromkeys(e.options + r.options)))
    return rules


def _engine() -> dict[str, prose.EngineRuleWords]:
    return _engine_rules(tuple(VARIANTS))


#: the rules the engine raises (rule ids of ``referee.rules.messages.MESSAGES``) in words, as the
#: catalogue's variants word them
ENGINE_RULES: Mapping[str, prose.EngineRuleWords] = _engine()


def _shows(variant: str, topic: str | None) -> bool:
    """Whether ``variant``'s rules page holds the engine rules of ``topic``."""
    return topic is None or topic in REGISTRY[variant].rule_topics


def _rules_of(variant: str) -> tuple[prose.RuleWords, ...]:
    """The variant's own rules in words (its words file's; those that word an engine rule are
    that rule's)."""
    words = prose.words_of(variant)
    if words is None:
        return ()
    engine = _engine()
    return tuple(r for r in words.rules if r.id not in engine)


def _engine_rule(rule_id: str, variant: str | None, lang: str) -> Rule:
    e = _engine()[rule_id]
    i = _i(lang)
    text = e.text
    quotes = _quotes(e.quotes)
    if e.fit is not None:
        fit = REGISTRY[variant].match_sum if variant is not None else 0
        text = _SHARED.fit[fit if fit in _SHARED.fit and fit else e.fit]
    if variant is not None:
        words = prose.words_of(variant)
        own = words.engine_quotes.get(rule_id) if words is not None else None
        if own is not None:
            quotes = _quotes(own)
        if not quotes:
            # where the source says it: the quotes of the variant's own rule in words
            for suffix in e.quote_from:
                for item in _rules_of(variant):
                    if item.id == f"{variant}.{suffix}":
                        quotes = _quotes(item.quotes)
                if quotes:
                    break
    opts: tuple[OptionNote, ...] = ()
    if variant is not None:
        keys = [k for k in e.options if k in spec(variant).option_keys]
        opts = tuple(_option_note(variant, k, lang) for k in keys)
    return Rule(id=rule_id, title=e.title[i], text=_filled(text[i]), quotes=quotes, options=opts,
                note=e.note[i], engine=True)


def _variant_rule(variant: str, item: prose.RuleWords, lang: str) -> Rule:
    i = _i(lang)
    opts = tuple(_option_note(variant, k, lang) for k in item.options if k in spec(variant).option_keys)
    title = _SHARED.titles.get(item.id.split(".", 1)[1], SECTIONS[item.section])[i]
    return Rule(id=item.id, title=title, text=(item.ru, item.en)[i], quotes=_quotes(item.quotes), options=opts)


def _all_rules() -> list[tuple[str, tuple[prose.RuleWords, ...]]]:
    """Every registered variant with its rules in words, in the registry's order."""
    return [(v, _rules_of(v)) for v in VARIANTS]


def rule_variants(rule_id: str) -> tuple[str, ...]:
    """The variants whose rules page holds ``rule_id``."""
    engine = _engine()
    if rule_id in engine:
        topic = engine[rule_id].topic
        return tuple(v for v in VARIANTS if _shows(v, topic))
    for v, items in _all_rules():
        if any(it.id == rule_id for it in items):
            return (v,)
    prefix = rule_id.split(".", 1)[0]
    if prefix in VARIANTS:
        return (prefix,)
    return ()


def rule_url(rule_id: str, variant: str | None = None) -> str:
    """The rules page address of a rule: ``/rules/<variant>#<rule id>`` (the variant's own page
    where it holds the rule, else the first page that does, else the first variant's)."""
    pages = rule_variants(rule_id)
    if variant is None or variant not in pages:
        variant = pages[0] if pages else (variant or next(iter(VARIANTS)))
    return f"/rules/{variant}#{rule_id}"


def known_rule_ids() -> set[str]:
    ids = set(_engine())
    for _v, items in _all_rules():
        ids.update(it.id for it in items)
    return ids


def rule_for(rule_id: str, lang: str, variant: str | None = None) -> Rule:
    """The rule with this id, in ``lang`` (as it reads on ``variant``'s page, if given)."""
    if rule_id in _engine():
        if variant is None:
            vs = rule_variants(rule_id)
            variant = vs[0] if len(vs) == 1 else None
        return _engine_rule(rule_id, variant, lang)
    for v, items in _all_rules():
        for it in items:
            if it.id == rule_id:
                return _variant_rule(v, it, lang)
    raise KeyError(rule_id)


def rule_text(rule_id: str, lang: str, variant: str | None = None) -> str:
    """The rule in words. Raises ``KeyError`` for an id the rulebook does not know."""
    return rule_for(rule_id, lang, variant).text


def rules_for(variant: str, lang: str) -> list[Section]:
    """The variant's rules page: sections in order, each rule with its anchor."""
    spec(variant)  # raises for an unknown variant
    lang = _lang(lang)
    i = _i(lang)
    by_section: dict[str, list[Rule]] = {k: [] for k in SECTIONS}
    for item in _rules_of(variant):
        by_section[item.section].append(_variant_rule(variant, item, lang))
    for rid, e in _engine().items():
        if _shows(variant, e.topic):
            section = e.section if e.section in by_section else "play"
            by_section[section].append(_engine_rule(rid, variant, lang))
    order = list(by_section)
    if spec(variant).provisional:  # the warning comes first on the page
        order.remove("source")
        order.insert(0, "source")
    sections = []
    for key in order:
        rules = by_section[key]
        if rules:
            sections.append(Section(id=f"{variant}.{key}", title=SECTIONS[key][i], rules=tuple(rules)))
    # house rules, each with every value explained
    opts = tuple(
        Rule(id=f"option.{o.key}", title=option_title(variant, o.key, lang), text="",
             options=(_option_note(variant, o.key, lang),))
        for o in spec(variant).options
        if o.key not in REGISTRY[variant].options_not_on_rules_page
    )
    sections.insert(len(sections) - 1 if sections[-1].id.endswith(".record") else len(sections),
                    Section(id=f"{variant}.options", title=_SHARED.page["house_rules"][i], rules=opts))
    return [Section(id=sec.id, title=sec.title, rules=tuple(_in_words(r, variant, lang) for r in sec.rules))
            if not sec.id.endswith(".record") else sec for sec in sections]


def _option_words(variant: str, lang: str) -> dict[str, tuple[str, dict[str, str]]]:
    """Every option key a rules text may name -> (its title, value -> what it means)."""
    out: dict[str, tuple[str, dict[str, str]]] = {}
    for v in [variant] + [x for x in VARIANTS if x != variant]:
        for o in spec(v).options:
            if o.key in out:
                continue
            try:
                title = option_title(v, o.key, lang)
                words = {str(c): option_text(v, o.key, c, lang) for c in o.choices}
            except KeyError:
                continue
            out[o.key] = (title, words)
    return out


def _say(text: str, variant: str, lang: str) -> str:
    """A rules text with the house rules named by their titles, not their keys: ``key=value``
    becomes «Title»: what that value means; ``(key)`` goes; a bare key becomes «Title»."""
    if not text or not re.search(r"[A-Za-z]", text):
        return text
    words = _option_words(variant, lang)
    keys = sorted(words, key=len, reverse=True)
    alt = "|".join(re.escape(k) for k in keys)

    def assign(m: re.Match[str]) -> str:
        title, values = words[m.group(1)]
        meaning = values.get(m.group(2))
        return f"«{title}» ({meaning})" if meaning else f"«{title}»"

    text = re.sub(rf"\b({alt})=([A-Za-z0-9_]+)\b", assign, text)
    text = re.sub(rf"\s*\((?:{alt})\)", "", text)
    text = re.sub(rf"\((?:{alt}), ", "(", text)
    text = re.sub(rf"(?<![«\w])({alt})(?![\w»])(?=[\s,.;:)])",
                  lambda m: f"«{words[m.group(1)][0]}»" if "_" in m.group(1) else m.group(1), text)
    ids = known_rule_ids()

    def rule_named(m: re.Match[str]) -> str:
        if m.group(0) not in ids:
            return m.group(0)
        try:
            return f"«{rule_for(m.group(0), lang, variant).title}»"
        except (KeyError, ValueError):
            return m.group(0)

    return re.sub(r"\b[a-z_]+\.[a-z_]+\b", rule_named, text)


def _in_words(rule: Rule, variant: str, lang: str) -> Rule:
    return replace(rule, title=_say(rule.title, variant, lang), text=_say(rule.text, variant, lang),
                   note=_say(rule.note, variant, lang))



# --------------------------------------------------------------------------------------------
# The short scoring summary printed on blank sheets (``words/shared/sheets.toml``)


def _sheet(name: str, lang: str, **values: object) -> str:
    return _SHARED.sheet[name][_i(lang)].format(**values)


def _deal_words(players: int, deal: int, lang: str) -> str:
    return _sheet("deal", lang, players=players, deal=deal, tiles=_ru_plural(deal, *_SHARED.ru_forms["tiles"]))


def scoring_summary(variant: str, lang: str, players: int, options: Mapping[str, object] | None = None) -> str:
    """A few sentences: the deal for ``players``, how a hand scores, and the target or limit
    (under ``options``, default: the variant's defaults)."""
    v = spec(variant)
    lang = _lang(lang)
    from referee.rules.catalogue import resolve_options

    opts = resolve_options(variant, players, options or {})
    deal = v.deal(players, opts)
    rules = make_variant(variant, players, opts)
    if rules.names_the_kozel() or rules.in_pairs():
        return kozel_summary(opts, lang, players, deal)
    words = prose.words_of(variant)
    scoring = words.sheet_scoring if words is not None else None
    parts = [_deal_words(players, deal, lang), (scoring or _SHARED.sheet["default_scoring"])[_i(lang)]]
    n = v.goal(opts)
    if v.scoring_kind(opts) == "penalty":
        parts.append(_sheet("limit", lang, n=n))
    elif n is None:
        parts.append(_sheet("no_target", lang))
    else:
        parts.append(_sheet("target", lang, n=n))
    if v.provisional:
        parts.append(provisional_note(variant, lang))
    return " ".join(parts)


def _ru_plural(n: int, one: str, few: str, many: str) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def preset_words(name: str, lang: str) -> tuple[str, str]:
    """(title, one sentence) of a preset (a variant's catalogue entry's ``presets``)."""
    for variant in VARIANTS:
        words = prose.words_of(variant)
        if words is not None and name in words.presets:
            w = words.presets[name]
            return w.title[_i(lang)], w.text[_i(lang)]
    raise KeyError(f"no words for preset {name!r}")


def kozel_summary(opts: Mapping[str, object], lang: str, players: int, deal: int) -> str:
    """The blank sheet's summary of traditional in pairs or «в козла», from the options in force."""
    pairs = opts.get("teams") == "pairs"
    parts = [_deal_words(players, deal, lang)]
    if pairs:
        parts.append(_sheet("pairs", lang))
    if opts.get("scoring") == "kozel":
        parts.append(_sheet("kozel", lang, who=_sheet("kozel_pairs" if pairs else "kozel_alone", lang)))
        low = opts.get("kozel_min") or 0
        if low:
            parts.append(_sheet("kozel_min", lang, low=low))
        if opts.get("eggs") == "yes":
            parts.append(_sheet("eggs", lang))
        parts.append(_sheet("lone_blank", lang, n=opts.get("lone_blank")))
        parts.append(_sheet("kozel_limit", lang, n=opts.get("limit")))
    else:
        parts.append(_sheet("pairs_credit", lang))
        parts.append(_sheet("target", lang, n=opts.get("target")))
    return " ".join(parts)
