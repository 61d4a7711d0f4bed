"""A seat at a network table as the window's live table follows it (the :class:`Followed` protocol).

:class:`RemoteFollower` reads a :class:`~chinese_ten.net.client.TableClient`'s frames and turns them into
what the table reads of a local session: numbered :class:`~chinese_ten.engine.session.Update` values,
the seat's view (rebuilt by :mod:`chinese_ten.net.seatviews` from what the seat was told), the match's
totals and the finished deal (from ``deal_over``'s whole record). The server moves the computers and
the other people; the follower only holds their moves back until the table has shown the last one, so
a network table is paced as a local one is: its own moves and the rules' steps after them come at once,
every other seat's move when the table asks for the next one (:meth:`advance`).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from chinese_ten.cards import Card
from chinese_ten.engine.match import Match, MatchLength
from chinese_ten.engine.session import Update
from chinese_ten.games import game_named
from chinese_ten.net.client import timed_out
from chinese_ten.net.seatviews import view_of

_log = logging.getLogger("chinese_ten.net")

CHAT_KEPT = 200
"""How many chat lines a table keeps to show."""


class FrameSource(Protocol):
    """What the follower reads of a table client (a :class:`~chinese_ten.net.client.TableClient`)."""

    game: str
    seat: int | None

    def poll(self) -> list[dict[str, Any]]:
        """Every frame waiting now."""
        ...

    def updates(self, frame: Mapping[str, Any]) -> list[Update]:
        """The updates a frame carries."""
        ...

    def act(self, action: str) -> str:
        """Send a decision."""
        ...

    def next_deal(self) -> None:
        """Say the seat is ready for the next deal."""
        ...


@dataclass(frozen=True)
class ChatLine:
    """One chat line as the table shows it; ``at`` is when the server kept it (seconds since the epoch), None
    from a server that does not say."""

    seat: int
    name: str
    text: str
    at: float | None = None

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> ChatLine:
        """The line a ``chat`` frame or an entry of ``welcome``'s ``chat`` list describes."""
        at = data.get("at")
        return cls(int(data.get("seat", 0)), str(data.get("name", "")), str(data.get("text", "")),
                   float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) else None)


@dataclass
class _Unfinished:
    """The deal while it is played: the follower holds none of it (only its end says so)."""

    is_over: bool = False


@dataclass(frozen=True)
class RanOut:
    """A seat's turn clock ran out and a computer made its decision: the card it played (None for a decision that
    played none, such as a capture's choice)."""

    seat: int
    card: Card | None


def played_card(events: Any, seat: int) -> Card | None:
    """The card ``seat`` played among ``events`` (each game tells a card from a hand as its ``Played`` event); None
    when it played none."""
    for event in events:
        if type(event).__name__ == "Played" and getattr(event, "seat", None) == seat:
            card = getattr(event, "card", None)
            return card if isinstance(card, Card) else None
    return None


@dataclass
class _Held:
    update: Update
    state: dict[str, Any] | None
    over: dict[str, Any] | None = None
    ends: bool = False
    timed_out: list[int] = field(default_factory=list)
    """The seats whose turn clock ran out just before this update's move (a computer made it)."""


@dataclass
class TableNews:
    """What came to the table besides its moves, for the screen to show (taken with :meth:`RemoteFollower.news`)."""

    refused: list[str] = field(default_factory=list)
    """The ``code`` of each refusal the server sent this seat (NETWORK.md), for the window to tell in its own
    language."""
    timed_out: list[RanOut] = field(default_factory=list)
    """Each seat whose turn clock ran out, with the card a computer played for it, as that move is shown."""


