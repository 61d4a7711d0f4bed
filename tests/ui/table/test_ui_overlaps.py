"""Each thing on the table has a room of its own: the turned card beside the stock, the table's notes (a capture
choice's prompt, the connection's banner) in a row between the layout and the advice strip, and the side panel's
turns below the card tracker and above the chat, their first line in sight."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.i18n import use_language
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App, open_window
from chinese_ten.ui.scenes.choice import ChoiceScene
from chinese_ten.ui.table.geometry import table_geometry

from uiharness import play_until

SIZES = [(960, 600), (1280, 800), (1920, 1080)]


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The window's language for one test (``request.param``), English again after it."""
    use_language(request.param)
    yield request.param
    use_language("en")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", range(2, 9))
@pytest.mark.parametrize("slots", [16, 20, 26])
def test_the_turned_card_waits_in_a_cell_of_its_own_clear_of_the_stock_and_every_slot(
        size: tuple[int, int], seats: int, slots: int) -> None:
    geom = table_geometry(size, seats, slots)
    stock = geom.stock.union(geom.stock.move(-8, -8))  # the stock's stack rises up and to the left
    assert not geom.stage.colliderect(stock), "the turned card hides the stock"
    assert len(geom.slots) >= slots
    assert not any(geom.stage.colliderect(r) for r in geom.slots), "the turned card hides a layout card"
    assert geom.centre.contains(geom.stage) and geom.centre.contains(geom.stock)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", range(2, 9))
def test_the_notice_row_lies_between_the_layout_and_the_advice_strip(size: tuple[int, int], seats: int) -> None:
    geom = table_geometry(size, seats, 26)
    row = geom.notice
    assert row.bottom <= geom.hint.top, "the notes' row is above the advice strip"
    assert row.top >= geom.centre.bottom, "the notes' row is below the layout"
    for place in geom.seats:
        for part in (place.plate, place.hand, place.pile):
            assert not row.colliderect(part), f"the notes' row covers seat {place.seat}"
    assert geom.table.contains(row)


@pytest.mark.parametrize("language", ["en", "zh-Hans"], indirect=True)
@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_capture_choice_prompt_stands_clear_of_the_advice_line_with_its_words_inside(
        make_table, size: tuple[int, int], language: str) -> None:  # type: ignore[no-untyped-def]
    app, _ctl, scene = make_table(seats=2, seed=3)
    app.surface = pygame.Surface(size)
    assert play_until(app, lambda: isinstance(app.top(), ChoiceScene))
    app.draw()
    geom = scene.geom()
    painter = scene.painter
    box = painter.message_rect
    assert box.width > 0, "the choice's prompt is drawn"
    assert geom.notice.contains(box), "the prompt stands in the notes' row"
    assert not box.colliderect(geom.hint), "the prompt covers the advice strip"
    assert painter.hint_rect.width > 0 and not box.colliderect(painter.hint_rect), "the prompt covers the advice"
    assert not box.colliderect(painter.name_rect), "the prompt covers the seat's name"
    assert box.contains(painter.message_line), "the prompt's words stand inside its pill"
    assert not any(box.colliderect(geom.slots[s]) for s in scene.ctl.board.slots), "the prompt covers the layout"


