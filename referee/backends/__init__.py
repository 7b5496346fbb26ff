"""The two databases the store of matches (:mod:`referee.matches.store`) runs on: :mod:`.sqlite`
(a file, the embedded default) and :mod:`.postgres` (a server several app nodes share). Each
opens, migrates and pools its connections; the queries are the store's."""
