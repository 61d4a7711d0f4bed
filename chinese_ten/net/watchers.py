"""Watchers of a table (NETWORK.md, "Watching and sharing a deal"): their connections, and what they are told.

A watcher sits at no seat, so it is told what every seat may know and nothing more. Its ``state`` is a
seat's ``state`` with everything of that seat's own left out (:func:`watcher_state`, a list of the fields
every seat shares), and its events are those every seat was told alike (:func:`shared_events`): a card that
any one seat was told as a back (another hand as dealt, another seat's draw) is a back to a watcher too.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from chinese_ten.net import protocol as p

WATCHERS_MAX = 50
"""How many may watch one table at once."""

SHARED_FIELDS: tuple[str, ...] = ("game", "seats", "deal", "deals", "rules", "dealer", "turn", "to_move",
                                  "hand_sizes", "layout", "stock_left", "pile_sizes", "points", "totals", "clock")
"""The fields of a seat's ``state`` that every seat is told alike, and so a watcher too."""


class WatchOutlet(Protocol):
    """A watcher's connection, as a table sees it."""

    def push(self, text: str) -> None:
        """Send one frame (already JSON) without waiting."""
        ...

    def close(self, code: int, reason: str = "") -> None:
        """Close the connection with ``code``."""
        ...


def watcher_state(seat_state: dict[str, Any] | None) -> dict[str, Any] | None:
    """A watcher's ``state`` made from any seat's: the shared fields only, ``seat`` null, no hand, nothing to
    decide (None while the table has no deal).

    >>> watcher_state({"seat": 1, "hand": ["7D"], "layout": ["3H"], "legal": ["play 7D"], "secret": 1})
    {'layout': ['3H'], 'seat': None, 'hand': [], 'pending': None, 'legal': []}
    """
    if seat_state is None:
        return None
    state = {key: seat_state[key] for key in SHARED_FIELDS if key in seat_state}
    state.update(seat=None, hand=[], pending=None, legal=[])
    return state


def shared_value(told: Sequence[Any]) -> Any:
    """The part of one value that every seat was told alike (each seat's telling of it in ``told``): equal values
    as they are; lists of one length and objects of the same keys part by part; anything else None (a back).

    >>> shared_value([{"card": "7D", "seat": 0}, {"card": None, "seat": 0}])
    {'card': None, 'seat': 0}
    >>> shared_value([[["7D", "8C"], [None, None]], [[None, None], ["KS", "2H"]]])
    [[None, None], [None, None]]
    """
    first = told[0]
    if all(value == first for value in told[1:]):
        return first
    if isinstance(first, list) and all(isinstance(v, list) and len(v) == len(first) for v in told):
        return [shared_value([v[i] for v in told]) for i in range(len(first))]
    if isinstance(first, dict) and all(isinstance(v, dict) and v.keys() == first.keys() for v in told):
        return {key: shared_value([v[key] for v in told]) for key in first}
    return None


def shared_events(per_seat: Sequence[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The events of one step as a watcher is told them, from every seat's telling of them (as JSON, one list a
    seat, in the same order: a game tells each seat every event, with what that seat may not know hidden).
    ``ValueError`` when the seats were told different steps."""
    if not per_seat:
        return []
    count = len(per_seat[0])
    if any(len(events) != count for events in per_seat):
        raise ValueError("the seats were told different numbers of events")
    out = []
    for told in zip(*per_seat, strict=True):
        if any(event.get("kind") != told[0].get("kind") for event in told):
            raise ValueError("the seats were told different events")
        out.append(shared_value(list(told)))
    return out


def watch_link(base: str, table: str) -> str:
    """The link that watches a table in a browser: ``BASE/w/TABLE`` (``created``'s ``watch``).

    >>> watch_link("http://127.0.0.1:47110/", "k3m9x2p7")
    'http://127.0.0.1:47110/w/k3m9x2p7'
    """
    return f"{base.rstrip('/')}/w/{table}"


def watcher_refusal(msg: p.Message) -> tuple[str, str]:
    """The ``error`` code and sentence that answer a watcher's message: a watcher reads, and sends nothing."""
    if isinstance(msg, p.Chat):
        return "chat-off", "Watchers read the chat but do not write in it."
    if isinstance(msg, (p.Fill, p.WatchersOn)):
        return "not-host", "Only the host can do that, and a watcher sits at no seat."
    if isinstance(msg, (p.Act, p.Next, p.Again)):
        return "not-your-turn", "You are watching this table: only its seats play."
    return "bad-message", "You are watching this table already."


class Watchers:
    """The connections watching one table, at most :data:`WATCHERS_MAX`."""

    def __init__(self) -> None:
        """No one watching yet."""
        self._outlets: list[WatchOutlet] = []

    def __len__(self) -> int:
        return len(self._outlets)

    def __iter__(self) -> Iterator[WatchOutlet]:
        return iter(list(self._outlets))

    @property
    def full(self) -> bool:
        """True when no one more may watch."""
        return len(self._outlets) >= WATCHERS_MAX

    def add(self, outlet: WatchOutlet) -> None:
        """One more watcher (the caller has checked :attr:`full`)."""
        if outlet not in self._outlets:
            self._outlets.append(outlet)

    def remove(self, outlet: WatchOutlet) -> bool:
        """A watcher has gone; False when it was not watching."""
        if outlet in self._outlets:
            self._outlets.remove(outlet)
            return True
        return False

    def push(self, text: str) -> None:
        """Send one frame to every watcher."""
        for outlet in self._outlets:
            outlet.push(text)

    def close_all(self, code: int, reason: str) -> None:
        """Close every watcher's connection with ``code`` (watching has been turned off)."""
        outlets, self._outlets = self._outlets, []
        for outlet in outlets:
            outlet.close(code, reason)
