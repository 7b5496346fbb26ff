"""The match service, without Flask: what a match's log may hold (``events``: one registry of
event kinds, each with the shape of its data, its words and its part of the published schema),
and the spreadsheet rows (``spreadsheet``). The web app, the command line and
``tools/make_schema.py`` read these; nothing here imports Flask (a test holds it to that)."""
