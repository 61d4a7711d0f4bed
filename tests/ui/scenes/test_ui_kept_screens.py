"""The kept matches in the window: Continue on the start screen, New match asking first, Statistics and History."""

from __future__ import annotations

import json

import pygame
import pytest

from chinese_ten import i18n
from chinese_ten.matchstore import open_store
from chinese_ten.games.ten.record import position_of
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.scenes.history import HistoryScene
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.keeper import Keeper, setup_of
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.scenes.menu import MenuScene
from chinese_ten.ui.stakes import ConfirmScene
from chinese_ten.ui.scenes.start import StartScene
from chinese_ten.ui.scenes.stats import StatsScene, table_name
from chinese_ten.ui.table.live import TableScene
from chinese_ten.engine.thinking import ComputerThinker

from uiharness import play_until, press

from chinese_ten.ui.kit import ui_scale
from tests.ui.uiharness import drawn_texts


def _app(window, folder) -> App:  # type: ignore[no-untyped-def]
    app = App(window, Settings(computers=1, match_length="one", animation_speed="instant"), None, None, ComputerThinker(force_inline=True),
              Keeper(open_store(folder)))
    app.push(StartScene(app))
    return app


def test_continue_comes_first_with_a_line_and_puts_the_match_back(window, tmp_path) -> None:
    app = _app(window, tmp_path)
    assert [b.action for b in app.top().actions][0] == "play", "no Continue without an unfinished match"
    press(app, pygame.K_RETURN)
    ctl = app.table().ctl
    assert play_until(app, lambda: len(ctl.session.deal.turns) >= 3 and ctl.person_to_play)
    where = position_of(ctl.session.deal)
    app.quit()
    app.keeper.close()  # the window closes: no question asked

    again = _app(window, tmp_path)
    start = again.top()
    assert start.actions[0].action == "continue" and start.actions[1].label == "New match"
    assert start.continue_line.startswith("2 seats · Normal · deal 1 of 1 · you")
    press(again, pygame.K_RETURN)  # Continue has the focus
    assert isinstance(again.top(), TableScene)
    assert position_of(again.table().ctl.session.deal) == where
    again.keeper.close()


def test_new_match_on_the_start_screen_asks_and_then_counts_the_old_one_abandoned(window, tmp_path) -> None:
    app = _app(window, tmp_path)
    press(app, pygame.K_RETURN)
    ctl = app.table().ctl
    assert play_until(app, lambda: len(ctl.session.deal.turns) >= 1)
    app.keeper.close()
    again = _app(window, tmp_path)
    press(again, pygame.K_RIGHT, pygame.K_RETURN)  # New match
    assert isinstance(again.top(), ConfirmScene)
    press(again, pygame.K_RIGHT, pygame.K_RETURN)
    assert isinstance(again.top(), TableScene)
    stats = again.keeper.statistics()
    assert stats.overall.abandoned == 1
    again.keeper.close()


def _finished_match(window, folder) -> None:  # type: ignore[no-untyped-def]
    app = _app(window, folder)
    press(app, pygame.K_RETURN)
    assert play_until(app, lambda: isinstance(app.top(), MatchScene), limit=2000)  # the result is seen
    app.keeper.close()


def test_statistics_and_history_open_from_the_menu_and_show_the_match(window, tmp_path) -> None:
    _finished_match(window, tmp_path)
    app = _app(window, tmp_path)
    press(app, pygame.K_RETURN)  # a new match, to reach the menu
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top(), MenuScene)
    press(app, *[pygame.K_DOWN] * 5, pygame.K_RETURN)  # past Resume, New match, Start screen, Settings and Help
    stats = app.top()
    assert isinstance(stats, StatsScene) and stats.stats.overall.matches == 1 and len(stats.stats.recent) == 1
    app.frame(1 / 60, [])
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top(), MenuScene), "Esc goes back to the menu"
    press(app, pygame.K_DOWN, pygame.K_RETURN)
    history = app.top()
    assert isinstance(history, HistoryScene) and len(history.matches) == 1
    press(app, pygame.K_RETURN)
    assert history.count_open
    app.frame(1 / 60, [])
    press(app, pygame.K_e)
    written = list((tmp_path / "records").iterdir())
    assert len(written) == 1 and json.loads(written[0].read_text())["format"] == "chinese-ten/deal-v1"
    assert written[0].name == history.selected.record_name(history.selected.deals[0]), "named as history --export names it"
    press(app, pygame.K_ESCAPE)
    assert app.top() is history and not history.count_open, "Esc closes the count first"
    press(app, pygame.K_RETURN)
    history.act("back")
    assert isinstance(app.top(), MenuScene), "Back leaves History at once, its count open or not"
    app.keeper.close()


