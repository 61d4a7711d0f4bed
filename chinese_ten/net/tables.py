"""One table's match and its seats, as NETWORK.md's server keeps them, and the registry of every table.

A :class:`Table` owns one :class:`~chinese_ten.engine.session.TableSession` and answers each seat's
messages; every frame a seat receives is built from that seat's own updates and view
(:mod:`chinese_ten.net.wire`). It knows nothing of sockets: a seat's connection is an :class:`Outlet`
and time is the server's loop (:class:`Clock`), so the rules can be tested without a network.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Protocol

from chinese_ten.engine.errors import IllegalMove, InvalidAction
from chinese_ten.engine.match import MatchLength
from chinese_ten.engine.scores import result_of
from chinese_ten.engine.session import SeatKind, TableSession
from chinese_ten.games import game_named
from chinese_ten.net import protocol as p
from chinese_ten.net.clock import IN_A_ROW, TurnClock
from chinese_ten.net.links import make_link
from chinese_ten.net.store import CHAT_KEPT, ChatLine, SeatRow, StoreUnavailable, TableRow, TableStore, secret_hash
from chinese_ten.net.thinking import PooledThinker, thinking_seat
from chinese_ten.net.watchers import WATCHERS_MAX, WatchOutlet, Watchers, shared_events, watcher_state
from chinese_ten.net.wire import card_values, common_state, events_json, state_json, story, story_events

_log = logging.getLogger("chinese_ten.net")

KEPT_FRAMES = 48
"""How many of its latest numbered frames a seat's ``missed`` can be made from."""

RETRY_SECONDS = 1.0
"""How soon a table whose position could not be kept tries again to move on by itself."""

UNAVAILABLE = "The server cannot keep that just now; nothing changed. Try again in a moment."
"""The sentence of an ``unavailable`` refusal."""


def unavailable() -> Refused:
    """The refusal of a message whose outcome could not be kept (nothing changed)."""
    return Refused("unavailable", UNAVAILABLE)


class Outlet(Protocol):
    """A seat's connection, as a table sees it."""

    def push(self, text: str) -> None:
        """Send one frame (already JSON) without waiting."""
        ...

    def close(self, code: int, reason: str = "") -> None:
        """Close the connection with ``code``."""
        ...


class Handle(Protocol):
    """A call arranged for later, which can be called off."""

    def cancel(self) -> None:
        """Call it off."""
        ...


class Clock(Protocol):
    """The server's loop as a table uses it: the time, and calls arranged for later."""

    def time(self) -> float:
        """Seconds on the loop's clock."""
        ...

    def call_soon(self, callback: Callable[[], object]) -> Handle:
        """Call ``callback`` on the loop's next turn."""
        ...

    def call_later(self, delay: float, callback: Callable[[], object]) -> Handle:
        """Call ``callback`` after ``delay`` seconds."""
        ...

    def call_soon_threadsafe(self, callback: Callable[[], object]) -> Handle:
        """Call ``callback`` on the loop's next turn, asked from another thread."""
        ...


class Refused(Exception):
    """A message a table refuses: its ``error`` code and sentence, and the close code when it ends the connection."""

    def __init__(self, code: str, message: str, close: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.close = close


@dataclass
class SeatState:
    """One seat as the table keeps it while it runs."""

    seat: int
    name: str
    kind: str
    """``human``, ``computer`` or ``empty``."""
    strength: str | None = None
    token_hash: str | None = None
    claim_hash: str | None = None
    """The hash of the seat's link's claim, kept once it is spent: the claim is open while the seat is ``empty``."""
    outlet: Outlet | None = None
    away: bool = False
    stand_in: str = "normal"
    """The strength that plays the seat while its person is away."""
    frames: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=KEPT_FRAMES))
    away_timer: Handle | None = None
    away_due: bool = False
    """The seat's away clock ran out while no other person was connected: it goes away as soon as one is."""
    timed_out: bool = False
    """The seat's turn clock ran out: a Normal computer makes the decision due, and then hands the seat back."""

    @property
    def row(self) -> SeatRow:
        """The seat as the store keeps it."""
        return SeatRow(self.seat, self.name, self.kind, self.strength, self.token_hash, self.claim_hash)

    @property
    def shown_kind(self) -> str:
        """The seat's kind as ``presence`` names it."""
        return "away" if self.kind == "human" and self.away else self.kind

    @property
    def session_kind(self) -> SeatKind:
        """Who the session sees in the seat."""
        if self.kind == "computer":
            return SeatKind.computer(self.strength or "normal")
        if self.kind == "human" and self.away:
            return SeatKind.computer(self.stand_in)
        if self.kind == "human" and self.timed_out:
            return SeatKind.computer("normal")
        return SeatKind.remote()


def rules_for(game: str, value: Any) -> Any:
    """The rules a ``create`` names for ``game``; ``ValueError`` for rules the game does not have."""
    return game_named(game).rules_from_json(value)


def places_of(totals: tuple[Fraction, ...]) -> list[int]:
    """Each seat's place by total, 1 for the highest; a tie shares the place."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def new_table_id() -> str:
    """A fresh table id: 72 random bits, in letters and digits."""
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


def new_secret() -> str:
    """A fresh claim or token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


