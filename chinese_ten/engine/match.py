"""A match: several deals at one table, the dealer moving on, results added up.

The match is the same for every game: its deals come from the game's spec
(:class:`~chinese_ten.engine.game.GameSpec`) under the game's rules, and the
match-level rule options are read from those rules: who deals next (one seat on,
or the lowest scorer) and who wins (the highest total, or everyone at or above
the tie score in the last deal). Its random streams are in
:mod:`chinese_ten.engine.streams`.

>>> from chinese_ten.games import game_named
>>> m = Match(game_named("ten"), seats=2, length=MatchLength.parse("per-seat"), first_dealer=1)
>>> m.total_deals, m.next_dealer
(2, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from chinese_ten.engine.game import GameSpec, GameState
from chinese_ten.engine.scores import as_number
from chinese_ten.engine.streams import DealStreams, check_deal_number, deal_number

_KINDS = {"one": "one deal", "per-seat": "one deal per seat", "two-per-seat": "two deals per seat"}

MATCH_LENGTHS: tuple[str, ...] = (*_KINDS, "six")
"""The match lengths a person can choose, by the names :meth:`MatchLength.parse` reads."""


def first_dealer(rules: Any, seats: int, leader: int = 0) -> int:
    """The dealer of a match's first deal, the seat that lets ``leader`` lead it (RULES.md: against computers
    the person leads the first deal), and so of every deal dealt from its deal number alone: ``simulate``'s
    every shuffle, Play deal number…, and ``--deal N`` of the bare command and ``demo`` are all dealt so that
    seat 0 leads, so the same number means the same cards and the same dealer wherever it is played."""
    return int(rules.dealer_for_leader(leader, seats))


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


class MatchRules(Protocol):
    """What a match reads of a game's rules: the seat counts, the turn order and the match options."""

    next_dealer: str
    win: str

    @property
    def step(self) -> int:
        """+1 when play passes to the next seat number, -1 when to the one before."""
        ...

    def seat_counts(self) -> tuple[int, ...]:
        """The seat counts a deal under these rules can have."""
        ...

    def next_seat(self, seat: int, seats: int) -> int:
        """The seat that plays after ``seat``."""
        ...


@dataclass
class Match:
    """The deals of one match of a game, their results and the totals."""

    game: GameSpec
    seats: int
    length: MatchLength = field(default_factory=lambda: MatchLength("per-seat"))
    first_dealer: int = 0
    rules: Any = None
    """The game's rules (a :class:`MatchRules`); None: the game's default rules."""
    seed: int | str | None = None
    first_number: int | None = None
    """The deal number of the match's first deal (None: the seed's, as every later deal's). A match started
    from a deal number deals that deal first and then goes on as the match of its seed would: deal ``k``
    (``k`` >= 1) is :func:`~chinese_ten.engine.streams.deal_number` of the seed and ``k``, whatever the first."""
    results: list[tuple[Fraction, ...]] = field(default_factory=list)
    points: list[tuple[int, ...]] = field(default_factory=list)
    dealers: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.rules is None:
            self.rules = self.game.default_rules
        if self.seats not in self.rules.seat_counts():
            counts = ", ".join(map(str, self.rules.seat_counts()))
            raise ValueError(f"a match under these rules is for {counts} seats, not {self.seats}")
        if self.seed is None:
            self.seed = random.SystemRandom().getrandbits(63)
        if self.first_number is not None:
            check_deal_number(self.first_number)
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

    def deal_number(self, number: int | None = None) -> int:
        """The deal number (INTERFACE.md "Deal numbers") of deal ``number`` (0 for the first; default: the next
        deal): the one it is shuffled from, so ``game.deal(seats, random.Random(it), dealer, rules)`` deals it again."""
        n = self.deals_played if number is None else number
        if n == 0 and self.first_number is not None:
            return self.first_number
        return deal_number(self.seed, n)  # type: ignore[arg-type]

    def streams(self, number: int | None = None) -> DealStreams:
        """The random streams of deal ``number`` (0 for the first; default: the next deal)."""
        n = self.deals_played if number is None else number
        return DealStreams(self.seed, n, self.seats, dealt=self.deal_number(n))  # type: ignore[arg-type]

    def new_deal(self, rng: random.Random | None = None) -> Any:
        """Shuffle and deal the next deal of the match (with its own shuffle stream unless ``rng`` is given)."""
        if self.is_over:
            raise ValueError("the match is over")
        if rng is None:
            rng = self.streams().shuffle
        return self.game.deal(self.seats, rng, self.next_dealer, self.rules)

    def finish_deal(self, deal: GameState) -> None:
        """Add a finished deal's results to the match."""
        if not deal.is_over:
            raise ValueError("the deal is not over yet")
        if self.is_over:
            raise ValueError("the match is over")
        self.dealers.append(deal.dealer)
        self.results.append(deal.returns())
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
