"""The chat at a network table in the window: lines wrapped whole, not cut."""

from __future__ import annotations

import pygame

from chinese_ten.engine.session import SeatKind
from chinese_ten.net.follower import ChatLine

from remotekit import remote_table

LONG = "this is a much longer remark than one row holds"


def chat_table(window: pygame.Surface, said: list[ChatLine]):  # type: ignore[no-untyped-def]
    """A network table with ``said`` in its chat, drawn once."""
    scene = remote_table(window, [SeatKind.person(), SeatKind.remote()], 0)
    scene.follower.chat.extend(said)
    scene.app.frame(1 / 60, [])
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