class Table:
    """One open table: its match, its seats and their connections."""

    def __init__(self, row: TableRow, seats: list[SeatState], store: TableStore, clock: Clock, *,
                 pool: Callable[[], Any] | None = None, away_after: float = 60.0, public_url: str = "",
                 wall: Callable[[], float] | None = None, clock_scale: float = 1.0) -> None:
        """A table from its kept row and seats, its match brought to the kept position; ``wall`` gives the seconds
        since the epoch that a running turn clock is kept in (by default the system's); ``clock_scale`` is for
        tests only (:class:`TurnClock`'s ``scale``)."""
        self.id = row.id
        self.row = row
        self.store = store
        self.clock = clock
        self.away_after = away_after
        self.public_url = public_url
        self.seats = seats
        self.chat_on = row.chat
        self.seq = row.seq
        self.ready: set[int] = set(row.ready)
        self.wants_again: set[int] = set(row.again)
        """The seats whose person asked for another match since this one ended."""
        self.turn_clock = TurnClock(row.clock, clock, wall or clock_wall, self._clock_ran_out, row.turn_clock,
                                    clock_scale)
        self.chat_log: deque[ChatLine] = deque(store.chat_lines(row.id), maxlen=CHAT_KEPT)
        """The table's latest chat lines, oldest first, as kept."""
        self.game = game_named(row.game)
        self.thinker = PooledThinker(pool, clock)
        self.thinker.wake = self._wake
        self.session = self._new_session(row.progress)
        self._kept: tuple[str, tuple[int, ...]] = (json.dumps(row.progress), tuple(row.ready))
        """The position (as JSON) and ready seats last written to the store: what a failed write goes back to."""
        self._retry: Handle | None = None
        self.started = all(s.kind != "empty" for s in seats)
        self.sent = self.session.update_count if self.started else self.session.update_count - 1
        """Session updates already told to the seats: those before a restart are told by ``welcome``'s story;
        a table still waiting for its seats tells its deal (the latest update, whole) when the match begins."""
        self._pending: Handle | None = None
        self._shared: tuple[tuple[int, int], dict[str, Any]] | None = None
        self._stepped: dict[int, dict[int, dict[str, Any]]] = {}
        """Each seat's ``state`` just after each update not told yet (by update number, then seat), taken as
        the update happened: an update's frame shows its own step, never a later one's."""
        self._last_over: dict[str, Any] | None = None
        self._match_over: dict[str, Any] | None = None
        self.watchers = Watchers()
        """The connections watching the table from no seat."""
        if self.started and row.progress and self.session.deal.is_over:
            self._restore_over()
        self.row = replace(row, progress={})  # the kept position is held once, as :attr:`_kept`'s text
        if self.started:
            self.schedule()

    def _new_session(self, progress: dict[str, Any]) -> TableSession:
        """The table's match, brought to the kept position ``progress``."""
        rules = rules_for(self.row.game, self.row.rules)
        leader = 0
        for _ in range(self.row.matches):  # each match played again is dealt by the seat after the last one's dealer
            leader = rules.next_seat(leader, len(self.seats))
        session = TableSession(self.game, [s.session_kind for s in self.seats], MatchLength.parse(self.row.match),
                               rules=rules, seed=self.row.seed, thinker=self.thinker, leader=leader)
        if progress:
            session.resume(progress)
        session.on_change = self._stepped_on
        return session

    def _stepped_on(self, change: str) -> None:
        """The session has applied an action: each told seat's state as it is now, for that update's frame."""
        if change == "action" and self.started:
            number = self.session.update_count - 1
            self._stepped[number] = {s.seat: self._step_state(s.seat) for s in self.seats if s.kind != "computer"}

    def _step_state(self, seat: int) -> dict[str, Any]:
        """``seat``'s state as an update tells it now (while the deal is under way, with its legal actions)."""
        return state_json(self.session, seat, playing=not self.session.deal.is_over, common=self._common())

    def _wake(self) -> None:
        """A decision thought about in the pool is ready (called from the pool's thread)."""
        try:
            self.clock.call_soon_threadsafe(self.schedule)
        except RuntimeError:
            pass  # the loop has closed: the server is stopping

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(cls, msg: p.Create, store: TableStore, clock: Clock, *, pool: Callable[[], Any] | None = None,
             away_after: float = 60.0, public_url: str = "", table_id: str | None = None,
             wall: Callable[[], float] | None = None, clock_scale: float = 1.0) -> tuple[Table, str, dict[int, str]]:
        """A new table as ``create`` asks for it, kept in ``store``; with the host's token and each
        person's seat claim (``clock_scale``: for tests only, see :class:`TurnClock`). ``ValueError`` says
        what cannot be opened; :class:`StoreUnavailable` when it cannot be kept (nothing is)."""
        spec = game_named(msg.game)
        rules = rules_for(spec.name, msg.rules)
        if msg.seats not in rules.seat_counts():
            counts = ", ".join(map(str, rules.seat_counts()))
            raise ValueError(f"{spec.name} is for {counts} seats, not {msg.seats}")
        if any(not 1 <= s < msg.seats for s in msg.computers):
            raise ValueError("computers sit at seats 1 to seats - 1")
        if msg.match not in spec.match_lengths:
            raise ValueError(f"{spec.name} matches are {', '.join(spec.match_lengths)}")
        token = new_secret()
        claims: dict[int, str] = {}
        seats = [SeatState(0, msg.name or "Host", "human", token_hash=secret_hash(token))]
        for seat in range(1, msg.seats):
            strength = msg.computers.get(seat)
            if strength is not None:
                seats.append(SeatState(seat, f"Computer ({strength})", "computer", strength))
            else:
                claims[seat] = new_secret()
                seats.append(SeatState(seat, f"Guest {seat}", "empty", claim_hash=secret_hash(claims[seat])))
        now = clock_wall()
        seed = secrets.randbits(63)
        row = TableRow(table_id or new_table_id(), spec.name, msg.seats,
                       rules.to_json(), msg.match, msg.chat, seed, {}, 0, (), now, now, msg.clock, msg.watchers)
        table = cls(row, seats, store, clock, pool=pool, away_after=away_after, public_url=public_url, wall=wall,
                    clock_scale=clock_scale)
        kept = replace(row, progress=table.session.progress())
        try:
            store.create(kept, [s.row for s in seats])
        except StoreUnavailable:
            table.close()
            raise
        table._kept = (json.dumps(kept.progress), ())
        _log.info("table %s created: %s, %d seats, %s computers", table.id, spec.name, msg.seats, len(msg.computers))
        return table, token, claims

    def links(self, claims: dict[int, str]) -> dict[str, str]:
        """The link of each seat kept for a person."""
        return {str(seat): make_link(self.public_url, self.id, claim) for seat, claim in claims.items()}

    # ------------------------------------------------------------------ seats coming and going

    def seat_of_claim(self, claim: str) -> int:
        """The seat an unspent claim names; :class:`Refused` ``claimed`` for a claim already spent (its seat
        taken by its person or given to a computer), ``bad-token`` for one that names no seat of this table."""
        digest = secret_hash(claim)
        for s in self.seats:
            if s.claim_hash is not None and secrets.compare_digest(s.claim_hash, digest):
                if s.kind != "empty":
                    raise Refused("claimed", "This link's seat has been taken already.", 4003)
                return s.seat
        raise Refused("bad-token", "This link is not right: check it letter by letter, or ask for it again.", 4003)

    def seat_of_token(self, token: str) -> int:
        """The seat a token belongs to; :class:`Refused` (``bad-token``) when none."""
        digest = secret_hash(token)
        for s in self.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return s.seat
        raise Refused("bad-token", "That seat token is not this table's.", 4003)

    def take_claim(self, claim: str, name: str, outlet: Outlet) -> tuple[int, str]:
        """Spend a claim: its seat becomes the sender's, who gets a new token (returned with the seat)."""
        seat = self.seats[self.seat_of_claim(claim)]
        token = new_secret()
        taken = replace(seat.row, token_hash=secret_hash(token), kind="human", name=name or seat.name)
        self._keep_seat(taken)
        seat.token_hash, seat.kind, seat.name = taken.token_hash, "human", taken.name
        seat.away = False
        self._set_kind(seat)
        _log.info("table %s: seat %d taken", self.id, seat.seat)
        self.attach(seat.seat, outlet, token=token)
        return seat.seat, token

    def attach(self, seat_no: int, outlet: Outlet, *, token: str | None = None, last_seq: int | None = None) -> None:
        """Connect ``outlet`` to a seat (closing an earlier connection with 4001), welcome it and tell the others."""
        seat = self.seats[seat_no]
        old, seat.outlet = seat.outlet, outlet
        if old is not None and old is not outlet:
            old.close(p.CLOSE_REPLACED, "replaced by a new connection")
        if seat.away_timer is not None:
            seat.away_timer.cancel()
            seat.away_timer = None
        seat.away_due = False
        if seat.away:
            self._back(seat)
        self.turn_clock.decided(seat_no)  # heard from: a run of run-outs before it starts again
        was_started = self.started
        self.started = all(s.kind != "empty" for s in self.seats)
        self._time_turn()
        outlet.push(p.dump(self._welcome(seat_no, token, last_seq)))
        self.presence()
        for other in self.seats:
            if other.away_due:  # its clock ran out with nobody here: now somebody is kept waiting
                self._away_due(other.seat)
        if self.started and not was_started:
            _log.info("table %s: every seat taken, the match begins", self.id)
            self._tell()
        self.schedule()

    def _back(self, seat: SeatState) -> None:
        """An away seat's person is back: the seat is theirs again, their clock's run of run-outs forgotten."""
        seat.away = False
        self.turn_clock.decided(seat.seat)
        self._set_kind(seat)
        _log.info("table %s: seat %d is back", self.id, seat.seat)

    def heard(self, seat_no: int) -> None:
        """A message came from the seat's connection: a person away since their turn clock ran out is back."""
        seat = self.seats[seat_no]
        if seat.away and seat.outlet is not None:
            self._back(seat)
            self.presence()
            self.schedule()

    def detach(self, seat_no: int, outlet: Outlet) -> None:
        """The seat's connection ``outlet`` has gone (a replaced one changes nothing)."""
        seat = self.seats[seat_no]
        if seat.outlet is not outlet:
            return
        seat.outlet = None
        self.presence()
        self._watch_away()

    def leave(self, seat_no: int) -> None:
        """The seat's person leaves it to a computer until somebody comes back with its token."""
        seat = self.seats[seat_no]
        outlet, seat.outlet = seat.outlet, None
        self._go_away(seat_no)
        if outlet is not None:
            outlet.close(1000, "left the seat")

    def fill(self, by: int, seat_no: int, strength: str) -> None:
        """Host only: a computer of ``strength`` takes an empty seat, or plays an away one."""
        if by != 0:
            raise Refused("not-host", "Only the host can give a seat to a computer.")
        if not 0 <= seat_no < len(self.seats):
            raise Refused("bad-message", f"There is no seat {seat_no}.")
        seat = self.seats[seat_no]
        if seat.kind == "empty":
            name = f"Computer ({strength})"
            self._keep_seat(replace(seat.row, kind="computer", strength=strength, name=name))
            seat.kind, seat.strength, seat.name = "computer", strength, name
        elif seat.kind == "human" and seat.away:
            seat.stand_in = strength
        else:
            raise Refused("bad-message", "Only an empty or away seat can be given to a computer.")
        self._set_kind(seat)
        _log.info("table %s: seat %d given to a computer", self.id, seat_no)
        was_started = self.started
        self.started = all(s.kind != "empty" for s in self.seats)
        self.presence()
        if self.started and not was_started:
            self._tell()
        self._check_ready()
        self.schedule()

    def _keep_seat(self, row: SeatRow) -> None:
        """Write a seat as it is about to be; ``unavailable`` (nothing changed) when it cannot be kept."""
        try:
            self.store.save_seat(self.id, row)
        except StoreUnavailable as exc:
            _log.warning("table %s: a seat could not be kept: %s", self.id, exc)
            raise unavailable() from None

    def _set_kind(self, seat: SeatState) -> None:
        kinds = list(self.session.kinds)
        kinds[seat.seat] = seat.session_kind
        if kinds[seat.seat] != self.session.kinds[seat.seat]:
            if self.session.thinking and self.session.to_act == seat.seat:
                self.session.stop()
            self.session.kinds = tuple(kinds)

    def _go_away(self, seat_no: int) -> None:
        seat = self.seats[seat_no]
        seat.away_timer = None
        seat.away_due = False
        if seat.kind != "human" or seat.away:
            return
        seat.away = True
        self._set_kind(seat)
        _log.info("table %s: seat %d is away", self.id, seat_no)
        self.presence()
        self._check_ready()
        self.schedule()

    def _waits_on(self, seat_no: int) -> bool:
        """True when the table waits for this seat's person: their decision, or their ``next``."""
        if not self.started:
            return False
        if self.phase == "deal_over":
            return seat_no not in self.ready
        return self.phase == "playing" and self.session.to_act == seat_no

    def _watch_away(self) -> None:
        """Start the away clock of a disconnected person the table waits on, whoever else is connected."""
        for seat in self.seats:
            if (seat.kind == "human" and not seat.away and seat.outlet is None and seat.away_timer is None
                    and not seat.away_due and self._waits_on(seat.seat)):
                seat.away_timer = self.clock.call_later(self.away_after, _call(self._away_due, seat.seat))

    def _someone_else_here(self, seat_no: int) -> bool:
        """True when a person at another seat is connected: only then is anybody kept waiting."""
        return any(s.outlet is not None for s in self.seats if s.seat != seat_no and s.kind == "human")

    def _away_due(self, seat_no: int) -> None:
        """The seat's away clock has run out: a computer plays it, once another person is here to play with
        (with nobody else connected the table simply waits, and the seat goes away the moment one comes)."""
        seat = self.seats[seat_no]
        seat.away_timer = None
        seat.away_due = False
        if seat.outlet is not None or not self._waits_on(seat_no):
            return
        if self._someone_else_here(seat_no):
            self._go_away(seat_no)
        else:
            seat.away_due = True

    # ------------------------------------------------------------------ the turn clock

    def _time_turn(self) -> None:
        """Keep the turn clock on the decision due now: a person's (not away, not stood in for) while a deal is
        played; none otherwise."""
        seat = self.session.to_act if self.phase == "playing" else None
        timed = seat if seat is not None and (not self.session.kinds[seat].is_computer or self._stand_in_done(seat)) else None
        self.turn_clock.follow(timed, (self.row.matches, self.session.deal_number, len(self.session.actions[-1])))

    def _stand_in_done(self, seat_no: int) -> bool:
        """True when the computer standing in for a seat whose time ran out has made that one decision, not told
        yet: the seat is its person's again once it is (a decision of theirs that follows at once is timed from
        now, as it is kept and told)."""
        return self.seats[seat_no].timed_out and any(
            u.kind == "moved" and u.seat == seat_no for u in self.session.updates(seat_no, self.sent))

    def _clock_ran_out(self, seat_no: int) -> bool:
        """The seat's time for its decision is up: a Normal computer makes that decision, told to every seat just
        before the move; the third in a row leaves the seat away until its person is heard from. With no person
        connected nobody is kept waiting: False, and the clock runs out again once somebody comes."""
        seat = self.seats[seat_no]
        if self.phase != "playing" or self.session.to_act != seat_no or seat.kind != "human" or seat.away:
            return True  # the decision was made meanwhile: nothing to do
        if not any(s.outlet is not None for s in self.seats if s.kind == "human"):
            return False
        seat.timed_out = True
        if self.turn_clock.ran_out(seat_no) >= IN_A_ROW:
            _log.info("table %s: seat %d's clock ran out %d times in a row", self.id, seat_no, IN_A_ROW)
            self._go_away(seat_no)
        else:
            _log.info("table %s: seat %d's clock ran out", self.id, seat_no)
            self._set_kind(seat)
            self.schedule()
        return True

    def _ran_out_told(self, update: Any, stood_in: set[int]) -> list[dict[str, Any]]:
        """The ``timed_out`` event told before the move a computer made for a seat whose clock ran out (that seat
        noted in ``stood_in``); none before any other update."""
        if update.kind == "moved" and update.seat is not None and self.seats[update.seat].timed_out:
            stood_in.add(update.seat)
            return [{"kind": "timed_out", "seat": update.seat}]
        return []

    def _hand_back(self, stood_in: set[int]) -> None:
        """The decisions made for these seats after their clocks ran out are told: the seats are their people's
        again (those away stay with their stand-ins)."""
        for seat_no in stood_in:
            seat = self.seats[seat_no]
            seat.timed_out = False
            self._set_kind(seat)

    # ------------------------------------------------------------------ what the seats are told

    @property
    def phase(self) -> str:
        """``waiting`` (for seats to be taken), ``playing``, ``deal_over`` (for ``next``) or ``match_over``."""
        if not self.started:
            return "waiting"
        if self._match_over is not None:
            return "match_over"
        if self.session.deal.is_over and self.session.deal_recorded:
            return "deal_over"
        return "playing"

    @property
    def people(self) -> int:
        """How many seats are kept for people."""
        return sum(1 for s in self.seats if s.kind in ("human", "empty"))

    def presence_list(self) -> list[dict[str, Any]]:
        """Every seat as ``presence`` and ``welcome`` list it (with ``ready`` while a deal is over, for each
        person who has sent ``next``, and ``again`` once the match is over, for each who has sent ``again``)."""
        over, ended = self.phase == "deal_over", self.phase == "match_over"
        listed = []
        for s in self.seats:
            entry: dict[str, Any] = {"label": "host" if s.seat == 0 else f"guest {s.seat}", "name": s.name,
                                     "kind": s.shown_kind, "online": s.outlet is not None}
            if s.shown_kind == "computer" and s.strength:
                entry["strength"] = s.strength  # an extra key: each window names a computer in its own language
            if over and s.seat in self.ready:
                entry["ready"] = True
            if ended and s.seat in self.wants_again:
                entry["again"] = True
            listed.append(entry)
        return listed

    def presence(self) -> None:
        """Tell every connected seat who sits where."""
        self._broadcast({"type": "presence", "seats": self.presence_list(), "watchers": len(self.watchers)})

    def _common(self) -> dict[str, Any]:
        """The state every seat shares, worked out again only when the deal or the results change."""
        key = (self.session.deal_number, self.session.match.deals_played)
        if self._shared is None or self._shared[0] != key:
            self._shared = (key, common_state(self.session))
        return self._shared[1]

    def _state(self, seat: int) -> dict[str, Any] | None:
        if not self.started:
            return None
        return self._clocked(state_json(self.session, seat, playing=self.phase == "playing", common=self._common()))

    def _clocked(self, state: dict[str, Any]) -> dict[str, Any]:
        """``state`` with the turn clock (``clock``), at a table opened with one, and ``thinking``, the seat whose
        computer is deciding, while one is."""
        if self.row.clock is not None:
            state["clock"] = self.turn_clock.state()
        thinking = thinking_seat(state, lambda seat: self.session.kinds[seat].is_computer)
        if thinking is not None:
            state["thinking"] = thinking
        return state

    def _welcome(self, seat: int, token: str | None, last_seq: int | None) -> dict[str, Any]:
        frame: dict[str, Any] = {"type": "welcome", "table": self.id, "seat": seat, "seq": self.seq,
                                 "seats": self.presence_list(), "state": self._state(seat), "game": self.game.name,
                                 "host": 0, "chat": [line.to_json() for line in self.chat_log],
                                 "chat_on": self.chat_on, "assists": self.people <= 1, "phase": self.phase,
                                 "watchers": len(self.watchers)}
        if token is not None:
            frame["token"] = token
        frame["values"] = card_values(self.session)
        if self.started:
            frame["story"] = events_json(self.game.name, story_events(self.session, seat))
            frame["deal"] = self.session.deal_number
        if last_seq is not None:
            kept = self.seats[seat].frames
            if last_seq >= self.seq:
                frame["missed"] = []
            elif kept and kept[0][0] <= last_seq + 1:
                frame["missed"] = [json.loads(text) for number, text in kept if number > last_seq]
        return self._with_ends(frame)

    def _with_ends(self, frame: dict[str, Any]) -> dict[str, Any]:
        """``frame`` with the ``deal_over`` and ``match_over`` frames last told, while the table is at that end."""
        if self._last_over is not None and self.phase in ("deal_over", "match_over"):
            frame["deal_over"] = self._last_over
        if self._match_over is not None:
            frame["match_over"] = self._match_over
        return frame

    # ------------------------------------------------------------------ watchers

    def watch(self, outlet: WatchOutlet) -> None:
        """A watcher from no seat: sent ``watching``, then every frame every seat is told alike and each update as
        a watcher may know it; :class:`Refused` (closing it) when watching is off or :data:`WATCHERS_MAX` watch."""
        if not self.row.watchers:
            raise Refused("bad-message", "The host has turned watching off at this table.", p.CLOSE_REFUSED)
        if self.watchers.full:
            raise Refused("too-many", f"{WATCHERS_MAX} people are watching this table already; try again later.",
                          p.CLOSE_FLOOD)
        self.watchers.add(outlet)
        _log.info("table %s: a watcher came (%d watching)", self.id, len(self.watchers))
        outlet.push(p.dump(self._watching()))
        self.presence()

    def unwatch(self, outlet: WatchOutlet) -> None:
        """A watcher's connection has gone."""
        if self.watchers.remove(outlet):
            self.presence()

    def set_watching(self, by: int, on: bool) -> None:
        """Host only: let the table be watched, or not (closing every watcher's connection with 4003)."""
        if by != 0:
            raise Refused("not-host", "Only the host can turn watching on or off.")
        if on == self.row.watchers:
            return
        try:
            self.store.save_watchers(self.id, on)
        except StoreUnavailable as exc:
            _log.warning("table %s: whether it may be watched could not be kept: %s", self.id, exc)
            raise unavailable() from None
        self.row = replace(self.row, watchers=on)
        _log.info("table %s: watching turned %s", self.id, "on" if on else "off")
        if not on:
            self.watchers.close_all(p.CLOSE_REFUSED, "watching is off")
        self.presence()

    def _watching(self) -> dict[str, Any]:
        """The ``watching`` frame: the table as a watcher may know it now."""
        frame: dict[str, Any] = {"type": "watching", "table": self.id, "seq": self.seq, "seats": self.presence_list(),
                                 "state": watcher_state(self._state(0)), "game": self.game.name, "host": 0,
                                 "chat": [line.to_json() for line in self.chat_log], "chat_on": self.chat_on,
                                 "phase": self.phase, "watchers": len(self.watchers),
                                 "values": card_values(self.session)}
        if self.started:
            stories = [story(self.session, seat) for seat in range(len(self.seats))]
            frame["story"] = [event for told in zip(*stories, strict=True) for event in
                              shared_events([events_json(self.game.name, update.events) for update in told])]
            frame["deal"] = self.session.deal_number
        return self._with_ends(frame)

    def _watched_events(self, number: int) -> list[dict[str, Any]]:
        """Session update ``number``'s events as a watcher is told them: as every seat was told them alike."""
        return shared_events([events_json(self.game.name, self.session.updates(seat, number)[0].events)
                              for seat in range(len(self.seats))])

    def _deliver(self, seat: SeatState, text: str) -> None:
        """Send one frame to a seat's connection, if it has one (the one place every frame leaves by)."""
        if seat.outlet is not None:
            seat.outlet.push(text)

    def _send(self, seat_no: int, frame: dict[str, Any]) -> None:
        self._deliver(self.seats[seat_no], p.dump(frame))

    def _broadcast(self, frame: dict[str, Any], numbered: bool = False) -> None:
        """Send a frame every seat and every watcher is told alike."""
        text = p.dump(frame)
        for seat in self.seats:
            if numbered:
                seat.frames.append((frame["seq"], text))
            self._deliver(seat, text)
        self.watchers.push(text)

    def _flush(self) -> None:
        """Tell every seat, each its own, the session's updates it has not been told yet."""
        if not self.started:
            return
        start, end = self.sent, self.session.update_count
        if start >= end:
            return
        told = [s for s in self.seats if s.kind != "computer"]  # a computer's seat is never sent a frame
        per_seat = [self.session.updates(s.seat, start) for s in told]
        stood_in: set[int] = set()
        for offset in range(end - start):
            self.seq += 1
            stepped = self._stepped.pop(start + offset, {})
            ran_out = self._ran_out_told(per_seat[0][offset], stood_in)
            for seat, updates in zip(told, per_seat):
                update = updates[offset]
                frame = {"type": "update", "seq": self.seq,
                         "events": ran_out + events_json(self.game.name, update.events),
                         "step": {"kind": update.kind, "deal": update.deal_number, "by": update.seat}}
                state = stepped.get(seat.seat)
                shown = frame["state"] = self._clocked(state if state is not None else self._step_state(seat.seat))
                text = p.dump(frame)
                seat.frames.append((self.seq, text))
                self._deliver(seat, text)
            if self.watchers:
                self.watchers.push(p.dump({**frame, "events": ran_out + self._watched_events(start + offset),
                                           "state": watcher_state(shown)}))
        self.sent = end
        self._hand_back(stood_in)

    # ------------------------------------------------------------------ play

    def act(self, seat_no: int, ident: Any, text: str) -> None:
        """A seat's decision: applied and acknowledged, or refused (:class:`Refused`) changing nothing."""
        if self.phase != "playing":
            raise Refused("not-your-turn", "No deal is under way.")
        if self.seats[seat_no].timed_out:
            raise Refused("not-your-turn", "Your time ran out: a computer is making this decision for you.")
        mover = self.session.to_act
        if mover != seat_no:
            who = "nobody's" if mover is None else f"{self.seats[mover].name}'s"
            raise Refused("not-your-turn", f"It is {who} turn.")
        try:
            action = self.game.parse_action(text)
            self.session.submit(seat_no, action)
        except InvalidAction as exc:
            raise Refused("bad-message", str(exc)) from None
        except (IllegalMove, ValueError) as exc:
            raise Refused("illegal", str(exc)) from None
        self.session.advance(decisions=0)  # the rules' own steps that follow at once (the turned stock card)
        streaks = dict(self.turn_clock.streaks)
        self.turn_clock.decided(seat_no)  # the run ends in what is kept with the decision
        if not self._keep():
            self.turn_clock.streaks = streaks
            raise unavailable()
        self._flush()
        self._send(seat_no, {"type": "ack", "id": ident, "seq": self.seq})
        self.schedule()

    def ready_next(self, seat_no: int) -> None:
        """The seat's person is ready for the next deal."""
        if self.phase == "match_over":
            return  # sent on the last deal's end before its client heard the match is over
        if self.phase != "deal_over":
            raise Refused("bad-message", "No deal is over.")
        self.ready.add(seat_no)
        if not self._keep():
            raise unavailable()
        self.presence()
        self._check_ready()

    def chat(self, seat_no: int, text: str) -> None:
        """A chat line to every seat."""
        if not self.chat_on:
            raise Refused("chat-off", "Chat is off at this table.")
        if not text.strip():
            raise Refused("bad-message", "A chat line needs some text.")
        line = ChatLine(seat_no, self.seats[seat_no].name, text, round(clock_wall(), 3))
        try:
            self.store.add_chat(self.id, line)
        except StoreUnavailable as exc:
            _log.warning("table %s: a chat line could not be kept: %s", self.id, exc)
            raise unavailable() from None
        self.chat_log.append(line)
        self._broadcast({"type": "chat", **line.to_json()})

    def schedule(self) -> None:
        """Move the match on at the loop's next turn (once, however often asked)."""
        if self._pending is None:
            self._pending = self.clock.call_soon(self.pump)

    def pump(self) -> None:
        """Move the match on by itself: the rules' steps and at most one computer decision, then again later."""
        self._pending = None
        if self.started and self.sent < self.session.update_count and not self._tell():
            return
        if self.phase == "deal_over":
            self._check_ready()
        if self.phase == "match_over":
            self._check_again()
        if self.phase != "playing":
            self._watch_away()
            return
        if not self.session.deal.is_over:
            moved = self.session.advance(decisions=1)
            if moved:
                if not self._keep():
                    self._try_later()
                    return
                self._flush()
            seat = self.session.to_act
            if moved and seat is not None and self.session.kinds[seat].is_computer:
                self.schedule()
        if self.session.deal.is_over:
            self._end_deal()
        self._time_turn()
        self._watch_away()

    def finished_record(self) -> dict[str, Any]:
        """The finished deal's record as ``deal_over`` tells it: the game's record (deal-v1 or fishing-v1), its
        deal number and its ``result``, in the form ``simulate --records`` writes.

        The deal number deals this deal's cards again, so it leaves the server only once the deal is over,
        when every card of it may be known. It tells nothing of any later deal: each deal's number is hashed
        on its own from the match seed (:func:`~chinese_ten.engine.streams.deal_number`, BLAKE2b of the seed,
        ``shuffle`` and the deal's place), a hash no deal number gives back, and the computers' decisions
        draw from streams of the seed, never of a deal number. The seed itself is never told."""
        deal = self.session.deal
        numbered = self.session.shuffle_number
        numbering = {} if numbered is None else {"deal_number": numbered}
        return {**self.game.record_of(deal), **numbering,
                "result": result_of(deal.points, deal.returns(),
                                    [(s.strength or "normal") if s.kind == "computer" else "human" for s in self.seats])}

    def _end_deal(self) -> None:
        """The deal is over: its record kept with the match's results, then told."""
        self.session.record_deal()
        record = self.finished_record()
        match = self.session.match
        self.ready = set()
        told = 2 if match.is_over else 1
        number = self.row.matches * match.total_deals + self.session.deal_number  # counted across the table's matches
        if not self._keep(deal=(number, record), frames=told):
            self._try_later()
            return
        self.seq += 1
        self._last_over = {"type": "deal_over", "seq": self.seq, "record": record, "totals": list(match.totals)}
        self._broadcast(self._last_over, numbered=True)
        if match.is_over:
            self.seq += 1
            self._match_over = {"type": "match_over", "seq": self.seq, "totals": list(match.totals),
                                "places": places_of(match.exact_totals)}
            self._broadcast(self._match_over, numbered=True)
            _log.info("table %s: the match ended", self.id)
        self._check_ready()

    def _restore_over(self) -> None:
        """After a restart at a deal's end, the end as it was told."""
        if not self.session.deal_recorded:
            return  # the deal ended as the server stopped: its end is told when the table moves on
        record = self.finished_record()
        match = self.session.match
        self._last_over = {"type": "deal_over", "seq": self.seq, "record": record, "totals": list(match.totals)}
        if match.is_over:
            self._match_over = {"type": "match_over", "seq": self.seq, "totals": list(match.totals),
                                "places": places_of(match.exact_totals)}

    def _check_ready(self) -> None:
        """Deal the next deal once every person present has sent ``next``."""
        if self.phase != "deal_over":
            return
        waiting = [s.seat for s in self.seats if s.kind == "human" and not s.away and s.seat not in self.ready]
        if waiting:
            self._watch_away()
            return
        self.ready = set()
        if self.session.next_deal():
            if not self._keep():
                self._try_later()
                return
            self._last_over = None
            self._flush()
            self.schedule()

    def again(self, seat_no: int) -> None:
        """The seat's person asks for another match, once this one is over; it starts when every person has."""
        if self.phase != "match_over":
            raise Refused("bad-message", "The match is not over yet: another can be asked for once it is.")
        if seat_no in self.wants_again:
            return
        self.wants_again.add(seat_no)
        if not self._keep(undo=False):
            self.wants_again.discard(seat_no)
            raise unavailable()
        _log.info("table %s: seat %d asks for another match", self.id, seat_no)
        self.presence()
        self._check_again()

    def _check_again(self) -> None:
        """Start another match once somebody asked and every person present has (as ``next`` waits for them)."""
        if self.phase != "match_over" or not self.wants_again:
            return
        if any(s.kind == "human" and not s.away and s.seat not in self.wants_again for s in self.seats):
            return
        self._new_match()

    def _new_match(self) -> None:
        """Another match at this table: the same seats, rules, match length and clock, a new shuffle, and the dealer
        one seat on from the last match's first. Kept before it is told; when it cannot be, the table stays at the
        match's end and tries again in a moment."""
        before = (self.row, self.session, self.sent, self._last_over, self._match_over, set(self.wants_again))
        self.row = replace(self.row, seed=secrets.randbits(63), matches=self.row.matches + 1)
        self.session = self._new_session({})
        self.sent, self._last_over, self._match_over, self._shared = 0, None, None, None
        self.wants_again = set()
        if not self._keep(undo=False):
            self.row, self.session, self.sent, self._last_over, self._match_over, self.wants_again = before
            self._shared = None
            self._try_later()
            return
        _log.info("table %s: match %d begins", self.id, self.row.matches + 1)
        self.presence()
        self._flush()
        self.schedule()

    def _tell(self) -> bool:
        """Keep the table's position as it is (the match has begun), then tell the updates not told yet; False
        (nothing told, tried again in a moment) when it cannot be kept."""
        if not self._keep(undo=False):
            self._try_later()
            return False
        self._flush()
        return True

    def _keep(self, deal: tuple[int, dict[str, Any]] | None = None, frames: int = 0, undo: bool = True) -> bool:
        """Write the table's position before anything about it is told: the updates not yet sent and
        ``frames`` more numbered frames are counted in the kept ``seq``. False when it cannot be written:
        then (with ``undo``) the match is put back at the last kept position, as if nothing had happened since."""
        now = clock_wall()
        progress = json.dumps(self.session.progress(), separators=(",", ":"))
        unsent = self.session.update_count - self.sent if self.started else 0
        ready = tuple(sorted(self.ready))
        self._time_turn()
        try:
            self.store.save_position(self.id, progress, self.seq + unsent + frames, ready, now, deal,
                                     match=(self.row.seed, self.row.matches), again=sorted(self.wants_again),
                                     turn_clock=self.turn_clock.kept())
        except StoreUnavailable as exc:
            _log.warning("table %s: the position could not be kept: %s", self.id, exc)
            if undo:
                self._undo()
            return False
        self.row = replace(self.row, last_action=now)
        self._kept = (progress, ready)
        return True

    def _undo(self) -> None:
        """Put the match back at the last kept position (nothing since was told)."""
        self.session.stop()
        progress, ready = self._kept
        self.session = self._new_session(json.loads(progress))
        self.sent = self.session.update_count if self.started else self.session.update_count - 1
        self.ready = set(ready)
        self._shared = None
        self._stepped.clear()

    def _try_later(self) -> None:
        """Move the table on again in a moment (its last step could not be kept)."""
        if self._retry is None:
            self._retry = self.clock.call_later(RETRY_SECONDS, self._retried)

    def _retried(self) -> None:
        self._retry = None
        self.schedule()

    def close(self) -> None:
        """Stop the table's timers and thinking (the server is stopping)."""
        for seat in self.seats:
            if seat.away_timer is not None:
                seat.away_timer.cancel()
        self.turn_clock.stop()
        if self._pending is not None:
            self._pending.cancel()
        if self._retry is not None:
            self._retry.cancel()
        self.thinker.shutdown()


def _call(function: Callable[[int], None], seat: int) -> Callable[[], None]:
    """``function(seat)`` as a call of nothing (for a timer)."""
    return lambda: function(seat)


def clock_wall() -> float:
    """Seconds since the epoch (kept tables' times)."""
    import time

    return time.time()


def restore(store: TableStore, table_id: str, clock: Clock, **options: Any) -> Table | None:
    """The kept table ``table_id`` at its last applied action, or None when there is none."""
    kept = store.load(table_id)
    if kept is None:
        return None
    row, seats = kept
    states = [SeatState(s.seat, s.name, s.kind, s.strength, s.token_hash, s.claim_hash) for s in seats]
    return Table(row, states, store, clock, **options)
