"""The rules a deal is played under, as plain data.

A :class:`RuleSet` is a preset plus any options that differ from it (RULES.md,
"Rule options"). It holds only strings, booleans and tuples, so it is frozen,
hashable and picklable; the capture relation, the scoring tables and the deal
sizes are tables here, read by the engine, the seat view and the players
alike. Nothing tests a rule set's name: a variant is data.

>>> rules = RuleSet.of("taiwan")
>>> rules.lead, rules.first_to_play(dealer=1, seats=3)
('dealer', 1)
>>> RuleSet.of("classic", direction="counter-clockwise").next_seat(0, 3)
2
>>> RuleSet.of("red-frog").pack_total(3), RuleSet.of("red-frog").tie_score(3)
(218, Fraction(218, 3))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any, ClassVar

from chinese_ten.engine.options import GameOptions, Option, OptionError, Preset, show_value
from chinese_ten.i18n import N_
from chinese_ten.quote import or_list, quote

PARTNER_RANK: tuple[int, ...] = (8, 7, 6, 5, 4, 3, 2, 1, 0, 9, 10, 11, 12)
"""The capture relation: for each rank index (0 = ace … 12 = king), the rank index it captures."""

SELF_PAIRING_RANKS: frozenset[int] = frozenset({4, 9, 10, 11, 12})
"""Rank indices captured only by their own rank: 5, 10, J, Q, K."""

SELF_PAIRING: tuple[bool, ...] = tuple(r in SELF_PAIRING_RANKS for r in range(13))
"""For each rank index, whether only its own rank captures it (the triple and four-of-a-kind ranks)."""

CARD_PARTNER: tuple[int, ...] = tuple(PARTNER_RANK[c >> 2] for c in range(52))
"""For each card number, the rank index it captures."""

DEAD_LAYOUT_RANKS: frozenset[int] = frozenset({4, 10, 11, 12})
"""Rank indices whose three or four in the opening layout make it dead: 5, J, Q, K."""

# Points of a card by rank index (ace first), for red and for black cards, then
# the ace of spades and the ace of clubs, per seat count.
_ZERO = (0,) * 13
_CLASSIC_RED = (20, 2, 3, 4, 5, 6, 7, 8, 10, 10, 10, 10, 10)
_FROG_BLACK = (0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_SIMPLE = (15, 10, 10, 10, 10, 10, 10, 10, 10, 20, 20, 20, 20)
_SCORING_SPEC: dict[str, dict[int, tuple[tuple[int, ...], tuple[int, ...], int, int]]] = {
    "classic": {2: (_CLASSIC_RED, _ZERO, 0, 0), 3: (_CLASSIC_RED, _ZERO, 30, 0), 4: (_CLASSIC_RED, _ZERO, 30, 40)},
    "red-frog": {n: (_ZERO, _FROG_BLACK, 50, 0) for n in (2, 3, 4)},
    "simplified": {n: (_SIMPLE, _SIMPLE, 15, 15) for n in (2, 3, 4)},
    "play-red": {n: (_CLASSIC_RED, _ZERO, 0, 0) for n in (2, 3, 4)},
}


def _table(red: tuple[int, ...], black: tuple[int, ...], ace_spades: int, ace_clubs: int) -> tuple[int, ...]:
    table = []
    for c in range(52):
        rank, suit = c >> 2, c & 3
        if suit in (1, 2):
            table.append(red[rank])
        elif rank == 0:
            table.append(ace_spades if suit == 0 else ace_clubs)
        else:
            table.append(black[rank])
    return tuple(table)


SCORING_TABLES: dict[str, dict[int, tuple[int, ...]]] = {
    name: {seats: _table(*spec) for seats, spec in by_seats.items()} for name, by_seats in _SCORING_SPEC.items()
}
"""Every card's points, by scoring option and seat count, indexed by card number."""

DEAL_SIZES: dict[str, dict[int, tuple[int, int]]] = {
    "classic": {2: (12, 4), 3: (8, 4), 4: (6, 4)},
    "play-red": {2: (10, 12), 3: (7, 10)},
    "six": {2: (6, 4), 3: (6, 4), 4: (6, 4)},
}
"""Cards dealt to each seat and to the layout, by deal-size option and seat count."""

