"""The event's screens of a 100-table round (``--tables N``, at most 100: an event seats 400), in one process: the CPU of one load of the
director's page (followed), the hall's board and the public standings, on a worker that holds
none of the tables nor the event, after a hand at some table, and with nothing changed between
loads (medians). The event is made and its tables' hands entered through the pages, as the web
tests do. A before/after run: the same script with another checkout first on ``PYTHONPATH``::

    PYTHONPATH=OTHER:OTHER/tests/web python tools/event_screens.py before [--tables 50]
    PYTHONPATH=.:tests/web python tools/event_screens.py after [--tables 50]
"""
import argparse
import os
import re
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "web"))

ap = argparse.ArgumentParser()
ap.add_argument("label", nargs="?", default="")
ap.add_argument("--tables", type=int, default=100, choices=range(1, 101), metavar="N")
args = ap.parse_args()
N = args.tables

from referee import create_app  # noqa: E402
from eventhelpers import hand_by_result, new_event, start, table_links  # noqa: E402
tmp = tempfile.mkdtemp()
db = tmp + "/t.db"
app = create_app({"TESTING": True, "DATABASE": db, "SECRET_KEY": "x"})
c = app.test_client()
d = new_event(c, entrants=[f"Игрок {i}" for i in range(4 * N)], rounds="3")
start(c, d, 1)
ts = table_links(c, d)
assert len(ts) == N, len(ts)
for t in ts:
    hand_by_result(c, t, 0, (10, 12))
for t in ts[::2]:
    hand_by_result(c, t, 1, (5, 7))
href = c.get(d).get_data(as_text=True)
view = re.search(r'href="[^"]*(/ev/[^"/]+)"', href).group(1)


def cpu(client, path, n=1):
    out = []
    for _ in range(n):
        t0 = time.process_time()
        r = client.get(path)
        out.append((time.process_time() - t0) * 1000)
        assert r.status_code == 200
    return out


res = {}
from referee.events.live import Kept  # noqa: E402
from referee.matches import summary as summaries  # noqa: E402
screen = app.test_client()  # the hall's screen: another browser than the scorers'
screen.get("/lang/en")


def forget():  # as a worker that holds none of the tables nor the event (another worker's, a restart)
    with app.app_context():
        from referee.web import events

        events().matches.states.clear()
        events().kept = Kept()
    getattr(summaries, "_read", {}).clear()  # the summaries read (a process's own, where kept)


for path in (d + "?follow=1", view + "/board", view):
    cpu(screen, path, 2)  # the templates compiled, as in a running server
for name, path in (("director", d + "?follow=1"), ("board", view + "/board"), ("standings", view)):
    cold = []
    for _ in range(3):
        forget()
        cold += cpu(screen, path)
    warm = []
    for i in range(6):  # a hand at some table between two loads
        hand_by_result(c, ts[(i * 7) % N], 0, (1, 2))
        warm += cpu(screen, path)
    same = cpu(screen, path, 6)  # nothing changed between loads
    res[name] = (statistics.median(cold), statistics.median(warm), statistics.median(same))
label = f"{args.label} {N}"
for k, (a, b, s) in res.items():
    print(f"{label:11} {k:10} cold {a:7.1f} ms  after a hand {b:7.1f} ms  unchanged {s:7.1f} ms")
