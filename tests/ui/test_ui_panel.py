"""The side panel's turn log: scrolling stops at the first turn, a new turn brings the newest back,
and every entry shown is whole and clear of the "newer below" note."""

from __future__ import annotations

import pygame

from chinese_ten.ui.app import App

from uiharness import play_until, press, run_frames


def _log_overflows(app: App, table) -> bool:  # type: ignore[no-untyped-def]
    app.draw()
    return table.panel.shown and table.panel.shown[-1][0] > 0


def test_page_up_does_nothing_while_every_turn_fits(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, table = make_table(seats=2, seed=4)
    assert play_until(app, lambda: len(ctl.deal.turns) >= 2 and ctl.person_to_play)
    app.draw()
    assert [i for i, _r in table.panel.shown] == list(range(len(ctl.narration.entries) - 1, -1, -1))
    press(app, pygame.K_PAGEUP)
    app.draw()
    assert table.panel.scroll == 0, "nothing earlier to scroll back to"
    assert table.panel.shown[0][0] == len(ctl.narration.entries) - 1


def test_scrolling_back_stops_with_the_first_turn_in_sight(window: pygame.Surface, make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, table = make_table(seats=4, seed=4, length="per-seat")
    assert play_until(app, lambda: ctl.person_to_play and _log_overflows(app, table), limit=5000)
    for _ in range(12):
        press(app, pygame.K_PAGEUP)
        app.draw()
    panel = table.panel
    assert panel.shown[-1][0] == 0, "the first turn is in sight"
    scroll = panel.scroll
    press(app, pygame.K_PAGEUP)
    app.draw()
    assert panel.scroll == scroll and panel.shown[-1][0] == 0, "no scrolling past the first turn"


def test_entries_are_whole_and_the_newer_note_covers_none(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, table = make_table(seats=4, seed=4, length="per-seat")
    assert play_until(app, lambda: ctl.person_to_play and _log_overflows(app, table), limit=5000)
    panel = table.panel
    for presses in range(4):
        app.draw()
        assert panel.shown
        for _i, rect in panel.shown:
            assert panel.log_rect.top <= rect.top + 2 and rect.bottom <= panel.log_rect.bottom + 2, \
                "an entry is cut at the top or the bottom of the log"
            assert not rect.colliderect(panel.note_rect), "the note is printed over an entry"
        if presses:
            assert panel.scroll > 0 and panel.note_rect.height > 0
        press(app, pygame.K_PAGEUP)


def test_a_new_turn_brings_the_log_back_to_the_newest_entry(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, table = make_table(seats=4, seed=4, length="per-seat")
    assert play_until(app, lambda: ctl.person_to_play and _log_overflows(app, table), limit=5000)
    press(app, pygame.K_PAGEUP)
    app.draw()
    assert table.panel.scroll > 0
    turns = len(ctl.narration.entries)
    press(app, pygame.K_1)
    assert run_frames(app, lambda: len(ctl.narration.entries) > turns)
    app.frame(1 / 60, [])
    assert table.panel.scroll == 0
    assert table.panel.shown[0][0] == len(ctl.narration.entries) - 1
