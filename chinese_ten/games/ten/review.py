"""Judging one seat's decisions in a deal, as the Hard player evaluates them.

A deal record is replayed turn by turn. At every decision the seat made — the
card it played, the take of that card when the candidates were worth different
points, the take of the turned card likewise — every legal option is evaluated
from the seat's :class:`~chinese_ten.games.ten.view.SeatView` at that moment, and from
nothing else: all options meet the same sampled worlds and the same rollout
noise (:func:`chinese_ten.games.ten.players.hard.option_totals`), enough of them that the
ranking holds under another seed (``benchmarks/review.py`` measures it). Each
decision gets the expected deal margin of every option, the best one, the
points lost and a label; the deal gets the total lost and an accuracy figure.

Equivalent options (cards of one rank worth the same points, takes worth the
same points) are evaluated once, but the card the seat actually played or took
always stands for its group, so the review names what was really done.
Every random stream is derived from ``seed`` (:func:`chinese_ten.engine.streams.derive_seed`),
so the same record, seat and seed always give the same review.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal, get_args

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten.turns import Phase, TurnRecord, take_json
from chinese_ten.engine.judging import (
    BLUNDER as BLUNDER,
    INACCURACY as INACCURACY,
    MISTAKE as MISTAKE,
    ReviewCancelled as ReviewCancelled,
    label_of as label_of,
)
from chinese_ten.engine.judging import LineTurn, commonest_line, line_from_json
from chinese_ten.engine.review import (
    REVIEW_SEED as REVIEW_SEED,
)
from chinese_ten.engine.review import (
    Decision,
    Measured,
    Option,
    SeatReview,
    card_of,
    check_seat,
    judge_moments,
    listed,
    measured,
    ranked,
)
from chinese_ten.games.ten.players.hard import option_totals, world_count
from chinese_ten.games.ten.players.worlds import Position
from chinese_ten.games.ten.record import deal_of, replay
from chinese_ten.games.ten.rules import pack_scale
from chinese_ten.games.ten.view import SeatView

DecisionKind = Literal["play", "take", "flip_take"]

REVIEW_TURNS: int = 300_000
"""Simulated turns spent on one decision (twice Hard's default effort).

At the first play of a two-seat deal this buys some 800 worlds for twelve
cards; later decisions, with shorter futures, get more. ``benchmarks/review.py``
measured a whole two-seat deal reviewed in 2.7 s of processor time (median;
5.5 s by the clock with the two cores shared four ways), and the best option
unchanged under another seed in every one of 87 decisions whose best two
options stood 2 points or more apart."""

MIN_WORLDS: int = 200
"""The fewest worlds a decision is evaluated on."""

MAX_WORLDS: int = 20_000
"""The most worlds a decision is evaluated on, however short the rest of the deal."""

# The marks (:data:`~chinese_ten.engine.judging.INACCURACY`, ``MISTAKE``, ``BLUNDER``)
# and the summary are every game's, kept in :mod:`chinese_ten.engine.judging`; they
# were measured here, on the classic table at two seats.

# The thresholds hold for the classic table. Under a table whose pack is worth
# more (Simplified's 700 points against classic's 210 at two seats) every
# decision stakes more, so the thresholds grow with the pack's worth: see
# :func:`stake_scale`. Classic, Taiwan and Target keep them as measured.


@dataclass(frozen=True)
class Choice(Option[Card | None, tuple[Card, ...]]):
    """One option of a decision: the card entered (played, or turned) and the card it takes (the three
    cards of a triple), written as a record writes a take, the turned card under ``flip``."""

    @classmethod
    def play_key(cls, kind: str) -> str:
        """``flip`` for the turned card's take, ``play`` otherwise."""
        return "flip" if kind == "flip_take" else "play"

    def take_json(self) -> Any:
        """The take as a record writes it: null, one card's name, or the list of a triple's cards."""
        return take_json(self.take)

    @classmethod
    def read_play(cls, value: Any) -> Any:
        """The card entered (null: none named)."""
        return None if value is None else card_of(value)

    @classmethod
    def read_take(cls, value: Any) -> Any:
        """A take as a record writes it."""
        if value is None:
            return ()
        if isinstance(value, str):
            return (card_of(value),)
        return tuple(card_of(c) for c in listed(value, "an option's take"))

    def sets(self) -> tuple[tuple[Card, ...], ...]:
        """Each card taken, a set of its own."""
        return tuple((c,) for c in self.take)


@dataclass(frozen=True)
class Judgement(Decision):
    """One decision of the seat: what it chose, every option's worth, and the verdict (see
    :class:`~chinese_ten.engine.review.Decision`). ``scale`` is :func:`stake_scale` of the deal's rules.

    ``line`` is the best option's likely continuation: the next two turns (the seats after the judged one) as
    most often played in the review's own worlds (cards of one rank worth the same points counted as one way to
    play). A turn's ``take`` is what its played card took; the card it then turned from the stock is left out,
    being a different guess of the hidden stock in each world. Empty when not measured (a review kept before
    lines were, or a decision on one world) or when the deal ends first."""

    turn: int
    kind: DecisionKind
    chosen: Choice
    best: Choice
    options: tuple[Choice, ...]
    scale: float = 1.0
    line: tuple[LineTurn, ...] = ()

    option: ClassVar[type[Choice]] = Choice
    kinds: ClassVar[tuple[str, ...]] = get_args(DecisionKind)
    single: ClassVar[bool] = True

    def heading(self) -> str:
        """The turn and what was decided."""
        what = {"play": "play", "take": "take", "flip_take": "turned card's take"}[self.kind]
        return f"turn {self.turn}, {what}"

    def action_text(self, option: Any) -> str:
        """The card entered and what it took."""
        taken = " ".join(str(c) for c in option.take)
        if self.kind == "play":
            return f"{option.play}" + (f" taking {taken}" if taken else "")
        return f"{option.play} takes {taken}"

    @classmethod
    def line_from_json(cls, data: Any) -> tuple[LineTurn, ...]:
        """The line as :meth:`~chinese_ten.engine.judging.LineTurn.to_json` wrote it."""
        return line_from_json(data)

    @classmethod
    def stands_for(cls, option: Option[Any, Any], named: Option[Any, Any], kind: str) -> bool:
        """The card played stands for its best take among the options; a take is its own option."""
        return bool(option.play == named.play and (kind == "play" or option.take == named.take))


@dataclass(frozen=True)
class Review(SeatReview[Judgement]):
    """Every judged decision of one seat in one deal, and the summary (kept with the deal, see :meth:`from_json`)."""

    @classmethod
    def decision_from_json(cls, data: Any) -> Judgement:
        """A Chinese Ten decision."""
        return Judgement.from_json(data)


def stake_scale(view: SeatView) -> float:
    """How much the pack is worth under the view's rules against the classic rules at its seat count
    (1 for classic, Taiwan and Target; 10/3 for Simplified at two seats): the marks' thresholds scale by it."""
    return pack_scale(view.rules, view.seats)


def review_record(record: dict[str, Any], seat: int, seed: int = REVIEW_SEED, budget: int = REVIEW_TURNS,
                  on_progress: Callable[[int, int], None] | None = None,
                  cancelled: Callable[[], bool] | None = None,
                  on_judged: Callable[[Judgement], None] | None = None) -> Review:
    """Judge every decision ``seat`` made in a (finished or partial) deal record, telling the progress and
    each decision and stopping when ``cancelled`` as :func:`~chinese_ten.engine.review.judge_moments` says.

    Refuses an illegal record (:class:`~chinese_ten.games.ten.record.RecordError`) and a seat the deal does
    not have (``ValueError``).
    """
    return Review(seat, judge_moments(lambda: _moments(record, seat), seat, seed, budget, on_progress, cancelled,
                                      on_judged))


def count_decisions(record: dict[str, Any], seat: int) -> int:
    """How many decisions of ``seat`` :func:`review_record` judges in the record (replaying it, judging nothing)."""
    return sum(1 for _ in _moments(record, seat))


@dataclass(frozen=True)
class _Moment:
    """A decision of the seat waiting to be judged: the seat's view then, and what it chose."""

    turn: int
    kind: DecisionKind
    view: SeatView
    played: Card
    take: Card | None

    def judge(self, rng: random.Random, budget: int) -> Judgement:
        """The decision judged on worlds drawn with ``rng``."""
        if self.kind == "play":
            return judge_play(self.view, self.played, self.take, rng, self.turn, budget)
        assert self.take is not None
        return judge_take(self.view, self.take, rng, self.turn, budget)


def decision_moments(record: dict[str, Any], seat: int) -> Iterator[_Moment]:
    """Every decision of ``seat`` in the record waiting to be judged, in order (a server judges them one at a
    time with :func:`~chinese_ten.engine.review.judge_moment`); refuses what :func:`review_record` refuses."""
    return _moments(record, seat)


def _moments(record: dict[str, Any], seat: int) -> Iterator[_Moment]:
    """Every decision of ``seat`` in the record, in order, replaying the deal on the way."""
    turns = replay(record).turns  # checks the whole record and fills in every take
    deal = deal_of(record)
    check_seat(seat, deal.seats)
    for number, turn in enumerate(turns, start=1):
        yield from _play_turn(deal, turn, number, seat)


def _play_turn(deal: Deal, turn: TurnRecord, number: int, seat: int) -> Iterator[_Moment]:
    """Play one resolved turn on the deal, stopping at each of the seat's decisions on the way."""
    mine = turn.seat == seat
    take = _single(turn.take)
    if mine:
        yield _Moment(number, "play", deal.view(seat), turn.play, take)
    if mine and take is not None and deal.choice_matters(turn.play):
        deal.play(turn.play)  # waits for the choice
        yield _Moment(number, "take", deal.view(seat), turn.play, take)
        deal.choose(take)
    else:
        deal.play(turn.play, list(turn.take) or None)
    if deal.phase is Phase.FLIP:
        flip_take = _single(turn.flip_take)
        top = deal.peek_top()
        if mine and flip_take is not None and top is not None and deal.choice_matters(top):
            deal.flip()  # waits for the choice
            yield _Moment(number, "flip_take", deal.view(seat), top, flip_take)
            deal.choose(flip_take)
        else:
            deal.flip(list(turn.flip_take) or None)


def _single(take: tuple[Card, ...]) -> Card | None:
    """The one card a take names (None for nothing or a triple, which leave no choice)."""
    return take[0] if len(take) == 1 else None


def judge_play(view: SeatView, played: Card, take: Card | None, rng: random.Random,
               turn: int = 0, budget: int = REVIEW_TURNS) -> Judgement:
    """Judge the card played at a PLAY moment; each card is worth its best take (the take is judged apart)."""
    pts = view.points_table
    cards: dict[tuple[int, int], Card] = {}
    for card in view.hand:
        cards.setdefault((card >> 2, pts[card]), card)
    cards[(played >> 2, pts[played])] = played  # the card really played stands for its kind
    options: list[tuple[int, int | None, Card | None]] = []
    owner: list[Card] = []
    for card in cards.values():
        for opt in _take_options(view, card, view.layout, take if card == played else None):
            options.append(opt)
            owner.append(card)
    found = _expected(view, rng, options, "play", budget)
    best_of: dict[Card, Choice] = {}
    index_of: dict[Card, int] = {}
    for i, (card, (_card, _pts, t), value, figures, err) in enumerate(
            zip(owner, options, found.values, found.figures, found.errors)):
        known = best_of.get(card)
        if known is None or value > known.expected:
            best_of[card] = Choice(card, _takes_of(view, card, t), value, figures, err)
            index_of[card] = i
    choices: tuple[Choice, ...] = ranked(best_of.values())
    mine = best_of[played]
    chosen = Choice(played, (take,) if take is not None else mine.take, mine.expected, mine.figures, mine.stderr)
    top = choices[0]
    assert top.play is not None
    line = _line(view, found, options, index_of[top.play])
    return Judgement(turn, "play", chosen, top, choices, stake_scale(view), line)


def judge_take(view: SeatView, take: Card, rng: random.Random, turn: int = 0,
               budget: int = REVIEW_TURNS) -> Judgement:
    """Judge the take chosen for the waiting card (``view.pending``)."""
    pending = view.pending
    if pending is None:
        raise ValueError("no capture is waiting for a choice")
    options = _take_options(view, pending.card, pending.candidates, take)
    found = _expected(view, rng, options, pending.source, budget)
    choices = [Choice(pending.card, (t,), v, f, e) for (_card, _pts, t), v, f, e
               in zip(options, found.values, found.figures, found.errors) if t is not None]
    best_first: tuple[Choice, ...] = ranked(choices)
    chosen = next(c for c in choices if c.take == (take,))
    kind: DecisionKind = "take" if pending.source == "play" else "flip_take"
    top = next(i for i, (_card, _pts, t) in enumerate(options) if t is not None and (t,) == best_first[0].take)
    line = _line(view, found, options, top)
    return Judgement(turn, kind, chosen, best_first[0], best_first, stake_scale(view), line)


def _take_options(view: SeatView, card: Card, layout: tuple[Card, ...],
                  taken: Card | None) -> list[tuple[int, int | None, Card | None]]:
    """One option per distinct-points take of an entering card, the take really made standing for its points."""
    pts = view.points_table
    cands = view.rules.candidates(card, layout)
    if not cands:
        return [(int(card), None, None)]
    if view.rules.takes_all(card, cands):
        return [(int(card), None, ALL_CARDS[cands[0]])]
    by_pts: dict[int, Card] = {}
    for c in cands:
        by_pts.setdefault(pts[c], ALL_CARDS[c])
    if taken is not None and taken in cands:
        by_pts[pts[taken]] = taken
    return [(int(card), value, c) for value, c in sorted(by_pts.items(), reverse=True)]


def _takes_of(view: SeatView, card: Card, take: Card | None) -> tuple[Card, ...]:
    """What an entering card takes with ``take`` named: nothing, that card, or a whole triple."""
    if take is None:
        return ()
    cands = view.rules.candidates(card, view.layout)
    if view.rules.takes_all(card, cands):
        return tuple(ALL_CARDS[c] for c in cands)
    return (take,)


def _line(view: SeatView, found: Measured[tuple[int, ...]], options: list[tuple[int, int | None, Card | None]],
          index: int) -> tuple[LineTurn, ...]:
    """The likely line after option ``index`` (see :attr:`Judgement.line`), from how play went on in each world
    (:func:`~chinese_ten.games.ten.players.hard.option_totals`'s ``lines``)."""
    card, _pts, take = options[index]
    return likely_line(view, card, take, found.ways[index])


def likely_line(view: SeatView, card: int, take: Card | None,
                ways: Counter[tuple[int, ...]]) -> tuple[LineTurn, ...]:
    """The likely line after ``card`` enters with ``take`` (None: nothing, or a whole triple) at the view's
    moment, from how play went on in each world (the counts :func:`~chinese_ten.games.ten.players.hard.option_totals`
    gives as ``lines``): at each turn the commonest way to play among the worlds that followed the line so far,
    its takes on the cards of the layout as they lay in those worlds. Empty on fewer than two worlds."""
    worlds = sum(ways.values())
    if worlds < 2:
        return ()
    lay = [int(c) for c in view.layout]
    _enter_real(view, lay, card, take)
    paths: Counter[tuple[tuple[int, int, tuple[int, ...]], ...]] = Counter()
    for way, count in ways.items():
        layout = lay[:]
        if way[0] >= 0:
            _enter_real(view, layout, way[0], None)
        turns = []
        for at in range(1, len(way), 3):
            seat, played, turned = way[at:at + 3]
            turns.append((seat, played, _enter_real(view, layout, played, None)))
            if turned >= 0:
                _enter_real(view, layout, turned, None)
        paths[tuple(turns)] += count
    pts = view.points_table

    def way_of(turn: tuple[int, int, tuple[int, ...]]) -> tuple[int, int, int, tuple[int, ...]]:
        seat, played, took = turn  # cards of one rank and worth are one way of playing
        return seat, played >> 2, pts[played], took

    line: list[LineTurn] = []
    for (seat, _rank, _worth, took), by_card, count in commonest_line(dict(paths), way_of):
        played = min(by_card.items(), key=lambda n: (-n[1], n[0][1]))[0][1]  # the commonest card names the way
        line.append(LineTurn(seat, ALL_CARDS[played], tuple((ALL_CARDS[c],) for c in took), count / worlds))
    return tuple(line)


def _enter_real(view: SeatView, layout: list[int], card: int, take: int | None) -> tuple[int, ...]:
    """Enter ``card`` on a layout of real cards as the search's worlds do (``take`` None: the highest-scoring
    candidate, the earliest on a tie, or a whole triple); the cards it took."""
    cands = view.rules.candidates(card, layout)
    if not cands:
        layout.append(card)
        return ()
    if view.rules.takes_all(card, cands):
        taken = tuple(cands)
    elif take is not None:
        taken = (take,)
    else:
        pts = view.points_table
        taken = (max(cands, key=lambda c: pts[c]),)  # max keeps the first of equals: the earliest
    for c in taken:
        layout.remove(c)
    return taken


def _expected(view: SeatView, rng: random.Random, options: list[tuple[int, int | None, Card | None]],
              source: str, budget: int) -> Measured[tuple[int, ...]]:
    """Each option's expected deal margin for the view's seat, its figures, standard error and continuations,
    all on the same worlds."""
    me = view.seat
    now = Fraction(view.points[me]) - Fraction(sum(view.points_table), view.seats)
    if len(options) == 1:
        worlds = 1 if _settled(view) else MIN_WORLDS
    else:
        worlds = world_count(view, len(options), budget, MIN_WORLDS, MAX_WORLDS)
    detail: list[list[int]] = []
    squares: list[int] = []
    ways: list[Counter[tuple[int, ...]]] = []
    totals = option_totals(view, Position.of(view), rng, options, source, worlds, detail, squares=squares,
                           lines=ways)
    return measured(float(now), worlds, totals, detail, squares, ways)


def _settled(view: SeatView) -> bool:
    """True when nothing hidden is left, so one world is the whole truth."""
    return view.stock_left == 0 and sum(view.hand_sizes) - len(view.hand) == 0
