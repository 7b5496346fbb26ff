"""The garbage collector in a server's process (``referee.server.steady_collector``): what
start-up made is frozen, and so is what each later full collection leaves alive, so that a full
collection looks only at what arrived since the last one; young garbage is still collected.

Run in a process of its own: freezing is for the whole interpreter.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import gc

    from referee.server import SERVER_GC_THRESHOLDS, freeze_survivors, steady_collector

    steady_collector()
    steady_collector()  # twice (the app made again): one hook
    assert gc.callbacks.count(freeze_survivors) == 1
    assert gc.get_threshold() == SERVER_GC_THRESHOLDS
    started = gc.get_freeze_count()
    assert started > 5_000, started  # what start-up made (the modules imported)
    assert len(gc.get_objects(2)) == 0

    gc.set_threshold(1000, 5, 5)  # a worker's hours in a few seconds
    full = []
    gc.callbacks.append(lambda phase, info: full.append(phase) if info["generation"] == 2 else None)

    # a worker's life: long-lived objects kept (as kept states are) amid short-lived ones, some of
    # them in reference cycles (as a request's are), until the thresholds make full collections
    kept = []
    for i in range(400_000):
        kept.append({"hand": [i, (i, str(i))]})
        a = [i]
        a.append(a)  # a cycle that dies young
        if len(full) >= 6:
            break
    assert full.count("stop") >= 3, full
    # what the full collections left is frozen: the oldest generation holds only what came since
    frozen = gc.get_freeze_count()
    assert frozen > started + len(kept) // 2, (started, frozen, len(kept))
    assert len(gc.get_objects(2)) < len(kept) // 2

    # an explicit full collection freezes what is left as well, and finds the young cycles
    a = [1]
    a.append(a)
    del a
    assert gc.collect() >= 1
    assert len(gc.get_objects(2)) == 0 and gc.get_freeze_count() > frozen

    # a frozen object goes with its reference count
    before, half = gc.get_freeze_count(), len(kept) // 2
    del kept[:half]
    assert gc.get_freeze_count() <= before - 2 * half  # each a dict and its list
    print("ok", started, frozen)
""")


def test_a_full_collection_freezes_what_it_leaves():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.startswith("ok")
