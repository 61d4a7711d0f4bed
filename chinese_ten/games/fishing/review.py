"""Judging one seat's decisions in a Go Fishing deal, as Go Fishing's Hard player evaluates them.

A ``chinese-ten/fishing-v1`` record is replayed turn by turn. At every turn the seat
played, every option it had is evaluated from its
:class:`~chinese_ten.games.fishing.view.FishingView` at that moment, and from nothing
else: Hard's evaluation (:meth:`~chinese_ten.games.fishing.players.hard.HardPlayer.evaluate`)
samples worlds for the cards the seat has never seen and plays every option out to
the end of the deal in each, all options on the same worlds and the same rollout
noise. Unlike Hard's own search, which keeps only the richest captures, a review
plays out every option: each value in the hand laid down, and with every distinct
family of sets it could take.

Options are counted at the level of values, as Hard counts them (cards of equal
value are worth the same points and capture the same), but the action the seat
really took always stands for its option, so the review names what was done.
Each decision gets the expected deal margin of every option, the best one, the
points lost and a mark (:mod:`chinese_ten.engine.judging`, its thresholds scaled to
this pack by :func:`stake_scale`); the deal gets the total lost and an accuracy
figure. Every random stream is derived from ``seed``, so the same record, seat and
seed always give the same review.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from chinese_ten.cards import Card
from chinese_ten.engine.judging import Figures, commonest_line, line_seat_and_share, turns_from_json
from chinese_ten.engine.review import REVIEW_SEED as REVIEW_SEED
from chinese_ten.engine.review import (
    Decision,
    Option,
    SeatReview,
    card_of,
    check_seat,
    judge_moments,
    measured,
    quoted,
    ranked,
)
from chinese_ten.games.fishing.actions import FishingAction, Sets
from chinese_ten.games.fishing.legal import Shape, assign_cards, layout_counts, usage_of, value_families
from chinese_ten.games.fishing.players.hard import HardPlayer
from chinese_ten.games.fishing.players.rollout import Traced
from chinese_ten.games.fishing.record import deal_of, replay, turn_action
from chinese_ten.games.fishing.rules import (
    CARD_VALUE,
    TEN_CLASSIC_PACK as TEN_CLASSIC_PACK,
    stake_scale,
    value_of_word,
    value_word,
)
from chinese_ten.i18n import _
from chinese_ten.games.fishing.view import FishingView

DecisionKind = Literal["play"]
"""What a Go Fishing decision is: always the card played, with the sets it takes."""

REVIEW_TURNS: int = 480_000
"""Simulated turns spent on one decision, spread over every option: eight times Hard's default effort.

Go Fishing's margins are large, and at a quarter of this (120,000 turns) two
near-equal options of a two-seat deal's third turn stood up to 12 points apart under
one seed and level under another, more than the inaccuracy mark there (8.8); at this
effort the same decisions moved by 7 points at most, in about half a second of
processor time each."""

MIN_WORLDS: int = 100
"""The fewest worlds a decision with a real choice is evaluated on."""

MAX_WORLDS: int = 5000
"""The most worlds a decision is evaluated on, however short the rest of the deal."""

# The pack's worth against Chinese Ten's (the marks' scale) is the rules' own: see
# :func:`~chinese_ten.games.fishing.rules.stake_scale`.


@dataclass(frozen=True)
class Choice(Option[Card, Sets]):
    """One option of a decision: the card played and the sets it takes, written as a record writes them."""

    take: Sets = ()

    def take_json(self) -> Any:
        """The take as a list of sets, each a list of cards' names."""
        return [[str(c) for c in s] for s in self.take]

    @classmethod
    def read_take(cls, value: Any) -> Any:
        """A list of sets, each a non-empty list of cards' names."""
        if not isinstance(value, list) or not all(isinstance(s, list) and s for s in value):
            raise ValueError(f"an option's take must be a list of sets, each a list of cards, not {quoted(value)}")
        return tuple(tuple(card_of(c) for c in s) for s in value)

    def sets(self) -> Sets:
        """The sets taken."""
        return self.take

    def words(self) -> str:
        """The option as its action text (``play 9S take 5D+4H 9C``)."""
        return str(FishingAction(self.play, self.take))


