"""A deal record laid out for review: every hand face up, any turn reached at once or played as at the table.

:class:`ReviewTable` replays the record through its game's engine once (the game's table adapter,
:meth:`~chinese_ten.ui.table.games.TableGame.replayed`, found by the record's ``format``), keeping
each turn's events and the deal after it; the painter draws it as a
:class:`~chinese_ten.ui.table.tableview.TableView`. Moving on a turn animates that turn's events with the table's
own choreography; any other move (back, to the start, to the end, to a chosen turn) is shown at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from chinese_ten.cards import Card
from chinese_ten.i18n import _, sentences
from chinese_ten.ui.table.animation import Step, StepFactory, finish_steps, run_steps
from chinese_ten.ui.table.board import Board
from chinese_ten.ui.table.choreography import Choreographer, Pace
from chinese_ten.ui.table.controller import SeatInfo
from chinese_ten.ui.table.games import record_game
from chinese_ten.ui.table.games.ten import turn_events as turn_events
from chinese_ten.ui.table.narration import Narration, leading
from chinese_ten.ui.table.presenters import Event
from chinese_ten.ui.table.tableview import AnimatedDeal


class ReviewTable(AnimatedDeal):
    """One deal record shown turn by turn with every hand face up (a :class:`TableView`).

    ``at`` counts the turns played on the table (0: as dealt, after any opening capture); the
    picture (``board``) may lag behind it while a turn is being animated.
    """

    def __init__(self, record: dict[str, Any], infos: Sequence[SeatInfo], pace: Pace) -> None:
        """The record's deal at its start; refuses an illegal record (a ``ValueError`` in one line: Chinese Ten's
        :class:`~chinese_ten.engine.records.RecordError`, Go Fishing's ``FishingRecordError``)."""
        self.game = record_game(record)
        """The table adapter of the record's game."""
        replayed = self.game.replayed(record)
        self.turns: tuple[Any, ...] = replayed.turns
        """Each turn as the engine keeps it (its ``seat`` played it)."""
        self.start: Any = replayed.start
        self.infos = list(infos)
        self.names = [i.name for i in self.infos]
        self.pace = pace
        self.positions: list[Any] = list(replayed.positions)
        """The deal after each number of turns: ``positions[k]`` has ``k`` turns played."""
        self.events: list[list[Event]] = [list(e) for e in replayed.events]
        """Each turn's events, in order (``events[k]`` is turn ``k + 1``'s)."""
        self.stock_order: tuple[Card, ...] = self.start.initial[2]
        """The stock as dealt, top card first: every card leaves it from the top."""
        self.face_up: frozenset[int] = frozenset(range(self.start.seats))
        self.narration = Narration(self.names)
        self.choreo = Choreographer(self.narration, pace, self.face_up)
        self.board: Board = self.game.dealt_board(self.start)
        self.queue: deque[StepFactory] = deque()
        self.current: Step | None = None
        self.at = 0
        self.goto(0)

    # ------------------------------------------------------------------ the view

    @property
    def seats(self) -> int:
        """How many seats the deal has."""
        return self.start.seats

    @property
    def at(self) -> int:
        """How many turns are played on the table; ``deal`` is the engine's position after them, ahead of any
        animation."""
        return self._at

    @at.setter
    def at(self, turns: int) -> None:
        self._at = turns
        self.deal = self.positions[turns]

    @property
    def last(self) -> int:
        """The number of turns in the record."""
        return len(self.turns)

    @property
    def dealer(self) -> int:
        """The dealer of the deal."""
        return self.start.dealer

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom: seat 0, every hand being face up."""
        return 0

    def _shown_to_move(self) -> int | None:
        return self.game.to_move(self.deal)

    def _shown_over(self) -> bool:
        return self.game.is_over(self.deal)

    def points_of(self, card: Card) -> int:
        """What ``card`` scores in this deal."""
        return self.game.points_of(self.start, card)

    def pile_caption(self, seat: int) -> str:
        """The words over a seat's pile: its points so far where the game shows them there, as at the table."""
        if self.game.points_at_piles:
            return _("{points} pts").format(points=self.board.points[seat])
        return super().pile_caption(seat)

    def margins_at(self, turns: int) -> list[Any]:
        """Each seat's result after ``turns`` turns, as the game counts it (meaningful once the deal is over)."""
        return self.game.margins(self.positions[turns])

    def over_at(self, turns: int) -> bool:
        """True when the deal is over after ``turns`` turns."""
        return self.game.is_over(self.positions[turns])

    def stock_shown(self) -> tuple[Card, ...]:
        """The stock as the table shows it now, next card first."""
        left = self.board.stock
        return self.stock_order[len(self.stock_order) - left:] if left else ()

    def turn_record(self, number: int) -> Any | None:
        """Turn ``number`` (from 1) of the record, or None past its ends."""
        return self.turns[number - 1] if 1 <= number <= len(self.turns) else None

    def turn_words(self, number: int) -> str:
        """Turn ``number`` (from 1) told in words, as the table's list of turns tells it."""
        told = Narration(self.names)
        events = self.events[number - 1]
        before = leading(self.events[number - 2], self.names) if number >= 2 else []
        after = leading(events, self.names)  # the next turn's start
        for event in [*before, *events[:len(events) - len(after)]]:
            told.add(event)
        return sentences(told.entries)

    # ------------------------------------------------------------------ moving

    def goto(self, turns: int) -> None:
        """Show the position after ``turns`` turns at once (kept within the record)."""
        turns = max(0, min(self.last, turns))
        self.queue.clear()
        self.current = None
        self.narration.clear()
        self.board = self.game.dealt_board(self.start)
        self.queue.extend(self.choreo.steps_for(list(self.start.opening_events)))
        for k in range(turns):
            self.queue.extend(self.choreo.steps_for(self.events[k]))
        self.at = turns
        self.finish()

    def forward(self) -> bool:
        """Play the next turn on the table, animated (a turn still moving is finished first); False at the end."""
        self.finish()
        if self.at >= self.last:
            return False
        self.queue.extend(self.choreo.steps_for(self.events[self.at]))
        self.at += 1
        return True

    def back(self) -> bool:
        """Show the position one turn earlier, at once; False at the start."""
        if self.at == 0 and not self.busy:
            return False
        self.goto(self.at - 1)
        return True

    def finish(self) -> bool:
        """Finish the movement under way at once; True when there was one."""
        return finish_steps(self)

    def update(self, dt: float) -> None:
        """Move the animation on by ``dt`` seconds."""
        run_steps(self, dt)
