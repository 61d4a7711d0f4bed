"""The open network tables kept for "Open tables" and the start screen: what the window last saw of each
(seats, deal, whose move), kept as data and told in the language in use; one click back into the seat."""

from __future__ import annotations

from pathlib import Path

import pygame

from chinese_ten import i18n
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.open_tables import OpenTable, OpenTables, table_words
from chinese_ten.ui.scenes.start import StartScene

SEATS = (("human", "Ann", ""), ("human", "Bo", ""), ("computer", "", "hard"), ("empty", "Guest 3", ""))


def _kept(folder: Path) -> OpenTables:
    tables = OpenTables(folder)
    tables.keep(OpenTable("http://127.0.0.1:9", "table1", "t" * 20, 1, "ten"))
    return tables


def test_what_the_window_saw_of_a_table_is_kept_and_told(tmp_path: Path) -> None:
    tables = _kept(tmp_path)
    (entry,) = tables.load()
    assert table_words(entry) == ("guest 1", "Chinese Ten · waiting for the seats to be taken")
    tables.note("http://127.0.0.1:9", "table1", SEATS, 2, 3, True)
    (entry,) = OpenTables(tmp_path).load()  # read again from the file
    assert (entry.seats, entry.deal, entry.deals, entry.your_turn) == (SEATS, 2, 3, True)
    assert table_words(entry) == ("Ann, Bo, Guest 2 · Hard, Guest 3", "Chinese Ten · deal 2 of 3 · your turn")
    assert "table1" not in " ".join(table_words(entry))  # no raw id
    try:
        i18n.use_language("zh-Hans")
        simplified = table_words(entry)
    finally:
        i18n.use_language("en")
    assert simplified[0] == "Ann、Bo、客人 2 · 困难、客人 3"
    assert "第2局" in simplified[1] and simplified[1].endswith("轮到你")


def test_noting_the_same_sight_again_writes_nothing(tmp_path: Path) -> None:
    tables = _kept(tmp_path)
    tables.note("http://127.0.0.1:9", "table1", SEATS, 1, 3, False)
    path = tmp_path / "open-tables.json"
    before = path.stat().st_mtime_ns, path.read_bytes()
    path.write_bytes(before[1])  # the same content, to see whether another write comes
    marker = path.stat().st_mtime_ns
    tables.note("http://127.0.0.1:9", "table1", SEATS, 1, 3, False)
    assert path.stat().st_mtime_ns == marker


def test_the_start_screen_offers_the_open_tables_and_a_click_takes_the_seat_back(window: pygame.Surface,
                                                                               tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    app.open_tables = _kept(tmp_path)
    app.open_tables.note("http://127.0.0.1:9", "table1", SEATS, 2, 3, True)
    taken: list[int] = []
    from chinese_ten.ui.scenes.friends import FriendsScene

    monkeypatch.setattr(FriendsScene, "rejoin", lambda self, index: taken.append(index))
    start = StartScene(app)
    app.push(start)
    app.frame(1 / 60, [])
    (button,) = start.table_buttons
    assert button.lines == ("Ann, Bo, Guest 2 · Hard, Guest 3", "Chinese Ten · deal 2 of 3 · your turn")
    others = [b.rect for b in [*start.actions, start.deal_button, *(b for row in start.rows for b in row)]
              if b is not button]
    assert window.get_rect().contains(button.rect) and button.rect.collidelist(others) == -1
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center)])
    assert taken == [0] and isinstance(app.top(), FriendsScene)
    app.show("start")  # and by the keyboard: Left from Play goes round to the table, Enter takes the seat
    start = app.top()
    assert isinstance(start, StartScene)
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)])
    assert start.table_buttons[0].focused
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
    assert taken == [0, 0]
    app.thinker.shutdown()
