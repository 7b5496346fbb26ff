"""The rules pages' routes: ``/rules`` and ``/rules/<variant>#<rule id>``.

The words come from ``referee.rulebook``; the pages are ``templates/rules/index.html`` and
``templates/rules/variant.html``.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from referee.rules import catalogue

from .i18n import lang

bp = Blueprint("rules", __name__, url_prefix="/rules")


@bp.get("")
def index():
    """The list of rules pages, one per variant."""
    return render_template("rules/index.html", variants=list(catalogue.VARIANTS.values()))


@bp.get("/<variant>")
def variant(variant: str):
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


@bp.record_once
def _register(state) -> None:
    state.app.jinja_env.globals["rule_link"] = rule_link
