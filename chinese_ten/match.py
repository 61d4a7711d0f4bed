"""A match: several deals at one table, the dealer moving on, results added up.

The match-level rule options live here: who deals next (one seat on, or the
lowest scorer) and who wins (the highest total, or everyone at or above the tie
score in the last deal). So do the match's random streams: every deal's shuffle,
each seat's decisions and the hint draw from streams of their own, derived from
the match seed by hashing, so asking for a hint or a computer thinking longer
never changes a later deal.

>>> m = Match(seats=2, length=MatchLength.parse("per-seat"), first_dealer=1)
>>> m.total_deals, m.next_dealer
(2, 1)
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from fractions import Fraction

from .deal import Deal
from .rules import CLASSIC, RuleSet, as_number

_KINDS = {"one": "one deal", "per-seat": "one deal per seat", "two-per-seat": "two deals per seat"}

MATCH_LENGTHS: tuple[str, ...] = (*_KINDS, "six")
"""The match lengths a person can choose, by the names :meth:`MatchLength.parse` reads."""


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


def derive_seed(seed: int | str, *labels: object) -> int:
    """A 63-bit seed for one stream, hashed from the master seed and the stream's labels."""
    text = "/".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


class DealStreams:
    """The random streams of one deal: its shuffle, each seat's decisions and the hint, each on its own."""

    __slots__ = ("shuffle", "_seats", "_hint", "draws", "hints")

    def __init__(self, seed: int | str, number: int, seats: int, rotation: int = 0) -> None:
        """The streams of deal ``number`` (0 for the first) of the match with master ``seed``."""
        self.shuffle = random.Random(derive_seed(seed, "shuffle", number))
        self._seats = [random.Random(derive_seed(seed, "seat", number, rotation, s)) for s in range(seats)]
        self._hint = random.Random(derive_seed(seed, "hint", number))
        self.draws = [0] * seats
        """How many decision seeds each seat has drawn."""
        self.hints = 0
        """How many hint seeds have been drawn."""

    def skip(self, draws: list[int], hints: int = 0) -> None:
        """Draw and drop seeds until each seat has drawn ``draws[seat]`` and the hint ``hints``: a kept
        position's streams carry on exactly where they were."""
        for seat, wanted in enumerate(draws):
            while self.draws[seat] < wanted:
                self.decision_seed(seat)
        while self.hints < hints:
            self.hint_seed()

    def decision_seed(self, seat: int) -> int:
        """The seed of this seat's next decision (a player decides with ``random.Random(seed)``)."""
        self.draws[seat] += 1
        return self._seats[seat].getrandbits(32)

    def decision_rng(self, seat: int) -> random.Random:
        """The random source of this seat's next decision."""
        return random.Random(self.decision_seed(seat))

    def hint_seed(self) -> int:
        """The seed of the next hint."""
        self.hints += 1
        return self._hint.getrandbits(32)


@dataclass
class Match:
    """The deals of one match, their results and the totals."""

    seats: int
    length: MatchLength = field(default_factory=lambda: MatchLength("per-seat"))
    first_dealer: int = 0
    rules: RuleSet = CLASSIC
    seed: int | str | None = None
    results: list[tuple[Fraction, ...]] = field(default_factory=list)
    points: list[tuple[int, ...]] = field(default_factory=list)
    dealers: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.seats not in self.rules.seat_counts():
            counts = ", ".join(map(str, self.rules.seat_counts()))
            raise ValueError(f"a match under these rules is for {counts} seats, not {self.seats}")
        if self.seed is None:
            self.seed = random.SystemRandom().getrandbits(63)
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
        """The dealer of the next deal: one seat on, or under ``next_dealer: lowest`` the lowest scorer
        of the deal just played (on a tie, the first of them in turn order after that deal's dealer)."""
        if not self.deals_played:
            return self.first_dealer
        if self.rules.next_dealer == "lowest" and self.dealers:
            last = self.dealers[-1]
            order = [self.rules.next_seat(last, self.seats)]
            while len(order) < self.seats:
                order.append(self.rules.next_seat(order[-1], self.seats))
            points = self.points[-1]
            return min(order, key=lambda s: points[s])
        return (self.first_dealer + self.rules.step * self.deals_played) % self.seats

    def streams(self, number: int | None = None) -> DealStreams:
        """The random streams of deal ``number`` (0 for the first; default: the next deal)."""
        n = self.deals_played if number is None else number
        return DealStreams(self.seed, n, self.seats)  # type: ignore[arg-type]

    def new_deal(self, rng: random.Random | None = None) -> Deal:
        """Shuffle and deal the next deal of the match (with its own shuffle stream unless ``rng`` is given)."""
        if self.is_over:
            raise ValueError("the match is over")
        if rng is None:
            rng = self.streams().shuffle
        return Deal.shuffled(self.seats, rng, self.next_dealer, self.rules)

    def finish_deal(self, deal: Deal) -> None:
        """Add a finished deal's results to the match."""
        if not deal.is_over:
            raise ValueError("the deal is not over yet")
        if self.is_over:
            raise ValueError("the match is over")
        self.dealers.append(deal.dealer)
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
        """The seats that share the win once the match is over (empty before): the highest total,
        or under ``win: target`` every seat at or above the tie score in the last deal."""
        if not self.is_over:
            return ()
        if self.rules.win == "target":
            return tuple(s for s, m in enumerate(self.results[-1]) if m >= 0)
        return self.leaders()
