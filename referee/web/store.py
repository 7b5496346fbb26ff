"""The web app's door to the store of matches (:mod:`referee.matches.store`): the same functions,
on SQLite or on PostgreSQL as ``DATABASE`` says."""

from referee.matches.store import *  # noqa: F403 - the store's interface, as the views call it
from referee.matches.store import _now, _write  # noqa: F401 - the tests' and tools' helpers
from referee.backends.sqlite import _migrated, migrations  # noqa: F401 - the SQLite file's steps
