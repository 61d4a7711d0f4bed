"""Playing again at a network table from the window (NETWORK.md "Playing again"): the match's end offers Play
again, New table and Your tables, names who has asked, and the same window plays the table's next match once
every person has asked; and the host's form offers the turn clock and watchers, remembered with the rest. A
table server on a thread of this process, loopback only."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from chinese_ten.ui.scenes.friends import FriendsScene
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.table.remote import RemoteTableScene

from netwindow import hosted
from uiharness import click_event


def test_play_again_from_the_window_and_a_second_client_starts_the_next_match_in_the_window(
        window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with hosted(window, tmp_path, monkeypatch, game="ten", seats=2, speed="instant") as net:
        bo = net.join("Bo", 1, seed=5)
        app = net.app
        net.run(lambda: isinstance(app.top(), MatchScene) and bo.done)
        result = app.top()
        table = app.table()
        assert isinstance(result, MatchScene) and isinstance(table, RemoteTableScene)
        assert [b.action for b in result.buttons] == ["again", "new", "tables"]
        first = table.ctl.match
        assert first.is_over and first.deals_played == 1
        bo.client.again()
        net.run(lambda: table.again_names() == ["Bo (guest 1)"], play=False)
        assert result.buttons[0].enabled
        app.frame(1 / 60, [click_event(result.buttons[0].rect.center)])  # Play again, as a person clicks it
        # the server may deal the next match before this frame ends (the window then shows it at once, and its
        # asking is done); otherwise the window has asked and its button waits for the others
        assert app.top() is not result or (table.again_asked and not result.buttons[0].enabled)
        net.run(lambda: app.top() is table and table.ctl.match is not first, play=False)
        assert table.follower.places is None and not table.again_asked
        assert table.ctl.match.deals_played == 0 and not table.ctl.match.is_over
        net.run(lambda: isinstance(app.top(), MatchScene) and app.top() is not result)  # the second match, to its end
        assert table.ctl.match.is_over and table.ctl.match is not first
        assert isinstance(app.top(), MatchScene) and not table.again_names()  # nobody has asked again yet
        assert table.follower.matches_before == 1 and table.follower.table_deal == 2  # its /d/ link: the table's 2nd deal


def test_new_table_leads_to_the_friends_screen_and_your_tables_to_the_tables_one_sits_at(
        window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.ui.scenes.tables import TablesScene

    with hosted(window, tmp_path, monkeypatch, game="ten", seats=2, computers={1: "easy"}, speed="instant") as net:
        app = net.app
        net.run(lambda: isinstance(app.top(), MatchScene))
        result = app.top()
        assert isinstance(result, MatchScene)
        result.act("tables")
        assert isinstance(app.top(), TablesScene)
        app.top().act("new")
        assert isinstance(app.top(), FriendsScene)


def test_the_host_form_offers_the_clock_and_watchers_and_remembers_them(window: pygame.Surface, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.engine.thinking import ComputerThinker
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App
    from chinese_ten.ui.hosting import Hosting
    from chinese_ten.ui.open_tables import OpenTables

    app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True))
    app.hosting = Hosting(tmp_path, bind="127.0.0.1", port=0)
    app.open_tables = OpenTables(tmp_path)
    try:
        app.show("friends")
        form = app.top()
        assert isinstance(form, FriendsScene)
        assert form.clock is None and form.watchers
        labels = [b.label for b in form.rows]
        assert "Turn clock: none" in labels and "Watchers: welcome" in labels
        seen = []
        for _ in range(5):  # round the five clocks, back to none
            form.act("clock")
            seen.append(form.clock)
        assert seen == [15, 30, 60, 120, None]
        form.act("clock")
        form.act("watchers")
        assert "Turn clock: 15 s a move" in [b.label for b in form.rows]
        assert "Watchers: none" in [b.label for b in form.rows]
        form.name.text = "Ann"
        form.act("host")
        lobby = app.top()
        client = getattr(lobby, "client", None)
        assert client is not None, form.message
        assert client._first["clock"] == 15 and client._first["watchers"] is False  # what the server is asked for
        app.show("friends")
        again = app.top()
        assert isinstance(again, FriendsScene) and again.clock == 15 and not again.watchers
    finally:
        app.show("start")
        app.hosting.stop()


def test_a_remembered_clock_this_version_does_not_offer_falls_back_to_none(window: pygame.Surface,
                                                                          tmp_path: Path) -> None:
    from chinese_ten.engine.thinking import ComputerThinker
    from chinese_ten.settings import Settings
    from chinese_ten.ui.app import App
    from chinese_ten.ui.open_tables import OpenTables

    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    app.open_tables = OpenTables(tmp_path)
    app.open_tables.keep_setup({"game": "ten", "clock": 45, "watchers": "no"})
    app.show("friends")
    form = app.top()
    assert isinstance(form, FriendsScene) and form.clock is None and form.watchers
