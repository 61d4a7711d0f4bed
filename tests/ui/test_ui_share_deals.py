"""Share in the window: a network deal's count, its review and its History entry copy the deal's ``/d/TABLE/N``
link to the clipboard and say so, and the link is the server's page of that very deal; a deal played in this window
offers no Share. Loopback only."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pygame
import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.matchstore import open_store
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.hosting import Hosting
from chinese_ten.ui.keeper import Keeper
from chinese_ten.ui.open_tables import OpenTables, base_of
from chinese_ten.ui.scenes.count import CountScene
from chinese_ten.ui.scenes.history import HistoryScene
from chinese_ten.ui.scenes.match import MatchScene
from chinese_ten.ui.scenes.review import ReviewScene
from chinese_ten.ui.scenes.tables import TablesScene
from chinese_ten.ui.table.remote import RemoteTableScene

from test_ui_friends import _host, play_person, pump
from uiharness import key_event


@pytest.fixture
def copied(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What reaches the clipboard."""
    out: list[str] = []
    monkeypatch.setattr(pygame.scrap, "put_text", lambda text: out.append(text))
    monkeypatch.setattr(pygame.scrap, "get_init", lambda: True)
    return out


def test_a_network_deals_count_review_and_history_entry_copy_its_deal_link(window: pygame.Surface, tmp_path: Path,
                                                                          copied: list[str]) -> None:
    app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True),
              keeper=Keeper(open_store(tmp_path)))
    app.hosting = Hosting(tmp_path, bind="127.0.0.1", port=0)
    app.open_tables = OpenTables(tmp_path)
    try:
        _host(app, 2, ["normal"])
        assert pump([app], lambda: isinstance(app.top(), (RemoteTableScene, CountScene)))
        assert pump([app], lambda: isinstance(app.top(), CountScene), act=play_person)
        count = app.top()
        assert isinstance(count, CountScene)
        table: Any = count.table
        link = f"{base_of(table.client.url)}/d/{table.follower.table}/1"
        share = next(b for b in count.buttons if b.action == "share")
        count._press(share)
        assert copied == [link] and link in app.banner_text and "copied" in app.banner_text
        app.frame(1 / 30, [])
        with urllib.request.urlopen(link + ".json", timeout=10) as answer:  # the server's own record of this deal
            assert json.loads(answer.read()) == table.follower.record
        count.review()
        review = app.top()
        assert isinstance(review, ReviewScene) and review.shared_link() == link
        review.press("share")
        assert copied[-1] == link and link in app.banner_text
        review.back()
        app.frame(1 / 30, [key_event(pygame.K_RETURN)])
        assert pump([app], lambda: isinstance(app.top(), MatchScene))
        result = app.top()
        assert isinstance(result, MatchScene) and [b.action for b in result.buttons] == ["again", "new", "tables"]
        result.act("tables")
        tables = app.top()
        assert isinstance(tables, TablesScene)  # the table just played, apart as finished
        assert [(t.table, t.finished) for t in tables.tables] == [(table.follower.table, True)]
        app.keeper.last_deal()  # the saves asked for are written
        app.show("history")
        history = app.top()
        assert isinstance(history, HistoryScene)
        app.frame(1 / 30, [])
        assert history.buttons[-1].enabled and history.shared_link() == link
        app.banner_text = ""
        app.frame(1 / 30, [key_event(pygame.K_s)])
        assert copied[-1] == link and link in app.banner_text
        history.review()
        kept_review = app.top()
        assert isinstance(kept_review, ReviewScene) and kept_review.share_button in kept_review.buttons()
    finally:
        app.show("start")
        app.hosting.stop()
        app.keeper.close()


def test_a_deal_played_in_this_window_offers_no_share(window: pygame.Surface, tmp_path: Path) -> None:
    from uiharness import play_until

    app = App(window, Settings(animation_speed="instant", computers=1), None, None,
              ComputerThinker(force_inline=True), keeper=Keeper(open_store(tmp_path)))
    try:
        app.new_match()
        assert play_until(app, lambda: isinstance(app.top(), CountScene))
        count = app.top()
        assert isinstance(count, CountScene) and all(b.action != "share" for b in count.buttons)
        count.review()
        review = app.top()
        assert isinstance(review, ReviewScene) and review.share_button not in review.buttons()
    finally:
        app.keeper.close()