def test_reset_asks_first_then_keeps_a_backup(window, tmp_path) -> None:
    _finished_match(window, tmp_path)
    app = _app(window, tmp_path)
    app.open_statistics()
    scene = app.top()
    press(app, pygame.K_TAB, pygame.K_RETURN)
    assert scene.confirming and scene.stats.overall.matches == 1, "nothing is forgotten before the answer"
    press(app, pygame.K_TAB, pygame.K_RETURN)
    assert scene.stats.overall.matches == 0
    assert [p for p in tmp_path.iterdir() if ".backup-" in p.name]
    app.keeper.close()


def test_the_screens_draw_at_the_smallest_and_largest_sizes_in_both_looks(tmp_path) -> None:
    from chinese_ten.ui.app import open_window

    opened = open_store(tmp_path)
    # an unfinished match, so that the start screen shows Continue as well
    opened.store.begin(setup_of(TableController(2, seed=1, thinker=ComputerThinker(force_inline=True))),
                       {"deals": [[]]})
    opened.close()

    for size in ((960, 600), (1920, 1080)):
        surface = open_window(size)
        for contrast in (False, True):
            app = App(surface, Settings(high_contrast=contrast), None, None, ComputerThinker(force_inline=True),
                      Keeper(open_store(tmp_path)))
            for scene in (StatsScene(app), HistoryScene(app), StartScene(app)):
                app.replace(scene)
                app.frame(1 / 60, [])
                w, h = size
                assert len({tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 12) for y in range(0, h, 12)}) > 3
                buttons = scene.buttons if not isinstance(scene, StartScene) else scene.actions
                for i, b in enumerate(buttons):
                    assert surface.get_rect().contains(b.rect), f"{b.label} leaves the window at {size}"
                    assert not any(b.rect.colliderect(o.rect) for o in buttons[i + 1:]), f"{b.label} overlaps"
            app.keeper.close()
        pygame.display.quit()


def test_a_second_window_offers_no_continue_says_why_and_keeps_nothing(window, tmp_path) -> None:
    first = _app(window, tmp_path)
    press(first, pygame.K_RETURN)
    ctl = first.table().ctl
    assert play_until(first, lambda: len(ctl.session.deal.turns) >= 2)
    opened = open_store(tmp_path)  # the second window, while the first still plays
    second = App(window, Settings(computers=1, match_length="one", animation_speed="instant"), None, None,
                 ComputerThinker(force_inline=True), Keeper(opened))
    second.notices = list(opened.notices)
    second.push(StartScene(second))
    assert [b.action for b in second.top().actions][0] == "play", "the unfinished match is open elsewhere"
    second.frame(1 / 60, [])
    assert "another window" in second.banner_text
    second.frame(60.0, [])  # long after any notice has gone
    assert "Another window of the game keeps your matches" in second.top().elsewhere_line, "it stays said"
    press(second, pygame.K_RETURN)
    other = second.table().ctl
    assert play_until(second, lambda: len(other.session.deal.turns) >= 2)
    second.keeper.close()
    kept = first.keeper.unfinished()
    assert kept is not None and kept.progress["deals"] == ctl.actions, "the first window's match is untouched"
    first.keeper.close()


def test_a_kind_of_table_is_named_by_its_game_preset_and_strength_in_the_language_in_use() -> None:
    assert table_name("normal", 2, "red-frog") == "Chinese Ten · Normal · 2 seats · Red Frog Black Frog"
    assert table_name("hard", 5, "standard", "fishing") == "Chinese Go Fishing · Hard · 5 seats"
    i18n.use_language("zh-Hans")
    try:
        assert table_name("hard", 3, "target") == "捡红点 Chinese Ten · 困难 · 3人 · 达标"
        assert table_name("easy", 4, "standard", "fishing") == "中式钓鱼 · 简单 · 4人"
    finally:
        i18n.use_language("zh-Hant")
    try:
        assert table_name("easy", 4, "standard", "fishing") == "中式釣魚 · 簡單 · 4人"
    finally:
        i18n.use_language("en")


