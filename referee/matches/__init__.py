"""The match service, without Flask: what a match's log may hold (``events``: one registry of
event kinds, each with the shape of its data, its words and its part of the published schema),
the log's fold (``log``, ``fold``), its replay by the rules engine (``replay``: a match's state,
the engine's refusals, checkpoints), the live hand as the table offers it (``turns``), the kept
states (``states``) and the service that owns them (``service.MatchService``), the store
(``store``), the scoreboard model (``scoreboard``), the statistics and the spreadsheet rows
(``spreadsheet``). The web app, the command line and
``tools/make_schema.py`` read these; nothing here imports Flask (a test holds it to that)."""
