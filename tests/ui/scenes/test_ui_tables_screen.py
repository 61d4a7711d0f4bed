"""Your tables: the network tables this window sits at, those being played first (the person's move marked), the
finished ones apart under their own heading, Forget taking one off the kept list, and New table and Back."""

from __future__ import annotations

from pathlib import Path

import pygame

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.open_tables import OpenTable, OpenTables, table_words
from chinese_ten.ui.scenes.friends import FriendsScene
from chinese_ten.ui.scenes.tables import TablesScene

SEATS = (("human", "Ann", ""), ("computer", "", "hard"))


def _kept(folder: Path) -> OpenTables:
    tables = OpenTables(folder)
    for i, (name, finished, turn) in enumerate((("old", True, False), ("mine", False, True), ("theirs", False, False))):
        tables.keep(OpenTable("http://127.0.0.1:9", f"{name}1234", "x" * 22, 0, "ten", kept=100.0 + i, seats=SEATS,
                              deal=2, deals=3, your_turn=turn, finished=finished))
    return tables


def test_the_tables_being_played_come_first_and_the_finished_ones_apart(window: pygame.Surface, tmp_path: Path) -> None:
    app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True))
    app.open_tables = _kept(tmp_path)
    app.show("tables")
    scene = app.top()
    assert isinstance(scene, TablesScene)
    assert [t.table for t in scene.tables] == ["theirs1234", "mine1234", "old1234"] and scene.playing == 2
    app.frame(1 / 30, [])
    assert all(rect.width for rect in scene.row_rects)
    finished_gap = scene.row_rects[2].top - scene.row_rects[1].bottom
    assert finished_gap > scene.row_rects[1].top - scene.row_rects[0].bottom  # room for the "Finished" heading
    assert table_words(scene.tables[1])[1] == "Chinese Ten · deal 2 of 3 · your turn"
    assert table_words(scene.tables[2])[1] == "Chinese Ten · the match is over"
    scene.act("forget:2")
    assert [t.table for t in app.open_tables.load()] == ["theirs1234", "mine1234"]
    assert len(scene.rows) == len(scene.tables) == 2
    scene.act("new")
    assert isinstance(app.top(), FriendsScene)


def test_a_table_whose_match_ended_is_kept_as_finished_until_another_match_begins(tmp_path: Path) -> None:
    tables = _kept(tmp_path)
    tables.finish("http://127.0.0.1:9", "mine1234")
    mine = next(t for t in tables.load() if t.table == "mine1234")
    assert mine.finished and not mine.your_turn
    tables.note("http://127.0.0.1:9", "mine1234", SEATS, 1, 3, False)  # everybody played again: a new match
    mine = next(t for t in tables.load() if t.table == "mine1234")
    assert not mine.finished and mine.deal == 1


def test_esc_goes_back_to_the_start_when_nothing_is_under_it(window: pygame.Surface, tmp_path: Path) -> None:
    from chinese_ten.ui.scenes.start import StartScene
    from uiharness import key_event

    app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True))
    app.open_tables = OpenTables(tmp_path)
    app.show("tables")
    app.frame(1 / 30, [])
    app.frame(1 / 30, [key_event(pygame.K_ESCAPE)])
    assert isinstance(app.top(), StartScene)


def test_taking_a_seat_back_hands_the_lobby_the_matches_seen_before_for_the_deals_links(window: pygame.Surface,
                                                                                       tmp_path: Path) -> None:
    from chinese_ten.ui.scenes.lobby import LobbyScene

    tables = _kept(tmp_path)
    tables.note("http://127.0.0.1:9", "mine1234", SEATS, 1, 3, False, 2)  # two matches seen there before this one
    app = App(window, Settings(animation_speed="instant", server_url="http://127.0.0.1:9"), None, None,
              ComputerThinker(force_inline=True))
    app.open_tables = tables
    app.show("tables")
    scene = app.top()
    assert isinstance(scene, TablesScene)
    at = next(i for i, t in enumerate(scene.tables) if t.table == "mine1234")
    assert scene.tables[at].matches == 2
    scene.act(f"take:{at}")
    lobby = app.top()
    assert isinstance(lobby, LobbyScene) and lobby.matches == 2
    lobby.leave()
