"""The rules a deal is played under, as data.

A :class:`RuleSet` names the choices on which the rules pages differ (who leads,
how a card scores, how big the hands are). The turn logic in :mod:`chinese_ten.deal`
reads these fields and never tests a rule set's name, so a variant is added by
adding data here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .cards import ALL_CARDS, Card
from .quote import quote

PARTNER_RANK: tuple[int, ...] = (8, 7, 6, 5, 4, 3, 2, 1, 0, 9, 10, 11, 12)
"""For each rank index (0 = ace … 12 = king), the rank index it captures."""

SELF_PAIRING_RANKS: frozenset[int] = frozenset({4, 9, 10, 11, 12})
"""Rank indices captured only by their own rank: 5, 10, J, Q, K."""


def classic_points(card: Card, seats: int) -> int:
    """A card's points in the classic scoring table."""
    rank = card.rank
    if card.is_red:
        if rank == 1:
            return 20
        return 10 if rank >= 9 else rank
    if rank == 1 and card.suit == "S":
        return 30 if seats >= 3 else 0
    if rank == 1 and card.suit == "C":
        return 40 if seats >= 4 else 0
    return 0


def red_frog_points(card: Card, seats: int) -> int:
    """A card's points in the Red Frog Black Frog table (black cards score)."""
    if card.is_red:
        return 0
    rank = card.rank
    if rank == 1:
        return 50 if card.suit == "S" else 0
    return 10 if rank >= 10 else rank


def simplified_points(card: Card, seats: int) -> int:
    """A card's points in the Simplified table (every card scores)."""
    rank = card.rank
    if rank == 1:
        return 15
    return 20 if rank >= 10 else 10


@dataclass(frozen=True)
class RuleSet:
    """A named set of rule choices; ``CLASSIC`` is the game as RULES.md deals it."""

    name: str
    points: Callable[[Card, int], int] = classic_points
    dealer_leads: bool = False
    hand_sizes: tuple[tuple[int, int], ...] = ((2, 12), (3, 8), (4, 6))
    layout_size: int = 4
    four_of_a_kind_to_dealer: bool = True

    def hand_size(self, seats: int) -> int:
        """Cards dealt to each seat at this many seats."""
        for n, size in self.hand_sizes:
            if n == seats:
                return size
        raise ValueError(f"rules {self.name!r} do not deal {seats} seats")

    def seat_counts(self) -> tuple[int, ...]:
        """The numbers of seats these rules can deal."""
        return tuple(n for n, _ in self.hand_sizes)

    def points_table(self, seats: int) -> tuple[int, ...]:
        """Every card's points at this many seats, indexed by card number."""
        return _points_table(self, seats)

    def pack_total(self, seats: int) -> int:
        """The points in the whole pack at this many seats."""
        return sum(self.points_table(seats))

    def tie_score(self, seats: int) -> Fraction:
        """The pack total divided by the seats: a result of zero."""
        return Fraction(self.pack_total(seats), seats)

    def first_to_play(self, dealer: int, seats: int) -> int:
        """The seat that plays first in a deal with this dealer."""
        return dealer if self.dealer_leads else (dealer + 1) % seats


_TABLES: dict[tuple[str, int], tuple[int, ...]] = {}


def _points_table(rules: RuleSet, seats: int) -> tuple[int, ...]:
    key = (rules.name, seats)
    table = _TABLES.get(key)
    if table is None:
        table = tuple(rules.points(c, seats) for c in ALL_CARDS)
        _TABLES[key] = table
    return table


CLASSIC = RuleSet("classic")
"""The classic rules: RULES.md, every option off."""

RULESETS: dict[str, RuleSet] = {CLASSIC.name: CLASSIC}
"""Rule sets by the name a deal record gives."""


def ruleset(name: str) -> RuleSet:
    """The rule set with this name; ``ValueError`` names an unknown one."""
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(RULESETS))
        raise ValueError(f"unknown rules {quote(name)} (known: {known})") from None


def as_number(value: Fraction) -> int | float:
    """A margin as a whole number, or with one decimal where it is not whole."""
    if value.denominator == 1:
        return int(value)
    return round(float(value), 1)