@dataclass(frozen=True)
class ValueTurn:
    """One turn of a Go Fishing decision's likely line: the seat, the value of the card it plays and the values
    of the cards it takes (ascending; () when it lays the card down), and ``share``, the fraction (0 to 1) of the
    review's worlds whose play went this way up to and including this turn. Values, never cards: the review's
    worlds hold no suits, and the seat could not know which card of a value a hidden hand holds."""

    seat: int
    play: int
    """The value played, 2 to 14 (the ace)."""
    take: tuple[int, ...] = ()
    """The values taken, one for each card, ascending."""
    share: float = 0.0

    def to_json(self, single: bool = False, exact: bool = False) -> dict[str, Any]:
        """The turn as ``review --json`` prints it: ``play`` a value in rank notation ("9", "J", "A"), ``take`` the
        list of the values taken, and ``share`` to two decimals, or with ``exact`` (the form a review is kept
        in) every digit. ``single`` is Chinese Ten's and changes nothing here."""
        return {"seat": self.seat, "play": value_word(self.play), "take": [value_word(v) for v in self.take],
                "share": self.share if exact else round(self.share, 2)}

    @classmethod
    def from_json(cls, data: Any) -> ValueTurn:
        """The turn :meth:`to_json` wrote; ``ValueError`` in one line when ``data`` is not such a turn."""
        seat, share = line_seat_and_share(data)
        play, take = data.get("play"), data.get("take")
        if not isinstance(play, str) or not isinstance(take, list) or not all(isinstance(v, str) for v in take):
            raise ValueError(f"a Go Fishing line's play must be a value and its take a list of values: {quoted(data)}")
        return cls(seat, value_of_word(play), tuple(sorted(value_of_word(v) for v in take)), float(share))

    def words(self, seat: str) -> str:
        """The turn in the words of the language in force, the seat called ``seat``: "West plays a 9, taking
        4 and 5 (37%)", "North plays a K (12%)"."""
        value, share = value_word(self.play), round(100 * self.share)
        an = value in ("8", "A")  # said "an eight", "an ace"
        if not self.take:
            text = _("{seat} plays an {value} ({share}%)") if an else _("{seat} plays a {value} ({share}%)")
            return text.format(seat=seat, value=value, share=share)
        text = (_("{seat} plays an {value}, taking {taken} ({share}%)") if an
                else _("{seat} plays a {value}, taking {taken} ({share}%)"))
        return text.format(seat=seat, value=value, taken=values_words(self.take), share=share)


def values_words(values: Sequence[int]) -> str:
    """Values listed in the words of the language in force: "4", "4 and 5", "2, 3 and 4"."""
    words = [value_word(v) for v in values]
    if not words:
        return ""
    told = words[0]
    for i, word in enumerate(words[1:], start=1):
        told = (_("{earlier} and {last}").format(earlier=told, last=word) if i == len(words) - 1
                else _("{earlier}, {next}").format(earlier=told, next=word))
    return told


def value_line_from_json(data: Any) -> tuple[ValueTurn, ...]:
    """A decision's line as :meth:`ValueTurn.to_json` wrote it; absent (None), the empty line a review kept before
    lines were measured holds."""
    return turns_from_json(data, ValueTurn.from_json)


def likely_line(ways: Counter[tuple[Traced, ...]]) -> tuple[ValueTurn, ...]:
    """The likely line from how play went on in each world (the counts
    :meth:`~chinese_ten.games.fishing.players.hard.HardPlayer.evaluate` gives as ``lines``): at each turn the
    commonest (seat, value played, values taken) among the worlds that followed the line so far (the least such
    on a tie), with the share of all the worlds that went that way. Empty on fewer than two worlds."""
    worlds = sum(ways.values())
    if worlds < 2:
        return ()
    return tuple(ValueTurn(seat, value, tuple(v for v, k in usage for _ in range(k)), count / worlds)
                 for (seat, value, usage), _turns, count in commonest_line(dict(ways), lambda turn: turn))


@dataclass(frozen=True)
class Judgement(Decision):
    """One decision of the seat: what it chose, every option's worth, and the verdict (see
    :class:`~chinese_ten.engine.review.Decision`). ``scale`` is :func:`stake_scale` of the deal's seats, and
    ``kind`` always the play.

    ``line`` is the best option's likely continuation: the next two turns (the seats that move next, a seat
    with an empty hand passed over) as most often played in the review's own worlds. The search holds its
    worlds as values only (suit never matters in Go Fishing), so a turn names the value played and the values
    taken, never a suit; the takes may be of cards the layout is refilled with from the hidden stock. Empty
    when not measured (a decision with one option, or a review kept before lines were) or when the deal ends
    first."""

    turn: int
    chosen: Choice
    best: Choice
    options: tuple[Choice, ...]
    scale: float = 1.0
    kind: DecisionKind = "play"
    line: tuple[ValueTurn, ...] = ()

    option: ClassVar[type[Choice]] = Choice

    def action_text(self, option: Any) -> str:
        """The option as its action text."""
        return option.words()  # type: ignore[no-any-return]

    @classmethod
    def line_from_json(cls, data: Any) -> tuple[ValueTurn, ...]:
        """The line as :meth:`ValueTurn.to_json` wrote it."""
        return value_line_from_json(data)


@dataclass(frozen=True)
class Review(SeatReview[Judgement]):
    """Every judged decision of one seat in one Go Fishing deal, and the summary (kept with the deal, see
    :meth:`from_json`)."""

    @classmethod
    def decision_from_json(cls, data: Any) -> Judgement:
        """A Go Fishing decision."""
        return Judgement.from_json(data)


_Option = tuple[int, tuple[Shape, ...]]
"""An option at the level of values: the value played and the family of shapes it takes (() lays it down)."""


def options_of(view: FishingView) -> list[_Option]:
    """Every distinct value-level option of the view's seat: each value in the hand with each family it can take."""
    counts = layout_counts(view.layout)
    return [(value, family) for value in sorted({CARD_VALUE[c] for c in view.hand})
            for family in value_families(value, counts)]


