"""A network seat's chat survives coming back: ``welcome``'s last chat lines are shown after taking the seat
again and after the server restarts, each line once; and a refusal reaches the window as its code."""

from __future__ import annotations

from pathlib import Path

from chinese_ten.net.client import TableClient
from chinese_ten.net.follower import ChatLine, RemoteFollower
from chinese_ten.net.background import BackgroundServer
from tests.net.netkit import ServerThread, free_port, wait_for


def _texts(follower: RemoteFollower) -> list[str]:
    return [line.text for line in follower.chat]


def _read_until(client: TableClient, follower: RemoteFollower, kind: str, **match: object) -> None:
    """Hand the follower every frame until one of ``kind`` (with ``match``'s values) has been taken in."""
    seen: list[dict[str, object]] = []
    wait_for(client, kind, where=lambda f: all(f.get(k) == v for k, v in match.items()), seen=seen)
    follower._take(seen)  # type: ignore[arg-type]


def test_chat_is_shown_again_after_taking_the_seat_back_and_after_a_restart_each_line_once(tmp_path: Path) -> None:
    port = free_port()
    server = BackgroundServer(tmp_path, host="127.0.0.1", port=port, pool=False)
    host = TableClient.create(server.url, "Ann", seats=2, computers={1: "easy"})
    clients = [host]
    try:
        wait_for(host, "welcome")
        follower = RemoteFollower(host)
        for text in ("hello", "nice take"):
            host.chat(text)
            _read_until(host, follower, "chat", text=text)
        assert _texts(follower) == ["hello", "nice take"]
        table, token = host.table, host.token
        assert table is not None and token is not None
        host.close()

        # "Take my seat": a new window comes back with the token and shows the chat said before
        again = TableClient.rejoin(server.url, table, token)
        clients.append(again)
        frames = [wait_for(again, "welcome")]
        back = RemoteFollower(again, frames)
        assert _texts(back) == ["hello", "nice take"]

        # the server restarts: the same window is welcomed again and shows no line twice
        server.stop()
        server = BackgroundServer(tmp_path, host="127.0.0.1", port=port, pool=False)
        _read_until(again, back, "welcome")
        assert _texts(back) == ["hello", "nice take"]
        again.chat("back again")
        _read_until(again, back, "chat", text="back again")
        assert _texts(back) == ["hello", "nice take", "back again"]
    finally:
        for c in clients:
            c.close()
        server.stop()


def test_welcome_lines_said_while_away_join_those_shown_in_order() -> None:
    class Silent:
        game, seat = "ten", 0

        def poll(self) -> list[dict[str, object]]:
            return []

        def updates(self, frame: object) -> list[object]:
            return []

        def act(self, action: str) -> str:
            return "a1"

        def next_deal(self) -> None:
            pass

    lines = [{"seat": 0, "name": "Ann", "text": "one", "at": 10.0}, {"seat": 1, "name": "Bo", "text": "two", "at": 11.0}]
    follower = RemoteFollower(Silent(), [{"type": "welcome", "table": "t", "seat": 0, "seats": [], "chat": lines[:1],
                                          "chat_on": True}])  # type: ignore[arg-type]
    follower._take([{"type": "welcome", "table": "t", "seat": 0, "seats": [], "chat": lines, "chat_on": True}])
    assert list(follower.chat) == [ChatLine(0, "Ann", "one", 10.0), ChatLine(1, "Bo", "two", 11.0)]
    assert follower.chat_on
    follower._take([{"type": "welcome", "table": "t", "seat": 0, "seats": [], "chat": [], "chat_on": True}])
    assert follower.chat_on and len(follower.chat) == 2  # an empty list is no "chat off"


def test_a_refusal_reaches_the_window_as_its_code_and_an_unavailable_move_may_be_made_again(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, pool=False)
    host = TableClient.create(server.url, "Ann", seats=2, computers={1: "easy"})
    try:
        seen: list[dict[str, object]] = []
        wait_for(host, "welcome", seen=seen)
        follower = RemoteFollower(host, seen)  # type: ignore[arg-type]
        follower._waiting = True  # a move on its way, answered "unavailable" (the server could not keep it)
        follower._take([{"type": "error", "id": "a1", "code": "unavailable", "message": "The server could not keep it."}])
        assert follower.news.refused == ["unavailable"]
        assert not follower._waiting  # the person may make the move again
        host.act("play nothing-at-all")
        _read_until(host, follower, "error")
        assert follower.news.refused[-1] in ("bad-message", "illegal", "not-your-turn")
    finally:
        host.close()
        server.stop()
