"""The table session: the one authority over a match at a table, whoever sits in its seats.

A :class:`TableSession` holds the match, the deal under way, the random streams and the
log of every action applied. Its seats are kinds — a person at this computer, a computer
player, a remote person — and it drives the computers itself, each from its own seat's
view and its own random stream, through a :class:`~chinese_ten.engine.thinking.ComputerThinker`
so that searching never blocks the caller. It advances on its own (:meth:`advance`); a
window, a network client or a test follows it through :meth:`updates`, which gives each
seat only what that seat may know: the deal with the other hands face down, then every
event as the game's ``tell`` lets the seat learn it.

Take-back is a rewind (the deal replayed from its shuffle, the streams wound back), and
:meth:`progress`/:meth:`resume` keep and restore a match exactly.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from chinese_ten.engine.errors import IllegalMove
from chinese_ten.engine.game import GameSpec
from chinese_ten.engine.match import Match, MatchLength, first_dealer
from chinese_ten.engine.streams import DealStreams, check_deal_number
from chinese_ten.engine.thinking import ComputerThinker

_log = logging.getLogger("chinese_ten.session")

SeatKindName = Literal["person", "computer", "remote"]


@dataclass(frozen=True)
class SeatKind:
    """Who sits in a seat: a person here, a computer of a strength, or a person elsewhere."""

    kind: SeatKindName
    player: str | None = None
    """The computer's player name (``easy``, ``hard`` …); None for people."""

    @classmethod
    def person(cls) -> SeatKind:
        """A person at this computer."""
        return cls("person")

    @classmethod
    def computer(cls, player: str) -> SeatKind:
        """A computer player called ``player``."""
        return cls("computer", player)

    @classmethod
    def remote(cls) -> SeatKind:
        """A person at another computer."""
        return cls("remote")

    @property
    def is_computer(self) -> bool:
        """True for a computer player."""
        return self.kind == "computer"


UpdateKind = Literal["dealt", "moved", "rewound"]


@dataclass(frozen=True)
class Update:
    """Something one seat is told, numbered in the order it happened.

    ``dealt``: a new deal began (its events start with the deal as this seat sees it).
    ``moved``: an action was applied (its events, as this seat may learn them).
    ``rewound``: the deal was put back to another position (a take-back or a resume):
    ``events`` is then every event of the deal so far, from its start, to be shown at once.
    """

    number: int
    kind: UpdateKind
    deal_number: int
    events: tuple[Any, ...]
    seat: int | None = None
    """The seat whose action it was (for ``moved``)."""


class Director(Protocol):
    """A script a session can be run under (the guided first deal): its deal, and the computers' moves."""

    def new_deal(self) -> Any:
        """The scripted deal, as dealt."""
        ...

    def computer_action(self, deal: Any) -> Any | None:
        """The scripted move of the seat to act; None while there is none yet (the seat waits)."""
        ...


