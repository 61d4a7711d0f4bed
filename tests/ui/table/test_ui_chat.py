"""The chat at a network table in the window: lines wrapped whole, not cut."""

from __future__ import annotations

import pygame

from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.games import game_named
from chinese_ten.net.follower import ChatLine, RemoteFollower
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App

from remotekit import ScriptedSeat

LONG = "this is a much longer remark than one row holds"


def chat_table(window: pygame.Surface, said: list[ChatLine]):  # type: ignore[no-untyped-def]
    """A network table with ``said`` in its chat, drawn once."""
    from chinese_ten.ui.table.remote import RemoteTableScene

    session = TableSession(game_named("ten"), [SeatKind.person(), SeatKind.remote()], MatchLength.fixed(1), seed=3)
    seat = ScriptedSeat(session, 0, assists=False)
    follower = RemoteFollower(seat, seat.poll())
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    scene = RemoteTableScene(app, follower)
    app.replace(scene)
    follower.chat.extend(said)
    app.frame(1 / 60, [])
    return scene


def test_a_chat_line_longer_than_the_panel_is_wrapped_whole_under_its_speaker(window: pygame.Surface) -> None:
    for said in ("hello from the browser", LONG):
        scene = chat_table(window, [ChatLine(1, "Bo", said)])
        chat = scene.chat
        rows = chat.rows(scene.geom())
        size = scene.geom().font(18)
        pad = max(6, round(10 * scene.geom().unit))
        assert len(rows) >= 2, "the line takes more than the row its speaker begins"
        assert " ".join(r.text for r in rows) == said
        assert [r.name for r in rows if r.name] == ["Bo (guest 1):"] and rows[0].name
        for row in rows:
            assert row.indent + scene.app.kit.text.width(row.text, size) <= chat.rect.width - 2 * pad, row


def test_the_newest_line_too_long_for_the_room_shows_its_start_and_an_ellipsis(window: pygame.Surface) -> None:
    scene = chat_table(window, [ChatLine(1, "Bo", "older"), ChatLine(1, "Bo", " ".join([LONG] * 6))])
    rows = scene.chat.rows(scene.geom())
    assert len(rows) == scene.chat.room(scene.geom())
    assert rows[0].name == "Bo (guest 1):" and rows[0].text.startswith("this is")
    assert rows[-1].text.endswith("…") and all(r.text != "older" for r in rows)