class RemoteFollower:
    """One seat at a network table, followed through its client's frames."""

    def __init__(self, client: FrameSource, frames: list[dict[str, Any]] | None = None) -> None:
        """Follow ``client``'s seat; ``frames`` are those it already received (read by the lobby), the
        ``welcome`` among them."""
        self.client = client
        self.game = game_named(client.game)
        self.seat: int = client.seat or 0
        self.watching = bool(getattr(client, "watching", False))
        """True when the table is watched from no seat: it is drawn from seat 0's side, whose hand is as hidden as
        every other, and nothing is sent (no move, no Next)."""
        self.table: str | None = None
        """The table's id, as the ``welcome`` names it."""
        self.seats_list: list[dict[str, Any]] = []
        """The server's seat list (``welcome``/``presence``): label, name, kind, online."""
        self.chat_on = True
        self._assists = True
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_KEPT)
        self.connection = "open"
        """``open``, ``lost`` (connecting again) or ``closed`` (for good)."""
        self.unreachable = False
        """True while the client, connecting again, has found no server for several tries in a row."""
        self.closed_code: int | None = None
        self.news = TableNews()
        self.on_change: Callable[[str], None] | None = None
        self.practice = False
        self.taken_back = False
        self.generation = 0
        self.deal_number = 0
        self.deal_recorded = False
        self.deal: Any = _Unfinished()
        self.actions: list[list[str]] = [[]]
        self.match: Any = None
        self.streams: Any = None
        self.places: list[int] | None = None
        """Each seat's place once the match is over (a shared place for a tie)."""
        self.matches_before = 0
        """How many matches the table played before this one, as far as this follower saw them end (a finished
        deal's number at the table counts them: :attr:`table_deal`)."""
        self.totals: list[Any] = []
        """The server's match totals, as last told."""
        self._updates: list[Update] = []
        self._held: deque[_Held] = deque()
        self._state: dict[str, Any] | None = None
        self._story: list[Any] = []
        self._over: dict[str, Any] | None = None
        self._number: int | None = None
        """The finished deal's number, from its record."""
        self.record: dict[str, Any] | None = None
        """The finished deal's whole record as the server told it (with its ``result``), once it is shown over."""
        self._waiting = False
        self._changes = 0
        self._take(list(frames or []))

    # ------------------------------------------------------------------ the protocol

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        if self._state is not None:
            return int(self._state["seats"])
        return len(self.seats_list)

    @property
    def started(self) -> bool:
        """True once a deal has been dealt to this seat."""
        return self._state is not None and bool(self._updates)

    @property
    def position(self) -> tuple[object, ...]:
        """Changes whenever what the seat may know (as shown) changes."""
        return ("remote", self._changes)

    @property
    def shuffle_number(self) -> int | None:
        """The finished deal's number, as its record tells it; None while it is played (a deal's number
        deals every hand, so the server tells it only in ``deal_over``)."""
        return self._number if self.deal.is_over else None

    @property
    def table_deal(self) -> int | None:
        """The finished deal's number at its table, counted from 1 across the table's matches (its ``/d/TABLE/N``
        link's N); None while it is played."""
        if not self.deal.is_over or not self.deal_recorded or self.match is None or not self.deal_number:
            return None
        return self.matches_before * int(self.match.total_deals) + self.deal_number

    @property
    def assists(self) -> bool:
        """The server's word: hints and take-backs only with no other person at the table."""
        return self._assists

    @property
    def to_act(self) -> int | None:
        """The seat whose move is held back for the table to show next."""
        return self._held[0].update.seat if self._held and self._held[0].update.kind == "moved" else None

    @property
    def behind(self) -> int:
        """How many of the other seats' moves have come and wait to be shown (the one shown next among them)."""
        return sum(1 for h in self._held if h.update.kind == "moved" and h.update.seat not in (None, self.seat))

    @property
    def to_show(self) -> bool:
        """True when a move that came is held only for the table to show it (not for more from the server)."""
        if not self._held:
            return False
        return not (self._held[0].ends and self._over is None)

    @property
    def clock_told(self) -> Any:
        """The turn clock as the state shown last told it (``seat``, ``seconds``, ``left``), None when none runs."""
        return (self._state or {}).get("clock")

    @property
    def thinking(self) -> bool:
        """True while the state shown says a computer is deciding the move due (the server's ``state.thinking``)."""
        return self._state is not None and self._state.get("thinking") is not None

    def observe(self, seat: int) -> Any:
        """This seat's view as shown so far; ``ValueError`` for any other seat (nothing else is known here)."""
        if seat != self.seat or self._state is None:
            raise ValueError(f"only seat {self.seat}'s view is known here")
        return view_of(self.game.name, self._state, self._story, waiting=self._waiting)

    def updates(self, seat: int, since: int = 0) -> list[Update]:
        """The updates shown to this seat from number ``since`` on."""
        if seat != self.seat:
            raise ValueError(f"only seat {self.seat} is followed here")
        return self._updates[max(0, since):]

    def receive(self) -> bool:
        """Take in the frames that arrived; True when new updates may be followed."""
        frames = self.client.poll()
        before = len(self._updates)
        if frames:
            self._take(frames)
        return len(self._updates) != before

    def submit(self, seat: int, action: Any) -> list[Any]:
        """Send the person's decision; the table shows it when the server applies it."""
        if seat != self.seat or self.watching:
            raise ValueError(f"seat {seat} is not this table's")
        self.client.act(str(action))
        self._waiting = True
        self._changes += 1
        return []

    def advance(self, decisions: int | None = None) -> bool:
        """Let the next held move (another seat's) be shown, with the rules' steps that follow it."""
        if decisions == 0 or not self._held:
            return False
        self._release(force=1)
        return True

    def prepare(self) -> None:
        """Nothing to prepare: the server's computers think there."""

    def record_deal(self) -> None:
        """Add the finished deal to the match (once)."""
        if isinstance(self.deal, _Unfinished):
            return
        if self.deal.is_over and not self.deal_recorded and self.match is not None:
            self.match.finish_deal(self.deal)
            self.deal_recorded = True
            if self.on_change is not None:
                self.on_change("deal")

    def next_deal(self) -> bool:
        """Tell the server this seat is ready for the next deal (it comes when everybody is); False at the
        match's end."""
        self.record_deal()
        if self.places is not None or (self.match is not None and self.match.is_over):
            return False
        if not self.watching:  # a watcher waits for the seats to go on
            self.client.next_deal()
        return True

    def take_back(self, seat: int) -> bool:
        """No take-backs at a network table."""
        return False

    def stop(self) -> None:
        """Nothing outstanding here."""
        self.generation += 1

    def progress(self) -> dict[str, Any]:
        """A network table's position is the server's: nothing to keep here."""
        return {}

    def resume(self, progress: dict[str, Any]) -> None:
        """A network table comes back by its token, not by a kept position."""

    # ------------------------------------------------------------------ frames

    def _take(self, frames: list[dict[str, Any]]) -> None:
        for frame in frames:
            try:
                self._frame(frame)
            except (KeyError, TypeError, ValueError) as exc:  # a frame not as the contract writes it
                _log.warning("a %s frame the table could not read: %s", frame.get("type"), exc)
        self._release()

    def _frame(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind in ("welcome", "watching"):
            self.seat = int(frame.get("seat") or self.seat)
            self.table = str(frame["table"]) if frame.get("table") else self.table
            self.seats_list = list(frame.get("seats") or [])
            told = frame.get("chat")
            self.chat_on = bool(frame.get("chat_on", told if isinstance(told, bool) else True)) and not self.watching
            if isinstance(told, list):
                self._chat_told(told)
            self._assists = bool(frame.get("assists", True))
            state = frame.get("state")
            self._held.clear()
            self._waiting = False
            for update in self.client.updates(frame):
                self._hold(update, state)
            if state is not None and not frame.get("story"):
                self._state = self._seen_from(state)
            over = frame.get("deal_over")
            if isinstance(over, dict):
                self._deal_over(over)
            ended = frame.get("match_over")
            if isinstance(ended, dict):
                self._match_over(ended)
            self._changes += 1
        elif kind == "update":
            outs = timed_out(frame)
            for update in self.client.updates(frame):
                self._hold(update, frame.get("state"))
                self._held[-1].timed_out, outs = outs, []
        elif kind == "deal_over":
            self._deal_over(frame)
        elif kind == "match_over":
            self._match_over(frame)
        elif kind == "presence":
            self.seats_list = list(frame.get("seats") or [])
            # the welcome's word, kept up to date: a seat given to a computer may leave one person
            self._assists = sum(1 for s in self.seats_list if s.get("kind") in ("human", "empty", "away")) <= 1
            self._changes += 1
        elif kind == "chat":
            self.chat.append(ChatLine.of(frame))
        elif kind == "ack":
            pass  # the update it follows has shown the move already, or is about to
        elif kind == "error":
            if frame.get("id") is not None:  # the decision was not applied (unavailable: it may be made again)
                self._waiting = False
                self._changes += 1
            self.news.refused.append(str(frame.get("code") or ""))
        elif kind == "connection":
            self.connection = str(frame.get("status", "open"))
            self.closed_code = frame.get("code")
            self.unreachable = self.connection == "lost" and bool(frame.get("unreachable"))
            self._changes += 1

    def _chat_told(self, lines: list[Any]) -> None:
        """``welcome``'s last chat lines, with those already shown kept once each and in the order they were said."""
        told = [ChatLine.of(line) for line in lines if isinstance(line, dict)]
        known = set(self.chat)
        fresh = [line for line in told if line not in known]
        if not fresh:
            return
        merged = sorted([*self.chat, *fresh], key=lambda line: line.at if line.at is not None else 0.0)
        self.chat.clear()
        self.chat.extend(merged)

    def _hold(self, update: Update, state: dict[str, Any] | None) -> None:
        ends = any(type(e).__name__ == "DealOver" for e in update.events)
        self._held.append(_Held(update, state, ends=ends))

    def _seen_from(self, state: dict[str, Any]) -> dict[str, Any]:
        """A watcher's ``state`` (``seat`` null, no hand) read as seat 0's with nothing of its own: the table is
        drawn from that side; a seat's own state as it is."""
        return {**state, "seat": self.seat, "hand": [], "legal": [], "pending": None} if self.watching else state

    def _deal_over(self, frame: dict[str, Any]) -> None:
        """The deal's whole record: the finished deal (kept with the last update, shown with it)."""
        self._over = frame
        self.totals = list(frame.get("totals") or self.totals)

    def _match_over(self, frame: dict[str, Any]) -> None:
        self.places = [int(p) for p in frame.get("places") or []]
        self.totals = list(frame.get("totals") or self.totals)

    def _release(self, force: int = 0) -> None:
        """Show the held updates the table may take at once: a deal, a rewind, this seat's own moves and the
        rules' steps after them; ``force`` more of another seat's moves. A deal's last update waits for the
        deal's record, so the count always has the whole deal."""
        for _ in range(10_000):
            if not self._held:
                return
            held = self._held[0]
            update = held.update
            own = update.kind != "moved" or update.seat is None or (update.seat == self.seat and not self.watching)
            if not own:
                if force <= 0:
                    return
                force -= 1
            if held.ends and self._over is None:
                return
            self._held.popleft()
            self._show(held)

    def _show(self, held: _Held) -> None:
        update = held.update
        if update.kind == "dealt" and self.places is not None:  # everyone played again: another match at the table
            if self.match is not None:
                self.matches_before += 1
            self.match = self.streams = self.places = None
            self.deal_number, self.actions, self.totals = 0, [[]], []
        if update.kind in ("dealt", "rewound"):
            if update.deal_number != self.deal_number:
                self.deal = _Unfinished()
                self.deal_recorded = False
                self._number = self.record = None
                if self.deal_number:
                    self.actions.append([])
                self._over = None if not held.ends else self._over
            self.deal_number = update.deal_number
            self._story = list(update.events)
        else:
            self._story.extend(update.events)
        if update.seat == self.seat:
            self._waiting = False
        self.news.timed_out.extend(RanOut(seat, played_card(update.events, seat)) for seat in held.timed_out)
        if held.state is not None:
            self._state = self._seen_from(held.state)
            self._ensure_match(held.state)
        if held.ends and self._over is not None:
            self._finish(self._over)
        self._updates.append(Update(len(self._updates), update.kind, update.deal_number, update.events, update.seat))
        self._changes += 1
        if self.on_change is not None:
            self.on_change("action")

    def _ensure_match(self, state: Mapping[str, Any]) -> None:
        if self.match is not None:
            return
        rules = self.game.rules_from_json(state.get("rules"))
        self.match = Match(self.game, int(state["seats"]), MatchLength.fixed(int(state.get("deals", 1))),
                           first_dealer=int(state.get("dealer", 0)), rules=rules)
        self.streams = self.match.streams()
        earlier = int(state.get("deal", 1)) - 1
        if earlier > 0:  # come back to a match under way: the deals before, as their totals
            totals = tuple(Fraction(t).limit_denominator(1000) for t in state.get("totals") or [0] * self.seats)
            for number in range(earlier):
                self.match.results.append(totals if number == 0 else tuple(Fraction(0) for _ in totals))
                self.match.points.append(tuple(0 for _ in totals))
                self.match.dealers.append(int(state.get("dealer", 0)))

    def _finish(self, over: Mapping[str, Any]) -> None:
        """The deal as its record tells it, whole, now that nothing in it is hidden."""
        told = over["record"]
        record = {k: v for k, v in told.items() if k != "result"}
        number = told.get("deal_number")
        self._number = number if isinstance(number, int) and not isinstance(number, bool) else None
        self.record = dict(told)
        try:
            self.deal = self.game.replay(record)
        except ValueError as exc:
            _log.warning("the deal's record could not be replayed: %s", exc)
            self.deal = _Unfinished(True)
