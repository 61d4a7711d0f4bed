"""A scripted match in the window (dummy video): the person presses 1 on the table and Enter in a
capture choice and at a count; every finished deal's record is collected as the table shows it."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def play(seats: int = 3, deals: int = 2, seed: int = 21) -> list[dict[str, Any]]:
    """The records of a ``deals``-deal match at ``seats`` seats, Normal computers, seed ``seed``."""
    import pygame

    from chinese_ten.games.ten.record import record_of
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App, open_window
    from chinese_ten.ui.scenes.choice import ChoiceScene
    from chinese_ten.ui.table.choreography import Pace
    from chinese_ten.ui.table.controller import TableController
    from chinese_ten.ui.scenes.count import CountScene
    from chinese_ten.ui.kit.sound import SoundPlayer
    from chinese_ten.ui.table.live import TableScene
    from chinese_ten.engine.thinking import ComputerThinker
    from tests.ui.uiharness import key_event

    SoundPlayer._open = lambda self: False  # type: ignore[method-assign]
    window = open_window((1280, 800))
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    quick = Pace(move=0.02, flip=0.02, glow=0.01, sweep=0.02, triple=0.03, pause=0.0)
    ctl = TableController(seats, "normal", "one", seed=seed, pace=quick, thinker=app.thinker, deals=deals)
    app.replace(TableScene(app, ctl))
    records: list[dict[str, Any]] = []
    for _ in range(20000):
        top = app.top()
        if isinstance(top, CountScene):
            if len(records) < ctl.deal_number:
                records.append(record_of(ctl.finished_deal()))
            if ctl.match.is_over:
                break
            app.frame(1 / 60, [key_event(pygame.K_RETURN)])
        elif isinstance(top, ChoiceScene):
            app.frame(1 / 60, [key_event(pygame.K_RETURN)])
        elif isinstance(top, TableScene) and ctl.person_to_play:
            app.frame(1 / 60, [key_event(pygame.K_1)])
        else:
            app.frame(1 / 60, [])
    pygame.display.quit()
    if len(records) != deals:
        raise RuntimeError(f"the scripted match finished {len(records)} of {deals} deals")
    return records
