"""The rules pages' routes: ``/rules`` and ``/rules/<variant>#<rule id>``.

The words come from ``referee.rulebook``; the pages are ``templates/rules/index.html`` and
``templates/rules/variant.html``.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template
from flask.blueprints import BlueprintSetupState
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from referee.rules import catalogue

from .i18n import lang

bp = Blueprint("rules", __name__, url_prefix="/rules")


@bp.get("")
def index() -> ResponseReturnValue:
    """The list of rules pages, one per variant."""
    return render_template("rules/index.html", variants=list(catalogue.VARIANTS.values()))


@bp.get("/<variant>")
def variant(variant: str) -> ResponseReturnValue:
    """One variant's rules, each rule with its anchor (the rule id)."""
    from referee import rulebook

    if variant not in catalogue.VARIANTS:
        abort(404)
    return render_template("rules/variant.html", variant=variant,
                           spec=catalogue.spec(variant), sections=rulebook.rules_for(variant, lang()))


def rule_link(variant: str, rule: str | None) -> str | None:
    """The address of a rule on its variant's page, when the rulebook has that rule there."""
    from flask import url_for

    from referee import rulebook

    if not rule or variant not in catalogue.VARIANTS:
        return None
    try:
        if variant not in rulebook.rule_variants(rule):
            return None
    except (KeyError, ValueError):
        return None
    return url_for("rules.variant", variant=variant) + "#" + rule


def rule_title(variant: str, rule: str | None) -> str | None:
    """The rule's title on its variant's page (what a link to it says), when the rulebook has it."""
    from referee import rulebook

    if not rule:
        return None
    try:
        return rulebook.rule_for(rule, lang(), variant if variant in catalogue.VARIANTS else None).title
    except (KeyError, ValueError):
        return None


#: the game record's own words in the rules' texts (the file format's field names, its variant
#: names, option keys and values, the move notation's words): shown as code, the way a record
#: file spells them, so that a Russian sentence that names them holds no English word as text
RECORD_WORDS = None


def record_words(text: str, lang: str = "ru") -> Markup:
    """A record-format text with the record's own field names and values set as code."""
    import re

    from markupsafe import escape

    global RECORD_WORDS
    if RECORD_WORDS is None:
        words = {"format", "variant", "options", "players", "hands", "deal", "turns", "player", "moves",
                 "left", "result", "out", "scored", "maker", "lead", "starter", "removed", "date", "lang",
                 "referee", "points", "end", "winner", "number", "open",
                 # the move notation's words (a:b … draw, pass, miss): the record's spelling too
                 "draw", "pass", "miss", "across", "along", "across/along", "down", "cut", "give", "right",
                 "null", "turnz"}
        words |= set(catalogue.VARIANTS)
        for v in catalogue.VARIANTS.values():
            for o in v.options:
                words.add(o.key)
                words.update(str(c) for c in o.choices if isinstance(c, str))
        alt = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
        RECORD_WORDS = re.compile(rf"(?<![\w/.-])(referee-record/\d+|docs/[\w./-]+|(?:{alt})(?:=[\w]+|@\w+)?)(?![\w/@-])")
    out, pos = [], 0
    for m in RECORD_WORDS.finditer(text):
        if lang == "en" and not re.search(r"[_=/]", m.group(1)):
            continue  # in English a plain word ("deal", "left") is the word itself
        out.append(escape(text[pos:m.start()]))
        out.append(Markup("<code>%s</code>") % m.group(1))
        pos = m.end()
    out.append(escape(text[pos:]))
    return Markup("").join(out)


@bp.record_once
def _register(state: BlueprintSetupState) -> None:
    state.app.jinja_env.globals["rule_link"] = rule_link
    state.app.jinja_env.globals["rule_title"] = rule_title
    state.app.jinja_env.filters["record_words"] = record_words