@pytest.mark.parametrize("language", ["en", "zh-Hans"], indirect=True)
@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_connection_banner_stands_clear_of_the_advice_line_with_its_words_inside(
        size: tuple[int, int], language: str) -> None:
    from chinese_ten.engine.match import MatchLength
    from chinese_ten.engine.session import SeatKind, TableSession
    from chinese_ten.games import game_named
    from chinese_ten.net.follower import RemoteFollower
    from chinese_ten.i18n import _
    from chinese_ten.ui.table.remote import LOST_TEXT, RemoteTableScene

    from remotekit import ScriptedSeat

    window = open_window(size)
    try:
        session = TableSession(game_named("ten"), [SeatKind.person(), SeatKind.remote()], MatchLength.fixed(1), seed=3)
        seat = ScriptedSeat(session, 0, assists=False)
        follower = RemoteFollower(seat, seat.poll())
        app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
        scene = RemoteTableScene(app, follower)
        app.replace(scene)
        follower._take([{"type": "connection", "status": "lost", "code": None, "tries": 1, "unreachable": False}])
        app.frame(1 / 60, [])
        app.draw()
        geom = scene.geom()
        painter = scene.painter
        box = painter.message_rect
        assert box.width > 0, "the banner is drawn"
        assert geom.notice.contains(box), "the banner stands in the notes' row"
        assert not box.colliderect(geom.hint), "the banner covers the advice strip"
        assert not box.colliderect(painter.name_rect), "the banner covers the seat's name"
        assert box.contains(painter.message_line), "the banner's words stand inside its pill"
        assert scene.own_note() == _(LOST_TEXT), "the banner is the note a capture choice's prompt gives way to"
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("language", ["en", "zh-Hans"], indirect=True)
def test_the_turns_heading_and_newest_turn_stay_in_sight_above_the_chat_with_the_tracker_on(language: str) -> None:
    from chinese_ten.engine.match import MatchLength
    from chinese_ten.engine.session import SeatKind, TableSession
    from chinese_ten.games import game_named
    from chinese_ten.net.follower import RemoteFollower
    from chinese_ten.ui.table.remote import RemoteTableScene

    from remotekit import ScriptedSeat

    window = open_window((960, 600))
    try:
        session = TableSession(game_named("ten"), [SeatKind.person(), SeatKind.remote()], MatchLength.fixed(1), seed=3)
        seat = ScriptedSeat(session, 0, assists=False)
        follower = RemoteFollower(seat, seat.poll())
        settings = Settings(card_tracker=True)
        app = App(window, settings, None, None, ComputerThinker(force_inline=True))
        scene = RemoteTableScene(app, follower)
        app.replace(scene)
        assert play_until(app, lambda: scene.ctl.narration.entries and not scene.ctl.busy)
        app.draw()
        panel = scene.panel
        geom = scene.geom()
        assert panel.reserve > 0 and panel.tracker, "the chat and the tracker share the panel"
        chat_top = geom.panel.height - panel.reserve
        assert panel.turns_head.height > 0 and panel.turns_head.bottom <= chat_top, "the chat covers 'Turns'"
        assert panel.log_rect.top >= panel.turns_head.bottom and panel.log_rect.bottom <= chat_top
        line = app.kit.fonts.get(geom.font(19)).get_linesize()
        assert panel.log_rect.height >= 2 * line, "the turns keep room for two lines"
        assert panel.shown, "a turn is told"
        for _i, back in panel.shown:
            assert back.top >= panel.log_rect.top - 2, "a turn's first line is cut off at the top of the log"
    finally:
        pygame.display.quit()



def test_a_capture_choice_gives_the_notice_row_to_the_tables_own_note(make_table) -> None:  # type: ignore[no-untyped-def]
    app, _ctl, scene = make_table(seats=2, seed=3)
    assert play_until(app, lambda: isinstance(app.top(), ChoiceScene))
    said: list[str] = []
    drawn = scene.painter.message

    def told(surface, geom, text, colour):  # type: ignore[no-untyped-def]
        said.append(text)
        return drawn(surface, geom, text, colour)

    scene.painter.message = told  # type: ignore[method-assign]
    app.draw()
    assert len(said) == 1, "the choice's prompt stands in the row while the table has no note of its own"
    scene.own_note = lambda: "Connection lost: connecting again…"  # what a network table says while it is down
    said.clear()
    app.draw()
    assert said == [], "the prompt gives way: no second note over the table's own"


@pytest.mark.parametrize("size", SIZES)
def test_the_stocks_count_lies_on_the_stock_clear_of_every_layout_card(size: tuple[int, int], make_table) -> None:  # type: ignore[no-untyped-def]
    _app, _ctl, scene = make_table(2)
    surface = pygame.Surface(size)
    for seats in range(2, 9):
        for slots in (16, 20, 26):
            geom = table_geometry(size, seats, slots)
            back = scene.painter.stock_count(surface, geom, 42)
            assert geom.stock.top < back.top and back.bottom < geom.stock.bottom, (seats, slots, back, geom.stock)
            assert not any(back.colliderect(r) for r in geom.slots), "the count covers the layout card below"
            assert not back.colliderect(geom.stage) and back.width <= geom.stock.width + 4, (seats, slots)
