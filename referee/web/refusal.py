"""A change refused, in words (raised by the readings of forms, :mod:`.entries`, and the write
path, :mod:`.write`, which names it too): a module of its own so that the forms that read an
entry (:mod:`.forms`) can use those readings without importing the write path."""

from __future__ import annotations

from referee.matches.replay import Refusal


class Refused(Exception):
    """A change refused: the page is drawn again with ``message`` (and maybe a rule link)."""

    def __init__(self, message: str, status: int = 400, refusal: Refusal | None = None,
                 places: list[str] | None = None, tile: str | None = None, miss: str | None = None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.refusal = refusal
        self.places = places or []
        self.tile = tile
        self.miss = miss  # blind variants: the turned-up tile that fits nowhere may be missed
