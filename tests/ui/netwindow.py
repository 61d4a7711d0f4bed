"""A window at a network table, driven whole: the real app, lobby and table scenes on the dummy video driver,
against a table server on a thread of this process (loopback), with scripted people at the other seats.

The loop waits on events, never on the clock: it runs frames while the window has something to show or
the person has something to do, and otherwise waits for the next frame any client receives (each client's
``on_frame`` sets one flag), within a bound that fails the test when nothing comes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from chinese_ten.engine.thinking import ComputerThinker
from chinese_ten.net.client import TableClient
from chinese_ten.settings import Settings
from chinese_ten.ui.app import App
from chinese_ten.ui.wake import wake_window

from tests.net.netkit import Player, ServerThread
from uiharness import key_event

QUIET_SECONDS = 8.0
"""How long the window may wait for the server's next frame before the test fails (a bound, not a pace)."""


@dataclass
class NetWindow:
    """One window at one network table, the server and the other people's scripted clients."""

    app: App
    server: ServerThread
    host: TableClient
    signal: threading.Event
    players: list[Player] = field(default_factory=list)
    counts: int = 0
    """How many counts the window has shown."""
    results: int = 0
    """How many match results the window has shown."""
    keys: int = 0

    def waker(self) -> None:
        """What a client calls on each frame: the flag this loop waits on, and the window's own wake."""
        self.signal.set()
        wake_window()

    def join(self, name: str, seat: int, seed: int) -> Player:
        """A scripted person takes ``seat`` by the link the host was given."""
        link = self.host.links[str(seat)]
        client = TableClient.join(link, name)
        client.on_frame = self.signal.set
        player = Player(client, seed)
        player.pace = 0.0
        self.players.append(player)
        return player

    def hands_disagree(self) -> str | None:
        """How the window's board differs from the server's count of each hand, once it has shown all that
        came (None when it agrees, or has more to show)."""
        table = self.app.table()
        follower = getattr(table, "follower", None)
        if table is None or follower is None or table.ctl.busy or follower.to_show or follower._state is None:
            return None
        shown = [len(h) for h in table.ctl.board.hands]
        told = list(follower._state.get("hand_sizes") or [])
        return None if shown == told else f"the board holds {shown} cards, the server says {told}"

    def run(self, done: Callable[[], bool], *, frames: int = 60_000, play: bool = True,
            check: Callable[[], str | None] | None = None) -> None:
        """Run the window (and the scripted people) until ``done()``: the person plays the first card of
        the hand, takes the first choice and moves on from every count, as :func:`uiharness.play_until`
        does, when ``play``. Fails when nothing comes for :data:`QUIET_SECONDS` or after ``frames`` frames."""
        from chinese_ten.ui.scenes.choice import ChoiceScene
        from chinese_ten.ui.scenes.count import CountScene
        from chinese_ten.ui.scenes.match import MatchScene
        from chinese_ten.ui.table.live import TableScene

        counted: set[int] = set()
        for _ in range(frames):
            if done():
                return
            self.signal.clear()
            moved = any([p.step() for p in self.players])
            top = self.app.top()
            table = self.app.table()
            events: list[pygame.event.Event] = []
            self._tally(counted)
            if play and isinstance(top, (ChoiceScene, CountScene)):
                events.append(key_event(pygame.K_RETURN))
            elif play and isinstance(top, TableScene) and table is not None and table.ctl.person_to_play:
                events.append(key_event(pygame.K_1))
            self.keys += len(events)
            events.extend(pygame.event.get())
            self.app.frame(1 / 60, events)
            self._tally(counted)
            wrong = check() if check is not None else None
            assert wrong is None, wrong
            if done():
                return
            if events or moved or self.app.wants_frames():
                continue
            top = self.app.top()
            if play and isinstance(top, (ChoiceScene, CountScene, MatchScene)) or (
                    play and table is not None and table.ctl.person_to_play):
                continue
            if any(p.client.frames.qsize() for p in self.players) or self.host.frames.qsize():
                continue
            assert self.signal.wait(QUIET_SECONDS), f"nothing came from the server for {QUIET_SECONDS} s: {self.where()}"
        raise AssertionError(f"not done within {frames} frames")

    def where(self) -> str:
        """What the window and the scripted people are at, for a failure's message."""
        table = self.app.table()
        ctl = getattr(table, "ctl", None)
        shown = "" if ctl is None else (f"to play {ctl.person_to_play}, busy {ctl.busy}, offer {ctl.offer}, "
                                        f"view to move {ctl.rules_ui.to_move(ctl.view)}")
        people = [(p.state or {}).get("legal") for p in self.players]
        f = getattr(table, "follower", None)
        if f is not None:
            shown += (f"; waiting {f._waiting}, held {[(h.update.kind, h.update.seat) for h in f._held]}, "
                      f"refused {f.news.refused}, state to_move {(f._state or {}).get('to_move')}, "
                      f"legal {(f._state or {}).get('legal')}, pending {(f._state or {}).get('pending')}")
        return f"top {type(self.app.top()).__name__}; {shown}; the others' legal actions {people}"

    def _tally(self, counted: set[int]) -> None:
        """Count each count and match result the window opens (once each)."""
        from chinese_ten.ui.scenes.count import CountScene
        from chinese_ten.ui.scenes.match import MatchScene

        top = self.app.top()
        if isinstance(top, (CountScene, MatchScene)) and id(top) not in counted:
            counted.add(id(top))
            if isinstance(top, CountScene):
                self.counts += 1
            else:
                self.results += 1

    def close(self) -> None:
        """Every client and the server, stopped."""
        for p in self.players:
            p.client.close(wait=5.0)
        self.host.close(wait=5.0)
        self.server.stop()


@contextmanager
def hosted(window: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, game: str, seats: int,
           computers: dict[int, str] | None = None, match: str = "one", name: str = "Ann",
           speed: str = "fast", **settings: Any) -> Iterator[NetWindow]:
    """A window hosting a ``game`` table of ``seats`` on a loopback server (``computers`` at some seats), in
    its lobby; the other seats wait for :meth:`NetWindow.join`."""
    from chinese_ten.ui.scenes.lobby import LobbyScene

    monkeypatch.setenv("CHINESE_TEN_DATA_DIR", str(tmp_path / "data"))
    server = ServerThread(tmp_path / "server", pool=False)
    signal = threading.Event()
    app = App(window, Settings(animation_speed=speed, **settings), None, None, ComputerThinker(force_inline=True))
    host = TableClient.create(server.url, name, game=game, seats=seats, match=match, computers=computers or {})
    net = NetWindow(app, server, host, signal)
    for module in ("chinese_ten.ui.table.remote", "chinese_ten.ui.scenes.lobby"):
        monkeypatch.setattr(f"{module}.wake_window", net.waker)
    app.replace(LobbyScene(app, host, host=True, title=name))
    try:
        net.run(lambda: bool(host.links) or seats == 1 + len(computers or {}), play=False, frames=5_000)
        yield net
    finally:
        net.close()
