"""The numbers of Chinese Go Fishing: values for summing, points, seats, sizes and match lengths.

Suit never matters in this game, so every table here is indexed by card number
(0..51) and depends on the rank alone.

>>> from chinese_ten.cards import Card
>>> value_of(Card.parse("AS")), value_of(Card.parse("JD")), points_of(Card.parse("KC"))
(14, 11, 40)
>>> PACK_POINTS
920
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from chinese_ten.cards import ALL_CARDS, RANK_NAMES

SEAT_COUNTS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8)
"""The seat counts a deal can have."""

HAND_SIZE: int = 5
"""Cards dealt to each seat."""

LAYOUT_SIZE: int = 5
"""Cards dealt face up, and the size the layout is refilled to before every turn."""

MATCH_LENGTHS: tuple[str, ...] = ("per-seat", "one", "two-per-seat")
"""The match lengths offered, the default first: one deal per seat, one deal, two per seat."""

LOW_VALUE: int = 2
"""The smallest value a card has for summing (the two)."""

HIGH_VALUE: int = 14
"""The largest value a card has for summing (the ace)."""

_RANK_VALUES: tuple[int, ...] = (14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
_VALUE_POINTS: dict[int, int] = {**{v: 10 for v in range(2, 11)}, 11: 20, 12: 30, 13: 40, 14: 50}

CARD_VALUE: tuple[int, ...] = tuple(_RANK_VALUES[c >> 2] for c in range(52))
"""Every card's value for summing, by card number: 2–10 face value, J 11, Q 12, K 13, A 14."""

CARD_POINTS: tuple[int, ...] = tuple(_VALUE_POINTS[v] for v in CARD_VALUE)
"""Every captured card's points, by card number: 2–10 score 10, J 20, Q 30, K 40, A 50."""

VALUE_POINTS: tuple[int, ...] = tuple(_VALUE_POINTS.get(v, 0) for v in range(HIGH_VALUE + 1))
"""The points of a card of each value, indexed by value (0 and 1 unused)."""

PACK_POINTS: int = sum(CARD_POINTS)
"""The points of the whole pack (920)."""

TEN_CLASSIC_PACK: dict[int, int] = {2: 210, 3: 240, 4: 280}
"""What Chinese Ten's classic pack is worth at each of its seat counts.

The marks' thresholds were measured on Chinese Ten's classic table; Go Fishing
cannot read Chinese Ten's rules (the games never import each other), so the figures
are written here, and a test checks them against Chinese Ten's own."""


def stake_scale(seats: int) -> float:
    """How much Go Fishing's pack (920 points) is worth against Chinese Ten's classic pack at the
    same seat count, the four-seat one for more seats than Chinese Ten has (about 4.4 at two seats,
    3.3 from four): the marks' thresholds scale by it, as Chinese Ten's own do for a richer table.

    Each decision of a richer pack stakes more: a mid-deal capture of a king with a
    ten-and-three is 90 points here, where Chinese Ten's richest capture is a red ace's
    20 or so, so an unscaled blunder would be a Go Fishing rounding error."""
    return PACK_POINTS / TEN_CLASSIC_PACK.get(seats, TEN_CLASSIC_PACK[max(TEN_CLASSIC_PACK)])

assert PACK_POINTS == 920 and len(ALL_CARDS) == 52


VALUE_WORDS: tuple[str, ...] = ("", "", *(RANK_NAMES[v - 1] for v in range(LOW_VALUE, HIGH_VALUE)), RANK_NAMES[0])
"""Each value (index 2..14) in rank notation, with no suit: "2" to "10", "J", "Q", "K", "A" (the ace's 14)."""


def value_word(value: int) -> str:
    """A value in rank notation, as a review names a card whose suit it cannot know.

    >>> value_word(9), value_word(11), value_word(14)
    ('9', 'J', 'A')
    """
    return VALUE_WORDS[value]


def value_of_word(word: str) -> int:
    """The value :func:`value_word` names; ``ValueError`` for anything else.

    >>> value_of_word("K")
    13
    """
    if word in VALUE_WORDS[LOW_VALUE:]:
        return VALUE_WORDS.index(word)
    raise ValueError(f"not a Go Fishing value: {word!r} (2 to 10, J, Q, K or A)")


def value_of(card: int) -> int:
    """A card's value for summing."""
    return CARD_VALUE[card]


def points_of(card: int) -> int:
    """A captured card's points."""
    return CARD_POINTS[card]


def next_seat(seat: int, seats: int) -> int:
    """The seat that plays after ``seat`` (clockwise: one number more)."""
    return (seat + 1) % seats


def margins_of(points: tuple[int, ...] | list[int]) -> tuple[Fraction, ...]:
    """Each seat's result: its points minus the mean of all seats' points (they add to zero)."""
    mean = Fraction(sum(points), len(points))
    return tuple(p - mean for p in points)


@dataclass(frozen=True)
class FishingRules:
    """What a match of Go Fishing reads of its rules (the game has no house rules): its seat counts,
    play passing clockwise, the deal passing one seat on and the highest total winning."""

    preset: str = "standard"
    next_dealer: str = "rotate"
    win: str = "highest"
    step: int = 1

    def seat_counts(self) -> tuple[int, ...]:
        """The seat counts a deal can have (2 to 8)."""
        return SEAT_COUNTS

    def next_seat(self, seat: int, seats: int) -> int:
        """The seat that plays after ``seat``."""
        return next_seat(seat, seats)

    def dealer_for_leader(self, leader: int, seats: int) -> int:
        """The dealer that makes ``leader`` play first (the seat after the dealer leads)."""
        return (leader - 1) % seats

    def to_json(self) -> str:
        """The rules as a record or ``simulate --json`` names them."""
        return self.preset

    def options(self) -> dict[str, object]:
        """The rule options in force: none."""
        return {}


STANDARD = FishingRules()
"""The rules of Chinese Go Fishing (RULES.md)."""


def match_deals(length: str, seats: int) -> int:
    """The number of deals of a match of ``length`` (one of :data:`MATCH_LENGTHS`) at ``seats`` seats."""
    if length == "one":
        return 1
    if length == "per-seat":
        return seats
    if length == "two-per-seat":
        return 2 * seats
    raise ValueError(f"unknown match length {length!r} (known: {', '.join(MATCH_LENGTHS)})")