REDEAL_SIZE: dict[str, int] = {"classic": 0, "play-red": 0, "six": 6}
"""The most cards each seat is dealt again when every hand is empty (0: no re-deal)."""

OPTIONS: dict[str, tuple[Any, ...]] = {
    "lead": ("after-dealer", "dealer"),
    "direction": ("clockwise", "counter-clockwise"),
    "four_of_a_kind": ("to-dealer", "refill"),
    "scoring": ("classic", "red-frog", "simplified", "play-red"),
    "deal": ("classic", "play-red", "six"),
    "dead_layout": (False, True),
    "next_dealer": ("rotate", "lowest"),
    "win": ("margin", "target"),
}
"""Every option and its values, the default first (the keys and values a record uses)."""

MATCH_OPTIONS: frozenset[str] = frozenset({"next_dealer", "win"})
"""Options that shape a match rather than a deal."""


PRESETS: dict[str, Preset] = {p.name: p for p in (
    Preset("classic", N_("Classic"), N_("The classic rules: every option off.")),
    Preset("taiwan", N_("Taiwan"), N_("The dealer leads."), (("lead", "dealer"),)),
    Preset("target", N_("Target"), N_("Counter-clockwise, four of a kind refilled, one deal; "
           "everyone at or above the tie score wins."),
           (("direction", "counter-clockwise"), ("four_of_a_kind", "refill"), ("win", "target")), "one"),
    Preset("red-frog", N_("Red Frog Black Frog"), N_("Black cards score, red ones do not."), (("scoring", "red-frog"),)),
    Preset("simplified", N_("Simplified"), N_("Every card scores; six each with re-deals; one deal per seat."),
           (("scoring", "simplified"), ("deal", "six")), "per-seat"),
    Preset("play-red", N_("Play Red"), N_("Two or three seats, a big layout, red cards score; "
           "the dealer leads and the lowest scorer deals next."),
           (("scoring", "play-red"), ("deal", "play-red"), ("dead_layout", True), ("lead", "dealer"),
            ("next_dealer", "lowest"))),
)}
"""Every preset by the name a record gives it, Classic first."""


RulesError = OptionError
"""An unknown preset, option or option value."""