def test_statistics_with_no_kept_deal_say_so_instead_of_counting_zero_deals(window, tmp_path, monkeypatch) -> None:
    from chinese_ten.ui.kit.text import TextPainter

    app = _app(window, tmp_path)
    drawn: list[str] = []
    line = TextPainter.line

    def recording(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return line(self, text, *args, **kwargs)

    monkeypatch.setattr(TextPainter, "line", recording)
    stats = StatsScene(app)
    app.push(stats)
    app.frame(1 / 60, [])
    assert any(text.startswith("No deal has been kept yet") for text in drawn)
    assert not any("last 0 deals" in text for text in drawn)


def _kept_unfinished(window, folder, **changes) -> int:  # type: ignore[no-untyped-def]
    """An unfinished match of two moves kept in ``folder``, then its row changed as ``changes`` say."""
    app = _app(window, folder)
    press(app, pygame.K_RETURN)
    ctl = app.table().ctl
    assert play_until(app, lambda: len(ctl.session.deal.turns) >= 2)
    app.keeper.close()
    opened = open_store(folder)
    match_id = opened.store.unfinished().id
    for column, value in changes.items():
        opened.store._db.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, match_id))
    opened.close()
    return match_id


def test_a_start_with_an_unfinished_position_that_is_not_json_offers_play_says_so_and_lists_it(window, tmp_path) -> None:
    match_id = _kept_unfinished(window, tmp_path, progress='{"deals": [["pl')
    app = _app(window, tmp_path)
    start = app.top()
    assert [b.action for b in start.actions][0] == "play" and not start.continue_line
    app.frame(1 / 60, [])
    assert "can't be read" in app.banner_text and "damaged" in app.banner_text
    app.open_history()
    history = app.top()
    assert isinstance(history, HistoryScene) and [d.id for d in history.damaged] == [match_id]
    app.frame(1 / 60, [])
    app.keeper.close()
    again = _app(window, tmp_path)
    again.frame(1 / 60, [])
    assert not again.banner_text, "a match set aside is told once, not at every start"
    assert [d.id for d in again.keeper.damaged()] == [match_id]
    again.keeper.close()


@pytest.mark.parametrize("column, value", [
    ("rules", '{"preset": "classic", "an_option_of_a_newer_version": true}'),
    ("length", '{"deals": 0}'),
    ("seats", 7),
])
def test_continue_on_a_match_that_cannot_be_rebuilt_says_so_once_and_stops_offering_it(
        window, tmp_path, column: str, value: object) -> None:
    changes: dict[str, object] = {column: value}
    if column == "seats":
        changes["players"] = json.dumps(["you"] + ["normal"] * 6)
        changes["totals"] = json.dumps([0] * 7)
    match_id = _kept_unfinished(window, tmp_path, **changes)
    app = _app(window, tmp_path)
    start = app.top()
    if start.continue_line:  # offered: pressing it says why it can't be taken up, and stops offering it
        press(app, pygame.K_RETURN)
        assert isinstance(app.top(), StartScene) and app.top() is start
        assert [b.action for b in start.actions][0] == "play" and not start.continue_line
    app.frame(1 / 60, [])
    assert "damaged" in app.banner_text
    assert [d.id for d in app.keeper.damaged()] == [match_id]
    app.keeper.close()
    again = _app(window, tmp_path)
    assert [b.action for b in again.top().actions][0] == "play", "no Continue for it at the next start either"
    again.keeper.close()


def test_a_match_closed_at_its_first_hand_offers_continue_with_the_same_hand(window, tmp_path) -> None:
    app = _app(window, tmp_path)
    press(app, pygame.K_RETURN)  # Play
    ctl = app.table().ctl
    app.frame(1 / 60, [])
    assert ctl.actions == [[]] or not any(ctl.actions[0]), "no move is made yet"
    hand = [str(c) for c in ctl.session.deal.hand(0)]
    app.keeper.close()  # the window closes (or is killed) at the first hand

    again = _app(window, tmp_path)
    start = again.top()
    assert start.actions[0].action == "continue", "the match is kept from its deal"
    press(again, pygame.K_RETURN)
    assert [str(c) for c in again.table().ctl.session.deal.hand(0)] == hand, "the same hand, not a new deal"
    again.keeper.close()


