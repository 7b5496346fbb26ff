"""The rules pages' routes: ``/rules`` and ``/rules/<variant>#<rule id>``.

The words come from ``referee.rulebook``; the pages' templates belong to the rules
pages (``templates/rules/index.html`` and ``templates/rules/variant.html``). Until those
exist, a plain page of the same data is drawn so that the links from refused moves
always lead somewhere.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template
from jinja2 import TemplateNotFound

from referee.rules import catalogue

from .i18n import lang

bp = Blueprint("rules", __name__, url_prefix="/rules")


def _render(own: str, fallback: str, **context):
    try:
        return render_template(own, **context)
    except TemplateNotFound as err:
        if err.name != own:
            raise
        return render_template(fallback, **context)


@bp.get("")
def index():
    """The list of rules pages, one per variant."""
    return _render("rules/index.html", "matches/rules_index.html",
                   variants=list(catalogue.VARIANTS.values()))


@bp.get("/<variant>")
def variant(variant: str):
    """One variant's rules, each rule with its anchor (the rule id)."""
    from referee import rulebook

    if variant not in catalogue.VARIANTS:
        abort(404)
    return _render("rules/variant.html", "matches/rules.html", variant=variant,
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


@bp.record_once
def _register(state) -> None:
    state.app.jinja_env.globals["rule_link"] = rule_link
