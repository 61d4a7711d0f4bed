"""A table link brought to the running window: dropped on it, opened by the system (macOS: as a dropped
file) or handed over by a second start opens the join, as a pasted link does; any other text is ignored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.handoff import Door, hand_over
from chinese_ten.settings import Settings
from chinese_ten.ui.app import LINK_HANDED_OVER, App, _post_link
from chinese_ten.ui.scenes.friends import FriendsScene
from chinese_ten.ui.scenes.start import StartScene

LINK = "chinese-ten://127.0.0.1:47110/t/k3m9x2p7?http#" + "Qm4R" * 6


def _app(window: pygame.Surface) -> App:
    app = App(window, Settings(animation_speed="instant"), None, None, ComputerThinker(force_inline=True))
    app.open("start")
    return app


@pytest.mark.parametrize("event", [pygame.event.Event(pygame.DROPFILE, file=LINK, window_id=0),
                                   pygame.event.Event(pygame.DROPTEXT, text=LINK + "\n", window_id=0)])
def test_a_link_dropped_or_opened_by_the_system_opens_the_join(window: pygame.Surface, event: Any) -> None:
    app = _app(window)
    app.frame(1 / 60, [event])
    friends = app.top()
    assert isinstance(friends, FriendsScene) and friends.link.text == LINK  # no name remembered: asked first
    assert friends.name.focused  # the name is typed at once, without a click first


def test_a_link_handed_over_by_a_second_start_arrives_through_the_window_events(window: pygame.Surface,
                                                                               tmp_path: Path) -> None:
    app = _app(window)
    pygame.event.clear()
    door = Door(tmp_path, _post_link)  # as run_game opens it
    try:
        assert hand_over(tmp_path, LINK)  # the door posted the link before it answered
    finally:
        door.close()
    app.frame(1 / 60)
    friends = app.top()
    assert isinstance(friends, FriendsScene) and friends.link.text == LINK


@pytest.mark.parametrize("event", [pygame.event.Event(pygame.DROPFILE, file="/home/ann/deal.json", window_id=0),
                                   pygame.event.Event(pygame.DROPTEXT, text="hello", window_id=0),
                                   pygame.event.Event(LINK_HANDED_OVER, text="chinese-ten://x/t/k3m9x2p7")])
def test_anything_else_dropped_changes_nothing(window: pygame.Surface, event: Any) -> None:
    app = _app(window)
    app.frame(1 / 60, [event])
    assert isinstance(app.top(), StartScene) and len(app.scenes) == 1


def test_a_link_arriving_during_a_match_keeps_the_match_first(make_table: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app, _ctl, _scene = make_table(2)
    saved: list[bool] = []
    monkeypatch.setattr(app.keeper, "save", lambda: saved.append(True))
    app.frame(1 / 60, [pygame.event.Event(pygame.DROPFILE, file=LINK, window_id=0)])
    assert saved == [True]
    assert isinstance(app.top(), FriendsScene) and app.table() is None


def test_a_demo_ignores_what_is_dropped_on_it(make_table: Any) -> None:
    app, _ctl, scene = make_table(2)
    app.demo = object()  # type: ignore[assignment]
    app.frame(1 / 60, [pygame.event.Event(pygame.DROPFILE, file=LINK, window_id=0)])
    assert app.top() is scene