def test_new_match_before_any_move_counts_the_one_left_as_abandoned(window, tmp_path) -> None:
    app = _app(window, tmp_path)
    press(app, pygame.K_RETURN)
    app.keeper.close()
    again = _app(window, tmp_path)
    press(again, pygame.K_RIGHT, pygame.K_RETURN)  # New match
    assert isinstance(again.top(), ConfirmScene)
    press(again, pygame.K_RIGHT, pygame.K_RETURN)
    assert isinstance(again.top(), TableScene)
    assert again.keeper.statistics().overall.abandoned == 1
    again.keeper.close()


def test_a_match_closed_at_its_last_count_shows_its_result_at_the_next_start_and_only_then(window, tmp_path) -> None:
    from chinese_ten.ui.scenes.count import CountScene

    app = _app(window, tmp_path)
    press(app, pygame.K_RETURN)
    ctl = app.table().ctl
    assert play_until(app, lambda: ctl.match.is_over, limit=2000)
    assert isinstance(app.top(), CountScene), "closed at the last deal's count, before the result"
    totals = list(ctl.match.totals)
    app.keeper.close()

    again = _app(window, tmp_path)
    again.frame(1 / 60, [])
    again.frame(1 / 60, [])
    assert isinstance(again.top(), CountScene) and again.table().ctl.match.is_over
    press(again, pygame.K_RETURN)
    assert isinstance(again.top(), MatchScene) and list(again.table().ctl.match.totals) == totals
    assert again.keeper.statistics().overall.matches == 1, "counted once, as it was"
    again.keeper.close()

    third = _app(window, tmp_path)
    third.frame(1 / 60, [])
    third.frame(1 / 60, [])
    assert isinstance(third.top(), StartScene), "a result seen is not shown again"
    third.keeper.close()