@dataclass(frozen=True)
class RuleSet:
    """A preset and every option resolved; ``CLASSIC`` is the game as RULES.md deals it."""

    preset: str = "classic"
    lead: str = "after-dealer"
    direction: str = "clockwise"
    four_of_a_kind: str = "to-dealer"
    scoring: str = "classic"
    deal: str = "classic"
    dead_layout: bool = False
    next_dealer: str = "rotate"
    win: str = "margin"

    partner_rank: ClassVar[tuple[int, ...]] = PARTNER_RANK
    """The capture relation (the same under every option)."""

    self_pairing: ClassVar[tuple[bool, ...]] = SELF_PAIRING
    """The ranks captured only by their own rank."""

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise RulesError(f"unknown rules {quote(self.preset)} (known: {', '.join(PRESETS)})")
        for key, values in OPTIONS.items():
            value = getattr(self, key)
            if value not in values or type(value) is not type(values[0]):
                shown = ", ".join(show_value(v) for v in values)
                raise RulesError(f"unknown value {show_value(value)} for rule option {key} (known: {shown})")

    @classmethod
    def of(cls, preset: str = "classic", **options: Any) -> RuleSet:
        """The rules of a preset with some options changed; ``RulesError`` names a bad one."""
        if not isinstance(preset, str) or preset not in PRESETS:
            raise RulesError(f"unknown rules {quote(preset)} (known: {', '.join(PRESETS)})")
        values: dict[str, Any] = dict(PRESETS[preset].options)
        for key, value in options.items():
            if key not in OPTIONS:
                raise RulesError(f"unknown rule option {quote(key)} (known: {', '.join(OPTIONS)})")
            values[key] = value
        return cls(preset, **values)

    # ---------------------------------------------------------------- naming

    @property
    def name(self) -> str:
        """The preset's name (the options may differ from it; see :meth:`to_json`)."""
        return self.preset

    def options(self) -> dict[str, Any]:
        """Every option with its value, as ``replay`` prints ``rule_options``."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "preset"}

    def changed(self) -> dict[str, Any]:
        """The options that differ from the preset."""
        base = RuleSet.of(self.preset).options()
        return {k: v for k, v in self.options().items() if base[k] != v}

    def to_json(self) -> str | dict[str, Any]:
        """The rules as a record names them: the preset's name, or an object with the changes."""
        changed = self.changed()
        if not changed:
            return self.preset
        return {"preset": self.preset, **changed}

    def with_options(self, **options: Any) -> RuleSet:
        """The same rules with some options changed."""
        for key in options:
            if key not in OPTIONS:
                raise RulesError(f"unknown rule option {quote(key)} (known: {', '.join(OPTIONS)})")
        return replace(self, **options)

    # ---------------------------------------------------------------- seats and turns

    def seat_counts(self) -> tuple[int, ...]:
        """The numbers of seats these rules can deal."""
        return tuple(DEAL_SIZES[self.deal])

    def hand_size(self, seats: int) -> int:
        """Cards first dealt to each seat at this many seats."""
        return self._sizes(seats)[0]

    def layout_size(self, seats: int) -> int:
        """Cards dealt face up to the opening layout at this many seats."""
        return self._sizes(seats)[1]

    def _sizes(self, seats: int) -> tuple[int, int]:
        sizes = DEAL_SIZES[self.deal].get(seats)
        if sizes is None:
            counts = self.seat_counts()
            raise RulesError(f"the {self.deal} deal sizes are for {or_list(counts)} seats, not {seats}")
        return sizes

    @property
    def redeal_size(self) -> int:
        """The most cards each seat is dealt again when every hand is empty (0: never)."""
        return REDEAL_SIZE[self.deal]

    def redeal_count(self, seats: int, stock_left: int) -> int:
        """Cards each seat gets in a re-deal with this much stock left (0: none)."""
        if not self.redeal_size or not stock_left:
            return 0
        return min(self.redeal_size, stock_left // (2 * seats))

    @property
    def step(self) -> int:
        """+1 when the next seat is numbered one more (clockwise), -1 counter-clockwise."""
        return 1 if self.direction == "clockwise" else -1

    def next_seat(self, seat: int, seats: int) -> int:
        """The seat that plays after ``seat``."""
        return (seat + self.step) % seats

    def first_to_play(self, dealer: int, seats: int) -> int:
        """The seat that plays first in a deal with this dealer."""
        return dealer if self.lead == "dealer" else self.next_seat(dealer, seats)

    def dealer_for_leader(self, leader: int, seats: int) -> int:
        """The dealer that makes ``leader`` play first."""
        return leader if self.lead == "dealer" else (leader - self.step) % seats

    def is_dead(self, layout: tuple[int, ...] | list[int]) -> bool:
        """True when the opening layout is thrown in under the dead-layout option."""
        if not self.dead_layout:
            return False
        counts = [0] * 13
        for c in layout:
            counts[c >> 2] += 1
        return any(counts[r] >= 3 for r in DEAD_LAYOUT_RANKS)

    # ---------------------------------------------------------------- capture

    def candidates(self, card: int, layout: Iterable[int]) -> list[int]:
        """The layout cards an entering card could capture (all of them when it takes a triple)."""
        p = CARD_PARTNER[card]
        return [x for x in layout if x >> 2 == p]

    def takes_all(self, card: int, candidates: list[int] | tuple[int, ...]) -> bool:
        """True when the card takes all its candidates at once: the three left of its rank."""
        return len(candidates) == 3 and SELF_PAIRING[CARD_PARTNER[card]]

    def capture_gain(self, card: int, candidates: list[int] | tuple[int, ...], pts: tuple[int, ...]) -> int | None:
        """The most points an entering card wins with these candidates (None when it takes nothing)."""
        if not candidates:
            return None
        if self.takes_all(card, candidates):
            return pts[card] + sum(pts[x] for x in candidates)
        return pts[card] + max(pts[x] for x in candidates)

    # ---------------------------------------------------------------- scoring

    def points_table(self, seats: int) -> tuple[int, ...]:
        """Every card's points at this many seats, indexed by card number."""
        return SCORING_TABLES[self.scoring][seats]

    def pack_total(self, seats: int) -> int:
        """The points in the whole pack at this many seats."""
        return sum(self.points_table(seats))

    def tie_score(self, seats: int) -> Fraction:
        """The pack total divided by the seats: a result of zero."""
        return Fraction(self.pack_total(seats), seats)

    def big_points(self, seats: int) -> Fraction:
        """The points from which a card counts as a big one to give away: the mean of the scoring cards."""
        table = self.points_table(seats)
        scoring = [p for p in table if p]
        return Fraction(sum(scoring), len(scoring))


CLASSIC = RuleSet()
"""The classic rules: RULES.md, every option off."""


def pack_scale(rules: RuleSet, seats: int) -> float:
    """How much the pack is worth under ``rules`` against the classic rules at this many seats (1 for
    classic, Taiwan and Target; 10/3 for Simplified at two seats): the marks' thresholds scale by it."""
    return sum(rules.points_table(seats)) / sum(CLASSIC.points_table(seats))


def ruleset(name: str) -> RuleSet:
    """The rules of the preset with this name; ``RulesError`` names an unknown one."""
    return RuleSet.of(name)


def rules_from_json(value: Any) -> RuleSet:
    """The rules a record's ``rules`` value names: a preset name, or an object of a preset and options."""
    if value is None:
        return CLASSIC
    if isinstance(value, str):
        return RuleSet.of(value)
    if not isinstance(value, Mapping):
        raise RulesError(f"rules must be a preset name or an object, not {quote(value)}")
    options = dict(value)
    preset = options.pop("preset", "classic")
    return RuleSet.of(preset, **options)


def parse_option(text: str) -> tuple[str, Any]:
    """Read one ``KEY=VALUE`` option as the command line gives it (``true``/``false`` for booleans)."""
    return HOUSE_RULES.parse_option(text)


_OPTION_WORDS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "lead": (N_("Who leads"), N_("Whether the seat after the dealer plays first, or the dealer."),
             (N_("After the dealer"), N_("The dealer"))),
    "direction": (N_("Direction of play"), N_("Which way the turn passes round the table."),
                  (N_("Clockwise"), N_("Counter-clockwise"))),
    "four_of_a_kind": (N_("Four of a kind"), N_("Where four of a kind in the opening layout goes, and whether "
                                               "the layout is filled again."),
                       (N_("To the dealer"), N_("To the dealer, refilled"))),
    "scoring": (N_("Scoring"), N_("Which cards score, and how much."),
                (N_("Classic"), N_("Red Frog Black Frog"), N_("Simplified"), N_("Play Red"))),
    "deal": (N_("Deal sizes"), N_("How many cards each seat and the layout are dealt."),
             (N_("Classic"), N_("Play Red"), N_("Six each, re-dealt"))),
    "dead_layout": (N_("Dead layout"), N_("Whether an opening layout holding three or four fives, jacks, "
                                          "queens or kings of a rank is thrown in and dealt again."), (N_("Off"), N_("Thrown in"))),
    "next_dealer": (N_("Next dealer"), N_("Who deals the next deal of a match."),
                    (N_("One seat on"), N_("Lowest scorer"))),
    "win": (N_("Who wins"), N_("Whether the highest total wins the match, or everyone at or above the tie score."),
            (N_("Highest total"), N_("At the tie score"))),
}

HOUSE_RULES = GameOptions(
    options=tuple(Option(key, *_OPTION_WORDS[key][:2], values, _OPTION_WORDS[key][2]) for key, values in OPTIONS.items()),
    presets=tuple(PRESETS.values()),
    read=rules_from_json,
)
"""Chinese Ten's house rules as data: every option with its words and values, and the presets."""
