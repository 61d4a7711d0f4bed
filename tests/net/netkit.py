"""Helpers for the network tests: a table server on a thread of its own, scripted players, and the
check that no frame names a card its seat could not know."""

from __future__ import annotations

import json
import random
import re
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chinese_ten.net.client import TableClient
from chinese_ten.net.background import BackgroundServer
from chinese_ten.net.tables import Table

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[A2-9JQK])[SHDC](?![A-Za-z0-9])")
SECRET_KEYS = {"token", "links"}


def cards_named(value: Any) -> set[str]:
    """Every card named anywhere in a frame's values (keys holding secrets left out)."""
    found: set[str] = set()
    if isinstance(value, str):
        found.update(CARD.findall(value))
    elif isinstance(value, dict):
        if value.get("kind") == "thrown_in":
            return found  # a dead layout of a shuffle thrown in: the deck was shuffled again, whole, since
        for key, item in value.items():
            if key not in SECRET_KEYS:
                found |= cards_named(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_named(item)
    return found


@dataclass
class LeakWatch:
    """Every frame the server sent, checked at the moment it left against what that seat could not know."""

    frames: int = 0
    leaks: list[str] = field(default_factory=list)
    seeds: set[str] = field(default_factory=set)

    def check(self, table: Table, seat: int, text: str) -> None:
        self.frames += 1
        seed = str(table.row.seed)
        self.seeds.add(seed)
        if seed in text:
            self.leaks.append(f"table {table.id} seat {seat}: the seed in {text[:120]}")
        if not table.started:
            return
        deal = table.session.deal
        hidden = {str(c) for s, hand in enumerate(deal.hands) if s != seat for c in hand}
        hidden |= {str(c) for c in deal.stock}
        named = cards_named(json.loads(text))
        if named & hidden:
            self.leaks.append(f"table {table.id} seat {seat}: {sorted(named & hidden)} in {text[:200]}")


@contextmanager
def watched(monkeypatch: Any) -> Iterator[LeakWatch]:
    """Check every frame any table sends while the block runs."""
    watch = LeakWatch()
    original = Table._deliver

    def deliver(self: Table, seat: Any, text: str) -> None:
        watch.check(self, seat.seat, text)
        original(self, seat, text)

    monkeypatch.setattr(Table, "_deliver", deliver)
    yield watch


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (the system's choice)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerThread(BackgroundServer):
    """The library's background server, on 127.0.0.1 and any free port."""

    def __init__(self, data_dir: Path, **options: Any) -> None:
        super().__init__(data_dir, host="127.0.0.1", port=0, **options)


def wait_for(client: TableClient, kind: str, timeout: float = 30.0, where: Callable[[dict[str, Any]], bool] | None = None,
             seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next frame of ``kind`` (passing ``where``), within ``timeout`` seconds; frames passed over go to ``seen``."""
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        assert left > 0, f"no {kind} frame within {timeout} s"
        frame = client.get(timeout=left)
        if frame is None:
            continue
        if seen is not None:
            seen.append(frame)
        if frame.get("type") == kind and (where is None or where(frame)):
            return frame


class Player:
    """A scripted person: plays a random legal action whenever its latest state offers some, says ``next``
    after every deal, and keeps every frame it received."""

    def __init__(self, client: TableClient, seed: int, act: bool = True, auto_next: bool = True) -> None:
        self.client = client
        self.rng = random.Random(seed)
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.waiting = False
        self.done = False
        self.errors: list[dict[str, Any]] = []
        self.acting = act
        self.auto_next = auto_next
        self.deals = 0
        self.pace = 0.06
        """Seconds between two actions: a person's pace, well inside the server's 20 messages a second."""
        self._next_send = 0.0

    def step(self) -> bool:
        """Read what has come; act if it is this seat's move. True when anything came."""
        got = self.client.poll()
        for frame in got:
            self.frames.append(frame)
            kind = frame.get("type")
            if kind in ("welcome", "update") and frame.get("state") is not None:
                self.state = frame["state"]
                if kind == "welcome":  # a new connection: an action in flight on the old one is answered no more
                    self.waiting = False
            elif kind == "ack":
                self.waiting = False  # one action in flight at a time: the next waits for this answer, since an
                # update told before it may still show the move this seat has just made as its own to make
            elif kind == "error":
                self.errors.append(frame)
                self.waiting = False
            elif kind == "deal_over":
                self.deals += 1
                self.state = None
                if self.auto_next:
                    self.client.next_deal()
            elif kind == "match_over":
                self.done = True
            elif kind == "welcome" and frame.get("phase") == "deal_over":
                self.client.next_deal()
        now = time.monotonic()
        if self.acting and not self.waiting and self.state and self.state.get("legal") and now >= self._next_send:
            self.client.act(self.rng.choice(self.state["legal"]))
            self.waiting = True
            self._next_send = now + self.pace
        return bool(got)


def play_a_match(public: str, seeds: tuple[int, int], timeout: float = 60.0) -> list[Player]:
    """A two-seat, one-deal match of Chinese Ten opened at the server ``public`` names, its guest seated by the link
    made for it (which must be under ``public``), played to the end by scripted players (their connections closed
    after): the players, to be checked."""
    host = TableClient.create(public, "Ann", game="ten", seats=2, match="one")
    created = wait_for(host, "created", timeout=30)
    link = created["links"]["1"]
    assert link.startswith(public + "/t/")
    guest = TableClient.join(link, "Bo")
    players = [Player(host, seeds[0]), Player(guest, seeds[1])]
    try:
        play_until(players, lambda: all(p.done for p in players), timeout=timeout)
    finally:
        for player in players:
            player.client.close()
    return players


def play_until(players: list[Player], done: Callable[[], bool], timeout: float) -> None:
    """Step every player until ``done()``, within ``timeout`` seconds (and a bounded number of rounds)."""
    end = time.monotonic() + timeout
    for _ in range(1_000_000):
        if done():
            return
        assert time.monotonic() < end, "the match did not finish in time"
        if not any([p.step() for p in players]):
            time.sleep(0.002)  # nothing came: a short pause before polling again, not a wait on an outcome
    raise AssertionError("too many rounds")
