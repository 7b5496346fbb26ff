"""The tap oracle's hands for a disturbance: where the seed's hand has no turn of one tap to make
offline, the oracle draws the next hand of the same seed that has one (the same every time), so
that a seed never fails for the shape of its hand rather than for the app."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "tap_oracle", Path(__file__).resolve().parents[1] / "tools" / "tap_oracle.py")
assert _spec is not None and _spec.loader is not None
oracle = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("tap_oracle", oracle)
_spec.loader.exec_module(oracle)


def test_a_hand_without_two_turns_of_one_tap_is_dealt_again():
    first = oracle.make_script("lucky_threes", 9100, "ru", None, "random")
    assert not oracle.fits(first, "offline", False)
    s, redealt = oracle.script_for("lucky_threes", 9100, "offline", False, "ru", None, "random")
    assert redealt >= 1
    assert oracle.fits(s, "offline", False)
    assert s.hand != first.hand
    again, _ = oracle.script_for("lucky_threes", 9100, "offline", False, "ru", None, "random")
    assert again.hand == s.hand


def test_a_hand_the_disturbance_fits_is_kept():
    first = oracle.make_script("traditional", 1, "ru", 2)
    assert oracle.fits(first, "offline", False)
    s, redealt = oracle.script_for("traditional", 1, "offline", False, "ru", 2, None)
    assert (redealt, s.hand) == (0, first.hand)
    # without a disturbance every hand fits
    assert oracle.script_for("lucky_threes", 9100, None, False, "ru", None, "random")[1] == 0
