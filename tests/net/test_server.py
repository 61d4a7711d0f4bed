"""The server settles its memory once started: what start-up made is out of the collector's sight and the
young generation is collected less often."""

from __future__ import annotations

import gc

from chinese_ten.net.server import GC_YOUNG, settle_memory


def test_settling_freezes_what_start_up_made_and_raises_the_first_threshold() -> None:
    thresholds = gc.get_threshold()
    try:
        settle_memory()
        assert gc.get_freeze_count() > 1000
        assert gc.get_threshold() == (GC_YOUNG, thresholds[1], thresholds[2])
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