def test_statistics_show_every_kind_of_table_by_scrolling_and_the_totals_by_one_part(window, tmp_path,
                                                                                     monkeypatch) -> None:
    from chinese_ten.matchstore import MatchSetup
    from chinese_ten.games.ten.rules import PRESETS
    from chinese_ten.ui.kit.text import TextPainter

    opened = open_store(tmp_path)
    presets = list(PRESETS)[:4]
    for strength in ("easy", "normal", "hard"):
        for seats in (2, 3, 4):
            for preset in presets:
                setup = MatchSetup(seats=seats, strength=strength, players=("you",) + (strength,) * (seats - 1),
                                   person=True, rules=preset, preset=preset, length={"kind": "one", "deals": 0},
                                   total_deals=1, seed="1")
                match_id = opened.store.begin(setup, {})
                margins = [3.0] + [-3.0 / (seats - 1)] * (seats - 1)
                opened.store.finish_deal(match_id, 1, {"format": "chinese-ten/deal-v1"}, margins, 3.0, margins, {})
                opened.store.finish_match(match_id, "won")
    opened.close()
    app = _app(window, tmp_path)
    drawn: set[str] = set()
    line = TextPainter.line

    def recording(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.add(text)
        return line(self, text, *args, **kwargs)

    monkeypatch.setattr(TextPainter, "line", recording)
    app.open_statistics()
    stats = app.top()
    app.frame(1 / 60, [])
    assert stats.shown < stats.scroll_lines == 36 + 3 + 3 + 4, "more lines than fit at this size"
    for _ in range(stats.scroll_lines):
        press(app, pygame.K_DOWN)
    names = {table_name(*key) for key, _f in stats.stats.by}
    assert len(names) == 36 and names <= drawn, "every kind of table can be reached"
    assert {"All against Hard", "All at 3 seats", "All tables"} <= drawn
    assert any(text.startswith("Lines ") and text.endswith("to scroll") for text in drawn)
    assert any(text.startswith("All under ") for text in drawn)
    app.keeper.close()


def test_historys_last_row_stays_above_the_key_line_at_the_smallest_size_when_the_list_is_full(tmp_path) -> None:
    from chinese_ten.ui.app import open_window

    opened = open_store(tmp_path)
    for _ in range(40):
        match_id = opened.store.begin(setup_of(TableController(2, seed=1, thinker=ComputerThinker(force_inline=True))),
                                      {})
        opened.store.finish_deal(match_id, 1, {"format": "chinese-ten/deal-v1"}, [1, -1], 1.0, [1, -1], {})
        opened.store.finish_match(match_id, "won")
    opened.close()
    surface = open_window((960, 600))
    app = App(surface, Settings(), None, None, ComputerThinker(force_inline=True), Keeper(open_store(tmp_path)))
    history = HistoryScene(app)
    app.replace(history)
    for index in (0, 20, 39):
        history.index = index
        app.frame(1 / 60, [])
        shown = [r for r in history._rows if r.height]
        assert len(shown) > 5 and history.keys_rect.height
        assert shown[-1].bottom <= history.keys_rect.top, f"the last row overlaps the key line (match {index})"
    app.keeper.close()
    pygame.display.quit()


def test_reset_keeps_history_and_the_last_reset_can_be_undone_from_the_screen(window, tmp_path) -> None:
    _finished_match(window, tmp_path)
    app = _app(window, tmp_path)
    app.open_statistics()
    scene = app.top()
    assert [b.action for b in scene.buttons] == ["back", "reset"], "nothing to undo yet"
    press(app, pygame.K_TAB, pygame.K_RETURN)
    app.frame(1 / 60, [])
    press(app, pygame.K_TAB, pygame.K_RETURN)
    assert scene.stats.overall.matches == 0
    assert len(app.keeper.history()) == 1, "History keeps the match"
    assert [b.action for b in scene.buttons] == ["back", "reset", "undo"]
    press(app, pygame.K_TAB, pygame.K_TAB, pygame.K_RETURN)  # Undo the last reset
    assert scene.stats.overall.matches == 1 and "again" in app.banner_text
    assert [b.action for b in scene.buttons] == ["back", "reset"]
    app.keeper.close()


def test_history_names_the_seats_by_side_and_strength_and_shows_a_counts_scoring_cards(window, tmp_path,
                                                                                      monkeypatch) -> None:
    from chinese_ten.games.ten.deal import Deal
    from chinese_ten.matchstore import MatchSetup
    from chinese_ten.games.ten.record import record_of
    from chinese_ten.ui.kit.text import TextPainter

    deal = Deal.from_seed(3, 5)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    opened = open_store(tmp_path)
    setup = MatchSetup(seats=3, strength="hard", players=("you", "hard", "easy"), person=True, rules="classic",
                       preset="classic", length={"kind": "one", "deals": 0}, total_deals=1, seed="5")
    match_id = opened.store.begin(setup, {})
    margins = [float(m) for m in deal.exact_margins]
    opened.store.finish_deal(match_id, 1, record_of(deal), margins, margins[0], margins, {})
    opened.store.finish_match(match_id, "won")
    opened.close()
    drawn: list[str] = []
    line = TextPainter.line

    def recording(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return line(self, text, *args, **kwargs)

    monkeypatch.setattr(TextPainter, "line", recording)
    app = _app(window, tmp_path)
    app.open_history()
    history = app.top()
    app.frame(1 / 60, [])
    assert any("players: You, West — Hard, East — Easy" in text for text in drawn)
    assert any(text.startswith("Deal 1: You ") and " · West " in text and " · East " in text for text in drawn)
    press(app, pygame.K_RETURN)  # the count
    app.frame(1 / 60, [])
    assert any(text.startswith("West — Hard: ") for text in drawn)
    scoring = [" ".join(c.pretty for c in sorted((c for c in deal.pile(s) if deal.points_of(c)),
                                                 key=lambda c: (-deal.points_of(c), c.rank, c.suit)))
               or "no scoring cards" for s in range(3)]
    assert history.count_cards == scoring and all(cards in drawn for cards in scoring)
    app.keeper.close()


def test_the_menus_start_screen_leaves_the_match_kept_and_continue_puts_it_back(window, tmp_path) -> None:
    app = _app(window, tmp_path)
    press(app, pygame.K_RETURN)  # Play
    ctl = app.table().ctl
    assert play_until(app, lambda: len(ctl.session.deal.turns) >= 2 and ctl.person_to_play)
    where = position_of(ctl.session.deal)
    press(app, pygame.K_ESCAPE)
    menu = app.top()
    assert isinstance(menu, MenuScene)
    menu.act("start")
    start = app.top()
    assert isinstance(start, StartScene) and app.table() is None
    assert start.actions[0].action == "continue", "the match left for the start screen is kept"
    press(app, pygame.K_RETURN)  # Continue
    assert position_of(app.table().ctl.session.deal) == where
    app.keeper.close()


def test_history_names_the_place_of_a_match_not_won_instead_of_lost_with_a_gain() -> None:
    from chinese_ten.matchstore import KeptMatch, MatchSetup
    from chinese_ten.ui.scenes.history import match_line

    setup = MatchSetup(seats=4, strength="normal", players=("you", "normal", "normal", "normal"), person=True,
                       rules="classic", preset="classic", length={"kind": "fixed", "deals": 1}, total_deals=1,
                       seed="1")
    second = KeptMatch(1, "2026-01-01T10:00:00", "2026-01-01T10:10:00", setup, "finished", "lost",
                       (28.0, 40.0, -30.0, -38.0), ())
    line = match_line(second)
    assert "place 2 of 4 +28" in line and "lost" not in line
    last = KeptMatch(2, "2026-01-01T10:00:00", "2026-01-01T10:10:00", setup, "finished", "lost",
                     (-38.0, 40.0, -30.0, 28.0), ())
    assert "place 4 of 4 -38" in match_line(last)


def test_statistics_heads_too_wide_for_their_columns_take_two_lines_not_run_together(window) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.kit.text import TextPainter
    from chinese_ten.ui.kit.theme import FontBook, classic_theme
    from chinese_ten.ui.scenes.stats import columns, head_lines

    painter = TextPainter(FontBook(), classic_theme())
    width = painter.width("Mean / deal", 18, True) * 2 // 3  # a narrow column, as at 960×600
    for head in columns()[1:]:
        lines, px = head_lines(painter, head, 18, width)
        assert " ".join(lines) == head
        assert all(painter.width(line, px, True) <= width for line in lines), (head, lines)
    assert head_lines(painter, "Mean / deal", 18, width)[0] != ["Mean / deal"]
    assert head_lines(painter, "Best deal", 18, width) == (["Best", "deal"], 18)


def test_the_margin_charts_scale_runs_from_the_largest_gain_to_the_largest_loss() -> None:
    from chinese_ten.ui.scenes.stats import chart_range, signed_tick

    assert chart_range([-45.0]) == (0.0, -45.0), "losses alone: no room spent on gains"
    assert chart_range([12.0, -30.0, 5.0]) == (12.0, -30.0)
    assert chart_range([8.0, 20.0]) == (20.0, 0.0)
    assert chart_range([0.0]) == (1.0, 0.0)
    assert [signed_tick(v) for v in (12.0, 0.0, -30.0)] == ["+12", "0", "-30"]


def test_the_margin_chart_marks_its_scale_with_values(window, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _finished_match(window, tmp_path)
    app = _app(window, tmp_path)
    drawn = drawn_texts(monkeypatch)
    app.open_statistics()
    app.frame(1 / 60, [])
    scene = app.top()
    assert isinstance(scene, StatsScene) and scene.stats is not None
    margin = scene.stats.recent[-1]
    from chinese_ten.ui.scenes.stats import signed_tick

    assert "0" in drawn and signed_tick(margin) in drawn, "the zero line and the deal's margin are marked"
    assert not any(text.startswith("±") for text in drawn)
    app.keeper.close()


@pytest.mark.parametrize("language", ["en", "zh-Hans", "zh-Hant"])
def test_the_continue_line_never_overlaps_the_keys_line_or_the_buttons_at_the_smallest_size(tmp_path, language) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.app import open_window

    surface = open_window((960, 600))
    i18n.use_language(language)
    try:
        first = _app(surface, tmp_path)
        press(first, pygame.K_RETURN)  # Play, so a match is kept
        first.keeper.close()
        app = _app(surface, tmp_path)
        app.frame(1 / 60, [])  # the buttons laid out for this size
        start = app.top()
        assert isinstance(start, StartScene) and start.continue_line
        lines = [where for _picture, where in start.footer(surface.get_size())]
        assert lines, "the Continue line is drawn"
        buttons = [b.rect for b in start.actions]
        for i, a in enumerate(lines):
            assert not any(a.colliderect(b) for b in buttons), "a footer line runs into the buttons"
            assert all(not a.colliderect(b) for b in lines[i + 1:]), "two footer lines overlap"
            assert a.bottom <= surface.get_height()
        app.keeper.close()
    finally:
        i18n.use_language("en")


@pytest.mark.parametrize("name", ["history", "stats"])
def test_a_notice_over_history_or_statistics_leaves_the_title_in_sight(window, tmp_path, name: str) -> None:  # type: ignore[no-untyped-def]
    app = _app(window, tmp_path)
    app.open(name)
    app.notify("A notice long enough to need the width of the window, as an export's file name does.")
    for _ in range(2):
        app.frame(1 / 60)
    page = app.top()
    assert page is not None and page.notice_top is not None
    # the title lies above where the page says a notice may start, and the notice starts there
    assert app.banner_rect().top >= page.notice_top > round(12 * ui_scale(window.get_size()))


def test_the_chart_says_why_it_is_empty_when_only_network_matches_are_kept() -> None:
    from chinese_ten.matchstore import Statistics
    from chinese_ten.ui.scenes.stats import chart_title

    assert "No deal has been kept yet" in chart_title(Statistics())
    assert "against computers" in chart_title(Statistics(network=2))
    assert "last 2 deals" in chart_title(Statistics(recent=[3.0, -1.0], network=2))


def test_historys_count_of_a_go_fishing_deal_lists_its_own_count(window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from dealkit import random_finished_deal

    from chinese_ten.games import game_named
    from chinese_ten.matchstore import MatchSetup
    from chinese_ten.ui.table.games import table_game

    deal = random_finished_deal("fishing", 3, 4)
    record = game_named("fishing").record_of(deal)
    opened = open_store(tmp_path)
    setup = MatchSetup(seats=3, strength="normal", players=("you", "normal", "normal"), person=True,
                       rules="standard", preset="standard", length={"kind": "one", "deals": 0}, total_deals=1,
                       seed="4", game="fishing")
    match_id = opened.store.begin(setup, {})
    margins = [float(m) for m in deal.returns()]
    opened.store.finish_deal(match_id, 1, record, margins, margins[0], margins, {})
    opened.store.finish_match(match_id, "won")
    opened.close()
    app = _app(window, tmp_path)
    app.open_history()
    history = app.top()
    assert isinstance(history, HistoryScene)
    press(app, pygame.K_RETURN)  # the count
    app.frame(1 / 60, [])
    rows = table_game("fishing").count(deal)
    assert history.count_cards == [" ".join(c.pretty for c in r.cards) or "no scoring cards" for r in rows]
    assert any(r.cards for r in rows), "a deal's count names the cards that scored"
    app.keeper.close()


def test_historys_deal_row_at_a_ring_of_eight_shows_every_seat_at_the_smallest_size(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.matchstore import MatchSetup
    from chinese_ten.ui.app import open_window
    from chinese_ten.ui.kit.text import TextPainter

    names = ("You",) + tuple(f"Guest{n} — a long name" for n in range(1, 8))
    setup = MatchSetup(seats=8, strength="normal", players=("you",) + ("person",) * 7, person=True, rules={},
                       preset="classic", length={"kind": "one", "deals": 0}, total_deals=1, seed="5",
                       game="fishing", network="t1", names=names)
    opened = open_store(tmp_path)
    match_id = opened.store.begin(setup, {})
    margins = [-123.5, 17.5, 17.5, 17.5, 17.5, 17.5, 17.5, 1.0]
    opened.store.finish_deal(match_id, 1, {"format": "go-fishing/deal-v1"}, margins, margins[0], margins, {})
    opened.store.finish_match(match_id, "lost")
    opened.close()
    drawn: list[tuple[str, pygame.Surface]] = []
    line = TextPainter.line

    def recording(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        image = line(self, text, *args, **kwargs)
        drawn.append((text, image))
        return image

    monkeypatch.setattr(TextPainter, "line", recording)
    surface = open_window((960, 600))
    app = App(surface, Settings(), None, None, ComputerThinker(force_inline=True), Keeper(open_store(tmp_path)))
    history = HistoryScene(app)
    app.replace(history)
    drawn.clear()
    app.frame(1 / 60, [])
    row = history._deal_rows[0]
    pieces = [(text, image) for text, image in drawn if text.startswith("Deal 1:")]
    assert pieces, "the deal row is drawn"
    start = drawn.index(pieces[0])
    parts = [pieces[0]] + [d for d in drawn[start + 1:start + 4] if "+17.5" in d[0] or "+1" in d[0]]
    told = " ".join(text for text, _ in parts)
    sides = ("South-west", "West", "North-west", "North", "North-east", "East", "South-east")
    assert all(f"{side} +" in told for side in sides) and told.endswith("+1"), f"a seat is missing: {told!r}"
    assert all(text.split(" ")[0] in sides for text, _ in parts[1:]), "the row breaks between seats, not in one"
    assert all(image.get_width() <= row.width - 12 for _, image in parts), "no part of the row is cut off"
    assert len(parts) > 1 and row.height > history._deal_rows[0].height // len(parts), "the row takes two lines"
    app.keeper.close()
    pygame.display.quit()


def test_the_charts_few_bars_spread_over_its_whole_width() -> None:
    from chinese_ten.ui.scenes.stats import bar_slots

    slots = bar_slots(3, 100, 600, 1.0)
    assert len(slots) == 3 and slots[0][0] >= 100 and slots[-1][0] + slots[-1][1] <= 700
    assert slots[-1][0] + slots[-1][1] - slots[0][0] > 400, "three bars use the chart's width, not a third of it"
    assert all(w <= 56 for _x, w in slots), "a few bars are not slabs"
    many = bar_slots(40, 0, 400, 1.0)
    assert all(b[0] >= a[0] + a[1] for a, b in zip(many, many[1:])), "bars never overlap"


def test_statistics_name_a_game_without_presets_by_its_game_not_as_rules() -> None:
    from chinese_ten.matchstore import Figures, Statistics
    from chinese_ten.ui.scenes.stats import table_rows

    stats = Statistics()
    stats.by_rules = [("classic", Figures()), ("standard", Figures())]
    stats.by_game = [("ten", Figures()), ("fishing", Figures())]
    names = [cells[0] for section in table_rows(stats) for cells in section]
    assert "All under Classic" in names and not any("standard" in n for n in names)
    assert "All of Chinese Go Fishing" in names and "All of Chinese Ten" in names
    stats.by_game = [("fishing", Figures())]
    assert not any(n.startswith("All of") for section in table_rows(stats) for n in [c[0] for c in section]), \
        "one game alone is All tables already"


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
def test_historys_match_line_is_never_cut_at_the_smallest_size(tmp_path, monkeypatch, lang: str) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.matchstore import MatchSetup
    from chinese_ten.ui.app import open_window
    from chinese_ten.ui.kit.text import TextPainter
    from chinese_ten.ui.scenes.history import match_line

    setup = MatchSetup(seats=4, strength="hard", players=("you", "easy", "normal", "hard"), person=True,
                       rules="classic", preset="taiwan", length={"kind": "fixed", "deals": 12}, total_deals=12,
                       seed="1")
    opened = open_store(tmp_path)
    match_id = opened.store.begin(setup, {})
    margins = [5.0, 20.0, 10.0, -35.0]
    opened.store.finish_deal(match_id, 1, {"format": "chinese-ten/deal-v1"}, margins, margins[0], margins, {})
    opened.store.finish_match(match_id, "lost")
    opened.close()
    drawn: list[tuple[str, pygame.Surface]] = []
    line = TextPainter.line

    def recording(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        image = line(self, text, *args, **kwargs)
        drawn.append((text, image))
        return image

    i18n.use_language(lang)
    try:
        surface = open_window((960, 600))
        app = App(surface, Settings(language=lang), None, None, ComputerThinker(force_inline=True),
                  Keeper(open_store(tmp_path)))
        history = HistoryScene(app)
        app.replace(history)
        monkeypatch.setattr(TextPainter, "line", recording)
        app.frame(1 / 60, [])
        whole = match_line(history.matches[0])
        row = history._rows[0]
        start = next(i for i, (text, _) in enumerate(drawn) if whole.startswith(text) and len(text) > 10)
        parts, told = [], ""
        for text, image in drawn[start:]:  # the line's pieces, drawn one after another
            if not "".join(whole.split()).startswith("".join((told + text).split())):
                break
            parts.append((text, image))
            told += text
        assert "".join(told.split()) == "".join(whole.split()), f"every part of the line is drawn: {told!r}"
        assert all(image.get_width() <= row.width - 12 for _, image in parts), "no part of the line is cut off"
        app.keeper.close()
    finally:
        i18n.use_language("en")
        pygame.display.quit()
