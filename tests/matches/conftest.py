"""The match service's tests without Flask: each test has a database of its own (a SQLite file in
its temporary folder) and a service that writes to it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from referee.matches import store
from referee.matches.service import MatchService
from referee.matches.store import Db


@pytest.fixture
def db(tmp_path: Any) -> Iterator[Db]:
    handle = store.open_db(str(tmp_path / "matches.db"))
    yield handle
    handle.conn.close()


@pytest.fixture
def service(db: Db) -> MatchService:
    return MatchService(lambda: db)
