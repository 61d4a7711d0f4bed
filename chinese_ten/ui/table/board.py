"""What the table shows right now, which may lag the engine while a turn is animated.

The :class:`Board` is the picture, not the rules: which cards lie in which
layout slot, how many cards each pile and the stock hold. Animation steps move
it forward one movement at a time until it matches the deal again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from chinese_ten.cards import Card
from chinese_ten.ui.table.geometry import slot_capacity


@dataclass(frozen=True)
class Loc:
    """A logical place on the table, turned into pixels only when drawn.

    ``kind`` is ``hand`` (``seat``, ``index`` of ``count``), ``slot`` (``index``),
    ``near`` (on top of slot ``index``, offset as a capturing card), ``pile``
    (``seat``), ``stock`` or ``stage`` (just above the stock).
    """

    kind: str
    seat: int = 0
    index: int = 0
    count: int = 0


def hand_order(cards: list[Card] | tuple[Card, ...]) -> list[Card]:
    """The person's hand as shown: by rank, then suit."""
    return sorted(cards, key=lambda c: (c.rank, c.suit))


def shown_hand(hand: Sequence[Card | None]) -> list[Card | None]:
    """A hand as laid on the table: open cards in hand order, face-down ones as they come."""
    if any(c is None for c in hand):
        return [None] * len(hand)
    return list(hand_order([c for c in hand if c is not None]))


@dataclass
class Board:
    """The visible state of the table."""

    seats: int
    hands: list[list[Card | None]]
    """Each seat's hand as the table knows it: the cards of open hands, ``None`` for a card face down."""
    slots: dict[int, Card] = field(default_factory=dict)
    reserved: set[int] = field(default_factory=set)
    resting: dict[Card, Loc] = field(default_factory=dict)
    stock: int = 0
    piles: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    capacity: int = 20
    version: int = 0
    held_hands: list[list[Card | None]] | None = None
    """The hands as dealt, held back while thrown-in layouts are shown first."""
    held_layout: tuple[Card, ...] = ()
    """The layout as dealt, held back with the hands."""

    @classmethod
    def dealt(cls, hands: Sequence[Sequence[Card | None]], layout: Sequence[Card], stock: int, *,
              capacity: int = 20, thrown: Sequence[Card] | None = None) -> Board:
        """The table as one seat was told the cards were dealt (the hands it may not see face down), before
        any opening capture; when dead layouts were thrown in first, the first of them (``thrown``) with no hands
        yet, the hands and the layout dealt held back."""
        seats = len(hands)
        shown: list[list[Card | None]] = [shown_hand(h) for h in hands]
        board = cls(seats=seats, hands=shown, stock=stock, piles=[0] * seats, points=[0] * seats, capacity=capacity)
        if thrown is not None:
            board.held_hands, board.hands = board.hands, [[] for _ in shown]
            board.held_layout, layout = tuple(layout), thrown
        for i, card in enumerate(layout):
            board.slots[i] = card
        return board

    def copy(self) -> Board:
        """An independent copy of the picture."""
        return Board(self.seats, [h[:] for h in self.hands], dict(self.slots), set(self.reserved),
                     dict(self.resting), self.stock, self.piles[:], self.points[:], self.capacity, self.version)

    def open_hand(self, seat: int) -> list[Card]:
        """The cards of a hand the table shows face up (none of a face-down one)."""
        return [c for c in self.hands[seat] if c is not None]

    def touch(self) -> None:
        """Note that the picture changed."""
        self.version += 1

    def slot_of(self, card: Card) -> int | None:
        """The slot where ``card`` lies, if it lies in the layout."""
        for i, c in self.slots.items():
            if c == card:
                return i
        return None

    def free_slot(self) -> int:
        """The preferred empty slot, growing the grid when every slot is taken."""
        used = set(self.slots) | self.reserved
        i = 0
        while i in used:
            i += 1
        if i >= self.capacity:
            self.capacity = slot_capacity(i + 1)
        return i

    def take_from_hand(self, seat: int, card: Card) -> Loc:
        """Remove ``card`` from a hand, returning where it was."""
        hand = self.hands[seat]
        count = len(hand)
        index = hand.index(card) if card in hand else max(0, count - 1)
        if card in hand:
            hand.remove(card)
        elif hand:
            hand.pop()
        self.touch()
        return Loc("hand", seat, index, count)

    def origin_of(self, seat: int, card: Card) -> Loc:
        """Where an entering card starts its next movement, taking it from there."""
        loc = self.resting.pop(card, None)
        if loc is not None:
            self.touch()
            return loc
        return self.take_from_hand(seat, card)
