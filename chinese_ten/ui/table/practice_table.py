"""A practice position laid out on the table as its seat saw it: its own hand face up, the others face down.

:class:`PracticeTable` replays the position's record (:attr:`chinese_ten.practice.PracticePosition.decided`,
in either game) and tells every event to the seat as the live table's feed does (the game's ``tell``): the
board it builds, as the game's table adapter lays it, holds the seat's own cards and the backs of the others,
never a card of another hand or of the stock. The painter draws it as a
:class:`~chinese_ten.ui.table.tableview.TableView`, the seat at the bottom.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from chinese_ten.cards import Card
from chinese_ten.i18n import _
from chinese_ten.practice import Position
from chinese_ten.ui.table.animation import Step, StepFactory, finish_steps
from chinese_ten.ui.table.board import Board
from chinese_ten.ui.table.choreography import Choreographer, Pace
from chinese_ten.ui.table.controller import SeatInfo
from chinese_ten.ui.table.games import table_game
from chinese_ten.ui.table.narration import Narration
from chinese_ten.ui.table.tableview import AnimatedDeal


class PracticeTable(AnimatedDeal):
    """A practice position shown from its seat, at rest (a :class:`TableView`); nothing on it moves."""

    def __init__(self, position: Position, infos: Sequence[SeatInfo], pace: Pace) -> None:
        """The position as its seat was shown it; ``ValueError`` when its record does not reach the decision."""
        decided = position.decided
        self.position = position
        self.seat = position.seat
        self.infos = list(infos)
        self.names = [i.name for i in self.infos]
        self.start = decided.start
        self.deal = decided.deal
        self.face_up: frozenset[int] = frozenset({self.seat})
        self.narration = Narration(self.names)
        self.choreo = Choreographer(self.narration, pace, self.face_up)
        self.game = table_game(position.game)
        """The table adapter of the position's game."""
        dealt, *opening = self.start.tell([self.start.dealt(), *self.start.opening_events], self.seat)
        self.board: Board = self.game.board(dealt, opening)
        self.queue: deque[StepFactory] = deque(self.choreo.steps_for(opening))
        self.queue.extend(self.choreo.steps_for(self.deal.tell(decided.events, self.seat)))
        self.current: Step | None = None
        finish_steps(self)

    @property
    def seats(self) -> int:
        """How many seats the deal has."""
        return self.start.seats

    @property
    def dealer(self) -> int:
        """The dealer of the deal."""
        return self.start.dealer

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom: the one that decides."""
        return self.seat

    def _shown_to_move(self) -> int | None:
        return self.game.to_move(self.deal.observe(self.seat))

    def _shown_over(self) -> bool:
        return bool(self.deal.is_over)

    def points_of(self, card: Card) -> int:
        """What ``card`` scores in this deal."""
        return self.game.points_of(self.deal.observe(self.seat), card)

    def pile_caption(self, seat: int) -> str:
        """The words over a seat's pile: its points so far where the game shows them there, as at the table."""
        if self.game.points_at_piles:
            return _("{points} pts").format(points=self.board.points[seat])
        return super().pile_caption(seat)

    def hand(self) -> list[Card]:
        """The seat's hand in the order the table shows it."""
        return self.board.open_hand(self.seat)
