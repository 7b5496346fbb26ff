"""Errors: every refusal carries a stable rule id and its params; its words (Russian or English)
are said on demand from the catalogue (``message(lang)``, see :mod:`referee.rules.messages`)."""

from __future__ import annotations

from typing import Mapping


class RuleError(ValueError):
    """A refusal. ``rule`` is a stable id (``blitz.no_bazaar``); ``params`` fill the message."""

    def __init__(self, rule: str, params: Mapping[str, object] | None = None,
                 places: list[str] | None = None):
        self.rule = rule
        self.params = dict(params) if params else {}
        self.places = list(places) if places else []
        super().__init__(rule)

    def __str__(self) -> str:
        return self.message("en")

    def message(self, lang: str = "ru") -> str:
        from .messages import message

        return message(self.rule, self.params, lang, self.places)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rule!r}, {self.params!r})"


class MoveSyntaxError(RuleError):
    """A token or tile that does not parse (invalid, whatever the position)."""


class IllegalMove(RuleError):
    """A well-formed move the rules refuse here and now."""


class AmbiguousMove(IllegalMove):
    """A move that fits in more than one truly different place; ``places`` lists them."""