def option_of(action: FishingAction) -> _Option:
    """The value-level option an action is: its card's value and the shapes of its sets."""
    shapes = []
    for s in action.sets:
        counted: dict[int, int] = {}
        for c in s:
            counted[CARD_VALUE[c]] = counted.get(CARD_VALUE[c], 0) + 1
        shapes.append(tuple(sorted(counted.items())))
    return CARD_VALUE[action.card], tuple(sorted(shapes))


def judge(view: FishingView, action: FishingAction, rng: random.Random, turn: int = 0,
          budget: int = REVIEW_TURNS) -> Judgement:
    """Judge the action the view's seat took, against every option it had, on the same sampled worlds."""
    options = options_of(view)
    mine = option_of(action)
    usage = usage_of(mine[1])
    index = next((i for i, (v, f) in enumerate(options) if v == mine[0] and usage_of(f) == usage), None)
    if index is None:
        raise ValueError(f"{action} is not an option of seat {view.seat}")
    now = float(view.margins[view.seat])
    figures: list[Figures | None] = [None] * len(options)
    errors: list[float | None] = [None] * len(options)
    ways: list[Counter[tuple[Traced, ...]]] = [Counter() for _ in options]
    if len(options) == 1:
        values = [now]
    else:
        turns_left = max(1, sum(view.hand_sizes) + view.stock_left)
        worlds = max(MIN_WORLDS, min(MAX_WORLDS, budget // (len(options) * turns_left)))
        detail: list[list[float]] = []
        squares: list[float] = []
        totals = _FixedWorlds(worlds).evaluate(view, options, rng, detail, squares, lines=ways)
        found = measured(now, worlds, totals, detail, squares, ways)
        values, errors, figures = found.values, found.errors, [*found.figures]
    choices = []
    for i, ((value, family), worth, measure, err) in enumerate(zip(options, values, figures, errors)):
        if i == index:
            choices.append(Choice(action.card, action.sets, worth, measure, err))
        else:
            card = min(c for c in view.hand if CARD_VALUE[c] == value)
            choices.append(Choice(card, assign_cards(family, view.layout) if family else (), worth, measure, err))
    best_first: tuple[Choice, ...] = ranked(choices)
    top = max(range(len(choices)), key=lambda i: (choices[i].expected, -i))  # best_first[0]'s own index
    return Judgement(turn, choices[index], best_first[0], best_first, stake_scale(view.seats),
                     line=likely_line(ways[top]))


class _FixedWorlds(HardPlayer):
    """Hard's evaluation on a set number of worlds, whatever its thinking time would give."""

    def __init__(self, worlds: int) -> None:
        super().__init__()
        self._worlds = worlds

    def worlds(self, view: FishingView, options: int) -> int:
        """The set number of worlds."""
        return self._worlds


@dataclass(frozen=True)
class _Moment:
    """A decision of the seat waiting to be judged: the seat's view then, and the action it took."""

    turn: int
    view: FishingView
    action: FishingAction
    kind: DecisionKind = "play"

    def judge(self, rng: random.Random, budget: int) -> Judgement:
        """The decision judged on worlds drawn with ``rng``."""
        return judge(self.view, self.action, rng, self.turn, budget)


def decision_moments(record: dict[str, Any], seat: int) -> Iterator[_Moment]:
    """Every decision of ``seat`` in the record waiting to be judged, in order (a server judges them one at a
    time with :func:`~chinese_ten.engine.review.judge_moment`); refuses what :func:`review_record` refuses."""
    return _moments(record, seat)


def _moments(record: dict[str, Any], seat: int) -> Iterator[_Moment]:
    """Every decision of ``seat`` in the record, in order, replaying the deal on the way."""
    replay(record)  # checks the whole record first, naming the turn of anything wrong
    deal = deal_of(record)
    check_seat(seat, deal.seats)
    for number, turn in enumerate(record.get("turns", []), start=1):
        action = deal.check(turn_action(deal, turn))
        if deal.to_act == seat:
            yield _Moment(number, deal.observe(seat), action)
        deal.apply(action)


def count_decisions(record: dict[str, Any], seat: int) -> int:
    """How many decisions of ``seat`` :func:`review_record` judges in the record."""
    return sum(1 for _ in _moments(record, seat))


def review_record(record: dict[str, Any], seat: int, seed: int = REVIEW_SEED, budget: int = REVIEW_TURNS,
                  on_progress: Callable[[int, int], None] | None = None,
                  cancelled: Callable[[], bool] | None = None,
                  on_judged: Callable[[Judgement], None] | None = None) -> Review:
    """Judge every decision ``seat`` made in a (finished or partial) Go Fishing record, telling the progress
    and each decision and stopping when ``cancelled`` as :func:`~chinese_ten.engine.review.judge_moments` says.

    Refuses an illegal record (:class:`~chinese_ten.games.fishing.record.FishingRecordError`) and a seat the
    deal does not have (``ValueError``).
    """
    return Review(seat, judge_moments(lambda: _moments(record, seat), seat, seed, budget, on_progress, cancelled,
                                      on_judged))
