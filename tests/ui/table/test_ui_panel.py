"""The side panel's turn log: scrolling stops at the first turn, a new turn brings the newest back,
and every entry shown is whole and clear of the "newer below" note."""

from __future__ import annotations

import pygame
import pytest

from chinese_ten.ui.app import App
from chinese_ten.ui.table.games.ten import TABLE as TEN

from uiharness import play_until, press, run_frames


def _log_overflows(app: App, table) -> bool:  # type: ignore[no-untyped-def]
    app.draw()
    return table.panel.shown and table.panel.shown[-1][0] > 0


def test_page_up_does_nothing_while_every_turn_fits(make_table) -> None:  # type: ignore[no-untyped-def]
    app, ctl, table = make_table(seats=2, seed=4)
    assert play_until(app, lambda: len(ctl.session.deal.turns) >= 2 and ctl.person_to_play)
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


def test_the_dealer_line_says_you_once(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.games.ten.deal import Deal

    app, ctl, table = make_table(seats=2)
    ctl.session.deal = Deal.from_seed(2, 1, dealer=0)
    ctl.board = TEN.dealt_board(ctl.session.deal)
    said: list[str] = []
    real_line = app.kit.text.line
    app.kit.text.line = lambda text, *a, **k: (said.append(text), real_line(text, *a, **k))[1]  # type: ignore[method-assign]
    table.panel._render(table.geom(), ctl)
    assert "Dealer: You" in said and not any("(you)" in s for s in said)


def test_the_deal_column_starts_level_and_ends_at_the_deals_results(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.panel import deal_margins

    app, ctl, _table = make_table(seats=4, seed=8)
    assert run_frames(app, lambda: ctl.person_to_play)
    assert not any(ctl.board.points), "this deal opens without a dealer's sweep"
    assert deal_margins(ctl) == [0] * 4, "nobody is behind before anything is taken"
    assert play_until(app, lambda: any(ctl.board.points) and not ctl.busy)
    margins = deal_margins(ctl)
    leader = max(range(4), key=lambda s: ctl.board.points[s])
    assert margins[leader] > 0 and min(margins) < 0
    assert sum(margins) == 0
    assert play_until(app, lambda: ctl.deal_finished, limit=20000)
    assert deal_margins(ctl) == list(ctl.session.deal.exact_margins)


def test_the_turn_box_says_playing_not_thinking_while_a_computers_cards_move(make_table) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table.choreography import Pace
    from chinese_ten.ui.table.panel import turn_text

    app, ctl, _table = make_table(seats=3, seed=8, pace=Pace(move=0.3, flip=0.3, glow=0.2, sweep=0.3, triple=0.4,
                                                              pause=0.2))
    assert run_frames(app, lambda: ctl.person_to_play)
    press(app, pygame.K_1)
    seen: set[str] = set()
    for _ in range(600):
        app.frame(1 / 60, [])
        seat = ctl.shown_turn
        if ctl.busy and seat != 0 and ctl.current is not None:
            words = turn_text(ctl)
            seen.add(words)
            assert "thinking" not in words, f"{words!r} while {ctl.names[seat]}'s cards move"
        if ctl.person_to_play:
            break
    assert any("is playing" in w for w in seen)


@pytest.mark.parametrize(("points", "shown"), [
    ([5, 10], ["-2.5", "+2.5"]),
    ([12, 6, 2, 2], ["+6.5", "+0.5", "-3.5", "-3.5"]),
    ([1, 0, 0], ["+0.7", "-0.3", "-0.3"]),
    ([0, 0, 0, 0], ["+0"] * 4),
    ([0, 23, 2, 50, 30, 20, 20, 20], ["-20.6", "+2.4", "-18.6", "+29.4", "+9.4", "-0.6", "-0.6", "-0.6"]),
    ([0, 66, 0, 265, 150, 22, 22, 5], ["-66.25", "-0.25", "-66.25", "+198.75", "+83.75", "-44.25",
                                         "-44.25", "-61.25"]),
])
def test_live_margins_are_exact_and_written_by_the_one_rule(points: list[int], shown: list[str]) -> None:
    from chinese_ten.engine.scores import signed
    from chinese_ten.ui.table.panel import live_margins

    margins = live_margins(points)
    assert sum(margins) == 0
    assert [signed(m) for m in margins] == shown


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_the_turn_box_keeps_its_height_whatever_it_says(make_table, monkeypatch: pytest.MonkeyPatch,
                                                        size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.table import panel as panel_module

    app, ctl, scene = make_table(seats=4, seed=8)
    app.surface = pygame.Surface(size)
    assert run_frames(app, lambda: ctl.person_to_play)
    heights = []
    for words in ("Your turn", "Your turn is being played", "West is thinking..."):
        monkeypatch.setattr(panel_module, "turn_text", lambda _ctl, w=words: w)
        scene.panel._key = None
        scene.draw(app.surface)
        heights.append(scene.panel.turn_rect.height)
    assert len(set(heights)) == 1, heights


def test_score_columns_leave_each_figure_its_width_so_a_quarter_never_runs_into_the_points() -> None:
    from chinese_ten.ui.table.panel import score_columns

    widths, inner, gap = [70, 20, 30, 62, 40], 260, 6
    edges = score_columns(widths, inner, gap)
    rights = [e * inner for e in edges[1:] if e is not None]
    for i in range(1, len(rights)):
        assert rights[i] - widths[i + 1] - gap >= rights[i - 1] - 1e-9, "a column starts after the one before ends"
    assert score_columns([200, 20, 30, 62, 40], inner, gap)[1] is None, "long names take the Cards column's room"
