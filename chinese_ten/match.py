"""A match: several deals at one table, the dealer moving on, results added up.

>>> m = Match(seats=2, length=MatchLength.parse("per-seat"), first_dealer=1)
>>> m.total_deals, m.next_dealer
(2, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction

from .deal import Deal
from .rules import CLASSIC, RuleSet, as_number

_KINDS = {"one": "one deal", "per-seat": "one deal per seat", "two-per-seat": "two deals per seat"}


@dataclass(frozen=True)
class MatchLength:
    """How long a match lasts: one deal, one or two per seat, or a fixed number."""

    kind: str
    deals: int = 0

    @classmethod
    def parse(cls, text: str | int) -> MatchLength:
        """Read ``one``, ``per-seat``, ``two-per-seat``, ``six`` or a number of deals."""
        if isinstance(text, int) and not isinstance(text, bool):
            return cls.fixed(text)
        key = str(text).strip().lower()
        if key in _KINDS:
            return cls(key)
        if key == "six":
            return cls.fixed(6)
        if key.isdigit():
            return cls.fixed(int(key))
        raise ValueError(f"unknown match length {text!r} (one, per-seat, two-per-seat, six or a number)")

    @classmethod
    def fixed(cls, deals: int) -> MatchLength:
        """A match of exactly this many deals."""
        if not 1 <= deals <= 1000:
            raise ValueError(f"a match has 1 to 1000 deals, not {deals}")
        return cls("fixed", deals)

    def total(self, seats: int) -> int:
        """The number of deals at this many seats."""
        if self.kind == "one":
            return 1
        if self.kind == "per-seat":
            return seats
        if self.kind == "two-per-seat":
            return 2 * seats
        return self.deals

    def describe(self, seats: int) -> str:
        """The length in words."""
        if self.kind == "fixed":
            return f"{self.deals} deals"
        return f"{_KINDS[self.kind]} ({self.total(seats)})"


@dataclass
class Match:
    """The deals of one match, their results and the totals."""

    seats: int
    length: MatchLength = field(default_factory=lambda: MatchLength("per-seat"))
    first_dealer: int = 0
    rules: RuleSet = CLASSIC
    results: list[tuple[Fraction, ...]] = field(default_factory=list)
    points: list[tuple[int, ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.seats not in self.rules.seat_counts():
            raise ValueError(f"a match is for 2, 3 or 4 seats, not {self.seats}")
        if not 0 <= self.first_dealer < self.seats:
            raise ValueError(f"the first dealer must be a seat from 0 to {self.seats - 1}")

    @property
    def total_deals(self) -> int:
        """How many deals the match has."""
        return self.length.total(self.seats)

    @property
    def deals_played(self) -> int:
        """How many deals have been finished."""
        return len(self.results)

    @property
    def is_over(self) -> bool:
        """True once the last deal has been finished."""
        return self.deals_played >= self.total_deals

    @property
    def next_dealer(self) -> int:
        """The dealer of the next deal: one seat on after every deal."""
        return (self.first_dealer + self.deals_played) % self.seats

    def new_deal(self, rng: random.Random) -> Deal:
        """Shuffle and deal the next deal of the match."""
        if self.is_over:
            raise ValueError("the match is over")
        return Deal.shuffled(self.seats, rng, self.next_dealer, self.rules)

    def finish_deal(self, deal: Deal) -> None:
        """Add a finished deal's results to the match."""
        if not deal.is_over:
            raise ValueError("the deal is not over yet")
        if self.is_over:
            raise ValueError("the match is over")
        self.results.append(deal.exact_margins)
        self.points.append(deal.points)

    @property
    def exact_totals(self) -> tuple[Fraction, ...]:
        """Each seat's results added up, exactly."""
        return tuple(sum((r[s] for r in self.results), Fraction(0)) for s in range(self.seats))

    @property
    def totals(self) -> tuple[int | float, ...]:
        """Each seat's results added up."""
        return tuple(as_number(t) for t in self.exact_totals)

    def leaders(self) -> tuple[int, ...]:
        """The seats sharing the highest total so far."""
        totals = self.exact_totals
        top = max(totals)
        return tuple(s for s, t in enumerate(totals) if t == top)

    def winners(self) -> tuple[int, ...]:
        """The seats sharing the highest total once the match is over (empty before)."""
        return self.leaders() if self.is_over else ()
