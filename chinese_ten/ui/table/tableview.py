"""What the painter reads to draw a table, whoever keeps it: the live match or a review of a deal.

The live table (:class:`~chinese_ten.ui.table.controller.TableController`) shows the
person's hand face up and the computers' face down; a review shows every hand
face up. The painter draws from this view alone and never asks which it has.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Protocol

from chinese_ten.cards import Card
from chinese_ten.i18n import _
from chinese_ten.ui.table.animation import Step, StepFactory
from chinese_ten.ui.table.board import Board

class Seat(Protocol):
    """Who sits in a seat, as the painter writes it on the seat's plate
    (:class:`~chinese_ten.ui.table.controller.SeatInfo` is one)."""

    @property
    def name(self) -> str:
        """The name on the plate."""

    @property
    def player(self) -> str | None:
        """A computer's strength; None for the person."""

    @property
    def is_person(self) -> bool:
        """True for the person."""

    @property
    def mark(self) -> str:
        """What the plate says under the name instead of the strength (empty: the strength)."""

    @property
    def notice(self) -> bool:
        """True when the mark matters more than the count of cards left (shown alone on a narrow plate)."""


class TableView(Protocol):
    """A table as the painter draws it: the picture of the cards, the seats and whose turn it is."""

    @property
    def board(self) -> Board:
        """The picture: hands, layout slots, cards at rest, stock count, piles and points."""

    @property
    def infos(self) -> Sequence[Seat]:
        """Who sits in each seat: the name on its plate and, for a computer, its strength."""

    @property
    def shown_turn(self) -> int | None:
        """The seat whose turn the table shows (None when no one is to move)."""

    @property
    def dealer(self) -> int:
        """The dealer's seat (it carries the dealer chip)."""

    @property
    def deal_over(self) -> bool:
        """True once the deal shown has ended (no seat is marked as being to move)."""

    @property
    def face_up(self) -> frozenset[int]:
        """The seats whose hands are drawn face up; the bottom seat's always is."""

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom of the table (the person's; the others follow it clockwise)."""

    def points_of(self, card: Card) -> int:
        """What ``card`` scores under the rules of the deal shown (for its point badge)."""

    def pile_caption(self, seat: int) -> str:
        """The words over a seat's pile."""


class AnimatedDeal:
    """A deal shown through a queue of movements: what the live table and a review read the same way."""

    current: Step | None
    """The movement being shown."""
    queue: deque[StepFactory]
    """The movements still to show."""

    @property
    def busy(self) -> bool:
        """True while the board is still catching up with the engine."""
        return self.current is not None or bool(self.queue)

    @property
    def shown_turn(self) -> int | None:
        """The seat whose turn the table shows: the one being animated, else the one to move."""
        if self.current is not None and self.current.seat is not None:
            return self.current.seat
        return self._shown_to_move()

    @property
    def deal_over(self) -> bool:
        """True once the deal shown has ended in the engine."""
        return self._shown_over()

    def pile_caption(self, seat: int) -> str:
        """The words over a seat's pile: what it is."""
        return _("taken")

    def _shown_to_move(self) -> int | None:
        """The seat to move in the deal as this table knows it."""
        raise NotImplementedError

    def _shown_over(self) -> bool:
        """True once the deal as this table knows it is over."""
        raise NotImplementedError
