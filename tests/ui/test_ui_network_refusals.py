"""A server's refusal is told in the window's language from its code, once (never the server's English words);
a server out of reach for several tries is said to be so, plainly, while the window keeps trying."""

from __future__ import annotations

from typing import Any

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.i18n import use_language
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App


class FakeClient:
    """A table client that hands out the frames it is given."""

    url = "ws://127.0.0.1:1/ws"
    table = token = None
    game = "ten"

    def __init__(self, frames: list[dict[str, Any]]) -> None:
        self.frames = frames
        self.closed = False

    def poll(self) -> list[dict[str, Any]]:
        out, self.frames = self.frames, []
        return out

    def close(self, wait: float = 0.0) -> None:
        self.closed = True


ENGLISH = "That claim has been used already."


def test_a_refused_link_is_told_once_in_the_windows_language(window) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.lobby import CLOSE_WORDS, LobbyScene

    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    try:
        use_language("zh-Hans")
        lobby = LobbyScene(app, FakeClient([{"type": "error", "code": "claimed", "message": ENGLISH},
                                            {"type": "connection", "status": "closed", "code": 4003}]))
        app.replace(lobby)
        app.frame(1 / 60, [])
        from chinese_ten.i18n import _

        assert lobby.failed == _(CLOSE_WORDS[4003]) and lobby.failed != CLOSE_WORDS[4003]
        assert lobby.message == ""  # not said a second time, nor in the server's English
    finally:
        use_language("en")


def test_a_refusal_at_the_table_is_the_codes_words_in_the_windows_language() -> None:
    from chinese_ten.ui.table.remote import REFUSALS, refusal_text

    try:
        use_language("zh-Hant")
        for code, words in REFUSALS.items():
            assert refusal_text(code) != words, f"{code} is not translated"
        assert refusal_text("something-new") != "The table refused that."
    finally:
        use_language("en")
    assert "try it again" in refusal_text("unavailable")


def test_a_lobby_whose_server_is_out_of_reach_says_so_plainly(window) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.ui.scenes.lobby import LobbyScene

    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    client = FakeClient([{"type": "connection", "status": "lost", "code": None, "tries": 3, "unreachable": True}])
    lobby = LobbyScene(app, client)
    app.replace(lobby)
    app.frame(1 / 60, [])
    assert "the host's game may be closed" in lobby.message
    lobby.act("back")  # Leave still works
    assert client.closed


def test_a_table_whose_server_is_out_of_reach_says_so_and_says_so_no_more_once_back(window) -> None:  # type: ignore[no-untyped-def]
    from chinese_ten.engine.match import MatchLength
    from chinese_ten.engine.session import SeatKind, TableSession
    from chinese_ten.games import game_named
    from chinese_ten.net.follower import RemoteFollower
    from chinese_ten.ui.table.remote import LOST_TEXT, UNREACHABLE_TEXT, RemoteTableScene

    from remotekit import ScriptedSeat

    session = TableSession(game_named("ten"), [SeatKind.person(), SeatKind.remote()], MatchLength.fixed(1), seed=3)
    seat = ScriptedSeat(session, 0, assists=False)
    follower = RemoteFollower(seat, seat.poll())
    app = App(window, Settings(), None, None, ComputerThinker(force_inline=True))
    scene = RemoteTableScene(app, follower)
    app.replace(scene)
    said: list[str] = []
    scene.painter.message = lambda surface, geom, text, colour: said.append(text)  # type: ignore[method-assign]
    for tries, expected in ((1, LOST_TEXT), (3, UNREACHABLE_TEXT)):
        follower._take([{"type": "connection", "status": "lost", "code": None, "tries": tries,
                         "unreachable": tries >= 3}])
        app.frame(1 / 60, [])
        assert said[-1] == expected
    follower._take([{"type": "connection", "status": "open", "code": None}])
    said.clear()
    app.frame(1 / 60, [])
    assert not said and not follower.unreachable
