"""What one seat may know of a Go Fishing deal, and nothing else.

A :class:`FishingView` is all a computer player is given: the seat's own hand, the
layout, every pile, the size of every hand and of the stock, every card that has lain
face up, and the turns played. It never holds another hand or the order of the stock.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from chinese_ten.cards import Card
from chinese_ten.engine.seatview import CommonView
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.legal import card_families
from chinese_ten.games.fishing.rules import CARD_POINTS, CARD_VALUE, HIGH_VALUE, LOW_VALUE, margins_of


@dataclass(frozen=True)
class FishingTurn:
    """One turn as everybody saw it: the seat, the card it played and the sets that card captured."""

    seat: int
    card: Card
    sets: tuple[tuple[Card, ...], ...] = ()

    @property
    def action(self) -> FishingAction:
        """The turn as the action that played it."""
        return FishingAction(self.card, self.sets)

    def to_json(self) -> dict[str, object]:
        """The turn as a record writes it (``take`` only when something was captured)."""
        out: dict[str, object] = {"seat": self.seat, "play": str(self.card)}
        if self.sets:
            out["take"] = [[str(c) for c in s] for s in self.sets]
        return out


@dataclass(frozen=True)
class FishingView(CommonView):
    """One seat's knowledge of a Go Fishing deal at one moment: what every game's view holds (the seat, its
    hand, the table and every card seen), whose turn it is and the turns played."""

    to_act: int | None
    """The seat to play now; None when no seat may play: the deal is over (:attr:`is_over`), or this seat's
    own decision is on its way to the table that applies it (a seat at a network table)."""
    turns: tuple[FishingTurn, ...]

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points so far."""
        return tuple(sum(CARD_POINTS[c] for c in pile) for pile in self.piles)

    @property
    def margins(self) -> tuple[Fraction, ...]:
        """Each seat's points minus the mean of all seats' points."""
        return margins_of(self.points)

    def values_out(self) -> tuple[tuple[int, int], ...]:
        """Each value from the two to the ace, and how many cards of it this seat has not seen (a play's sums are
        made of values)."""
        counts = dict.fromkeys(range(LOW_VALUE, HIGH_VALUE + 1), 0)
        for c in self.unseen:
            counts[CARD_VALUE[c]] += 1
        return tuple(counts.items())

    @property
    def is_over(self) -> bool:
        """True once every hand is empty: the deal's end, as the rules define it."""
        return not any(self.hand_sizes)

    @property
    def my_turn(self) -> bool:
        """True when this seat is to play."""
        return self.to_act == self.seat

    def families(self, card: Card | int) -> list[tuple[tuple[Card, ...], ...]]:
        """Every distinct family of sets ``card`` could capture from the layout now, nothing first."""
        return card_families(card, self.layout)

    def legal_actions(self) -> list[FishingAction]:
        """Every action this seat could take now (empty when it is not its turn)."""
        if not self.my_turn:
            return []
        return [FishingAction(c, f) for c in self.hand for f in card_families(c, self.layout)]