class TableSession:
    """One match at one table: the authoritative deal, the seats and the log of actions."""

    def __init__(self, game: GameSpec, seats: Sequence[SeatKind], length: MatchLength, *, rules: Any = None,
                 seed: int | str | None = None, leader: int = 0, thinker: ComputerThinker | None = None,
                 think_ms: int | None = None, director: Director | None = None, first_deal: Any = None,
                 first_number: int | None = None) -> None:
        """A new match of ``game`` with these seats; ``leader`` plays first in the first deal. ``first_deal``
        (as dealt) replaces the first deal's shuffle; ``first_number`` makes the first deal that deal number
        (see :attr:`Match.first_number`); a ``director`` scripts the deal and the computers."""
        self.game = game
        self.kinds: tuple[SeatKind, ...] = tuple(seats)
        rules = game.default_rules if rules is None else rules
        self.match = Match(game, len(self.kinds), length, first_dealer=first_dealer(rules, len(self.kinds), leader),
                           rules=rules, seed=seed, first_number=first_number)
        self.thinker = thinker or ComputerThinker()
        self.think_ms = think_ms
        self.director = director
        self._first = first_deal
        self.streams: DealStreams = self.match.streams()
        self.deal: Any = self._dealt()
        self.deal_number = 1
        self.deal_recorded = False
        self.actions: list[list[str]] = [[]]
        """Every action applied, deal by deal: with the seed, the whole match so far."""
        self.practice = False
        """True once a turn has been taken back, or for a deal played by its number: the match is kept as
        practice, apart from the statistics."""
        self.taken_back = False
        """True once a turn of the match has been taken back (what made it practice, or one more thing)."""
        self.on_change: Callable[[str], None] | None = None
        """Told ``"action"`` after every action applied and ``"deal"`` when a finished deal is added to the match."""
        self._raw: list[tuple[UpdateKind, int, int | None, tuple[Any, ...]]] = []
        """Every update as it happened, whole: its kind, deal number, mover and events (told per seat on asking)."""
        self._asked: tuple[object, ...] | None = None
        self._asked_seat: int | None = None
        self._ready: tuple[tuple[object, ...], Any] | None = None
        self.generation = 0
        self._begin_deal()
        self.thinker.warm_up([k.player for k in self.kinds if k.player])

    # ------------------------------------------------------------------ reading

    @property
    def shuffle_number(self) -> int | None:
        """The deal number (INTERFACE.md "Deal numbers") of the deal under way: dealing it again deals its cards;
        None when the deal was not shuffled from one (a scripted deal, or one handed in as dealt)."""
        if self.director is not None or (self._first is not None and self.deal_number == 1):
            return None
        return self.match.deal_number(self.deal_number - 1)

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return len(self.kinds)

    def observe(self, seat: int) -> Any:
        """Everything ``seat`` may know of the deal now."""
        return self.deal.observe(seat)

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the deal waits for (None while the rules move, or once it is over)."""
        return self.deal.to_act  # type: ignore[no-any-return]

    @property
    def thinking(self) -> bool:
        """True while a computer's decision is being thought about."""
        return self._asked is not None

    def updates(self, seat: int, since: int = 0) -> list[Update]:
        """What ``seat`` is told, from update number ``since`` on (numbers count from 0, every seat alike).

        Each is built for this seat alone from the game's ``tell``; asking twice gives the same."""
        out = []
        for number in range(max(0, since), len(self._raw)):
            kind, deal_number, mover, events = self._raw[number]
            out.append(Update(number, kind, deal_number, tuple(self.deal.tell(events, seat)), mover))
        return out

    @property
    def position(self) -> tuple[object, ...]:
        """A value that changes whenever what a seat may know changes (the followed protocol's)."""
        return (id(self.deal), len(self._raw), len(self.actions[-1]))

    @property
    def assists(self) -> bool:
        """Take-backs and hints may be offered: a local table has one person at most."""
        return True

    def receive(self) -> bool:
        """Nothing arrives from elsewhere at a local table."""
        return False

    @property
    def update_count(self) -> int:
        """How many updates there have been: a follower that has seen them all asks from here."""
        return len(self._raw)

    # ------------------------------------------------------------------ acting

    def submit(self, seat: int, action: Any) -> list[Any]:
        """Apply ``action`` for ``seat``, checked: it must be that seat's decision and legal.

        Raises :class:`~chinese_ten.engine.errors.IllegalMove` (changing nothing) otherwise; the events."""
        if self.deal.is_over:
            raise IllegalMove("the deal is over")
        if self.deal.to_act != seat:
            raise IllegalMove(f"it is not seat {seat}'s decision")
        if self.kinds[seat].is_computer:
            raise IllegalMove(f"seat {seat} is a computer's")
        return self._apply(seat, action)

    def advance(self, decisions: int | None = None) -> bool:
        """Move the deal on as far as it goes by itself: the rules' own steps and the computers' decisions
        that are ready (asking for those that are not), at most ``decisions`` of those (None: no limit; a
        window that shows each move before the next passes 1, or 0 after its person's own move). True when
        anything was applied."""
        moved = False
        made = 0
        for _ in range(1000):  # a deal has far fewer steps; the bound only guards against a fault
            if self.deal.is_over:
                break
            forced = self.deal.next_forced()
            if forced is not None:
                self._apply(None, forced)
                moved = True
                continue
            seat = self.deal.to_act
            if seat is None or not self.kinds[seat].is_computer or (decisions is not None and made >= decisions):
                break
            self._ask(seat)
            self._poll()
            if self._ready is None:
                break
            answer = self._ready[1]
            self._ready = None
            self._asked = self._asked_seat = None
            self._apply_computer(seat, answer)
            made += 1
            moved = True
        return moved

    def prepare(self) -> None:
        """Start the next computer's decision now, when one is next, so it thinks while its table still
        shows the last move (:meth:`advance` applies it)."""
        seat = self.deal.to_act
        if not self.deal.is_over and seat is not None and self.kinds[seat].is_computer:
            self._ask(seat)
            self._poll()

    def _tag(self, seat: int) -> tuple[object, ...]:
        return (self.generation, self.deal_number, len(self.actions[-1]), seat)

    def _ask(self, seat: int) -> None:
        """Ask for ``seat``'s decision at this position, once: from the script, or from its player thinking
        on its own view with its own next random seed."""
        tag = self._tag(seat)
        if self._asked == tag:
            return
        self._asked, self._asked_seat, self._ready = tag, seat, None
        if self.director is not None:
            answer = self.director.computer_action(self.deal)
            if answer is None:  # the script waits; ask again later
                self._asked = self._asked_seat = None
            else:
                self._ready = (tag, answer)
            return
        name = self.kinds[seat].player or "normal"
        self.thinker.ask(tag, self.game.players, self.observe(seat), name, self.think_ms,
                         self.streams.decision_seed(seat))

    def _poll(self) -> None:
        """Take the asked decision from the thinker once it is ready."""
        if self._asked is None or self._ready is not None:
            return
        got = self.thinker.poll()
        if got is not None and got[0] == self._asked:
            self._ready = (self._asked, got[1])

    def _apply_computer(self, seat: int, answer: Any) -> None:
        try:
            self._apply(seat, answer)
        except IllegalMove as exc:
            _log.warning("seat %d's computer made an illegal move (%s); playing the first legal one", seat, exc)
            self._apply(seat, self.deal.legal_actions()[0])

    def _apply(self, seat: int | None, action: Any) -> list[Any]:
        events = list(self.deal.apply(action))
        self.actions[-1].append(str(action))
        self._push("moved", seat, tuple(events))
        if self.on_change is not None:
            self.on_change("action")
        return events

    def _push(self, kind: UpdateKind, seat: int | None, events: tuple[Any, ...]) -> None:
        self._raw.append((kind, self.deal_number, seat, events))

    # ------------------------------------------------------------------ deals

    def _dealt(self) -> Any:
        """The deal under way as dealt: the script's, or the match's next from its own shuffle stream."""
        if self.director is not None:
            return self.director.new_deal()
        if self._first is not None and self.match.deals_played == 0:
            return self._first.copy()
        return self.match.new_deal()

    def _begin_deal(self) -> None:
        self.stop()
        self._push("dealt", None, (self.deal.dealt(), *self.deal.opening_events))

    def record_deal(self) -> None:
        """Add the finished deal's results to the match (once)."""
        if self.deal.is_over and not self.deal_recorded:
            self.match.finish_deal(self.deal)
            self.deal_recorded = True
            if self.on_change is not None:
                self.on_change("deal")

    def next_deal(self) -> bool:
        """Deal the next deal of the match (recording this one); False when the match is over."""
        self.record_deal()
        if self.match.is_over:
            return False
        self.streams = self.match.streams()
        self.deal = self.match.new_deal()
        self.deal_number += 1
        self.deal_recorded = False
        self.actions.append([])
        self._begin_deal()
        return True

    def stop(self) -> None:
        """Forget any outstanding computer decision."""
        self.generation += 1
        self.thinker.cancel()
        self._asked = self._asked_seat = None
        self._ready = None

    # ------------------------------------------------------------------ take-back

    def last_play_of(self, seat: int) -> tuple[int, list[int]] | None:
        """Where in this deal's actions ``seat`` last made a play, with how many decisions each computer had
        drawn by then (None when it has made none)."""
        probe = self._dealt()
        found = None
        made = [0] * probe.seats
        for index, text in enumerate(self.actions[-1]):
            action = self.game.parse_action(text)
            mover = probe.to_act
            if action.kind == "play" and mover == seat:
                found = (index, list(made))
            if mover is not None and self.kinds[mover].is_computer:
                made[mover] += 1
            probe.apply(action)
        return found

    def take_back(self, seat: int) -> bool:
        """Rewind the deal to just before ``seat``'s last play, with everything after it; the cards stay as
        dealt and the computers' streams go back with it, so the same play meets the same replies. The match
        becomes practice. False (nothing changed) when the seat has not played in this deal."""
        if self.deal.is_over:
            return False
        found = self.last_play_of(seat)
        if found is None:
            return False
        start, draws = found
        self._rewind(self.actions[-1][:start])
        hints = self.streams.hints
        self.streams = self.match.streams()
        self.streams.skip(draws, hints)
        self.practice = self.taken_back = True
        if self.on_change is not None:
            self.on_change("action")
        return True

    def _rewind(self, actions: list[str]) -> None:
        """Put the deal back to its start and apply ``actions`` at once; followers are told it whole."""
        self.stop()
        self.deal = self._dealt()
        self.actions[-1] = []
        events: list[Any] = [self.deal.dealt(), *self.deal.opening_events]
        for text in actions:
            events.extend(self.deal.apply(self.game.parse_action(text)))
            self.actions[-1].append(text)
        self._push("rewound", None, tuple(events))

    # ------------------------------------------------------------------ keeping

    def progress(self) -> dict[str, Any]:
        """The match's position as a value to keep: every action so far and how far each random stream
        has been drawn for decisions already made (:meth:`resume` puts it back)."""
        draws = list(self.streams.draws)
        if self._asked is not None and self._asked_seat is not None:
            draws[self._asked_seat] -= 1  # a decision still being thought about is drawn again after a resume
        kept = {"deals": [list(a) for a in self.actions], "draws": draws, "hints": self.streams.hints,
                "turns": len(self.deal.turns), "recorded": self.deal_recorded, "practice": self.practice}
        if self.taken_back:
            kept["taken_back"] = True
        if self.match.first_number is not None:
            kept.update(first_number=self.match.first_number, first_dealer=self.match.first_dealer)
        return kept

    def resume(self, progress: dict[str, Any]) -> None:
        """Play a new session's match forward to a kept position, at once: the same deals, the same moves,
        and the random streams drawn as far as they were, so what follows is what would have."""
        deals = progress.get("deals") or [[]]
        first = progress.get("first_number")
        if first is not None:  # a match started from a deal number: its first deal is dealt from it
            if self.match.deals_played or self.deal_number != 1:
                raise IllegalMove("a match is started from a deal number before its first deal is played")
            self.match.first_number = check_deal_number(first)
            dealer = progress.get("first_dealer", self.match.first_dealer)
            if isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < self.seats:
                self.match.first_dealer = dealer
            self.streams = self.match.streams()
        for number, actions in enumerate(deals, start=1):
            if number > 1:
                self.record_deal()
                if not self.next_deal():
                    raise IllegalMove("the kept match has more deals than it is long")
            self._rewind(list(actions))
        self.streams.skip(list(progress.get("draws", [])), int(progress.get("hints", 0)))
        self.practice = progress.get("practice") is True
        self.taken_back = self.practice and progress.get("taken_back") is True
        if progress.get("recorded"):
            self.record_deal()
