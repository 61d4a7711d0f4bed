"""What one seat may know about a deal, and nothing else.

A :class:`SeatView` is the only thing a computer player is given. It holds the
seat's own hand, the layout, the piles as their captures were announced, every
card that has lain face up, and the sizes of the other hands and of the stock.
It never holds another hand or the order of the stock, so a player built on it
cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.games.ten.rules import PARTNER_RANK, RuleSet
from chinese_ten.engine.seatview import CommonView
from chinese_ten.engine.scores import as_number
from chinese_ten.games.ten.turns import PendingChoice, Phase, TurnRecord


@dataclass(frozen=True)
class SeatView(CommonView):
    """One seat's knowledge of a deal at one moment: what every game's view holds (the seat, its hand, the
    table and every card seen), the rules, whose move it is, the phase of the turn and the turns played."""

    rules: RuleSet
    to_move: int | None
    phase: Phase
    pending: PendingChoice | None
    turns: tuple[TurnRecord, ...]
    opening_layout: tuple[Card, ...]
    """The layout when play began (after any opening capture and refill)."""

    @property
    def tie_score(self) -> Fraction:
        """The points that make a result of zero: the pack's worth over the seats, and once the deal is
        over what was scored over the seats (cards left at the end score for nobody)."""
        if self.phase is Phase.OVER:
            return Fraction(sum(self.points), self.seats)
        return Fraction(sum(self.points_table), self.seats)

    def choice_matters(self, card: Card | int) -> bool:
        """True when ``card`` could take layout cards worth different points (a choice to make)."""
        if self.is_triple(card):
            return False
        pts = self.points_table
        return len({pts[c] for c in self.candidates(card)}) > 1

    @property
    def points_table(self) -> tuple[int, ...]:
        """Every card's points at this deal's seat count."""
        return self.rules.points_table(self.seats)

    def points_of(self, card: Card | int) -> int:
        """A card's points in this deal."""
        return self.points_table[card]

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points so far, from the announced captures."""
        pts = self.points_table
        return tuple(sum(pts[c] for c in pile) for pile in self.piles)

    @property
    def margins(self) -> tuple[int | float, ...]:
        """Each seat's points minus the tie score (leftovers at the end of the deal score for nobody)."""
        total = sum(self.points_table)
        if self.to_move is None:
            total -= sum(self.points_table[c] for c in self.layout)
        tie = Fraction(total, self.seats)
        return tuple(as_number(p - tie) for p in self.points)

    @property
    def my_turn(self) -> bool:
        """True when this seat is to act (to play, or to choose a capture)."""
        return self.to_move == self.seat

    @property
    def big_points(self) -> Fraction:
        """The points from which a card is a big one to give away, in the scoring table in force."""
        return self.rules.big_points(self.seats)

    def is_big(self, card: Card | int) -> bool:
        """True when the card scores at least :attr:`big_points`."""
        return self.points_table[card] >= self.big_points

    def candidates(self, card: Card | int) -> tuple[Card, ...]:
        """The layout cards an entering card would capture (all three for a triple)."""
        return tuple(self.rules.candidates(card, self.layout))  # type: ignore[arg-type]

    def is_triple(self, card: Card | int) -> bool:
        """True when the card would take three of its rank at once."""
        return self.rules.takes_all(card, self.rules.candidates(card, self.layout))

    def best_take(self, card: Card | int) -> Card | None:
        """The candidate a card takes by default: highest points, earliest on a tie."""
        best: Card | None = None
        pts = self.points_table
        for c in self.candidates(card):
            if best is None or pts[c] > pts[best]:
                best = c
        return best

    def capture_points(self, card: Card | int) -> int:
        """Points the card would win if played now: its own plus the best it takes (0 if it takes nothing)."""
        gain = self.rules.capture_gain(card, self.rules.candidates(card, self.layout), self.points_table)
        return gain or 0

    def partners_unaccounted(self, card: Card | int) -> int:
        """How many cards that could capture ``card`` are neither seen nor in this hand."""
        p = PARTNER_RANK[card >> 2]
        mine = set(self.hand)
        return sum(1 for c in ALL_CARDS[p * 4:p * 4 + 4]
                   if c != card and c not in self.seen and c not in mine)
