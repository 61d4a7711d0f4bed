"""What every game's review shares: the marks a decision earns by the points it lost, and a deal's summary.

A game's review judges each decision of a seat by the expected deal margin of every
option; what it lost against the best option gives it a mark (:func:`label_of`), and
the decisions together give the points lost, an accuracy figure and the costliest
moments, printed by ``review --json`` in one shape for every game (:func:`review_json`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from chinese_ten.cards import Card
from chinese_ten.i18n import _

# The marks, from ``benchmarks/review.py`` over 200 decisions each of Chinese Ten's
# Normal (the reference heuristic) and Easy at two seats under the classic table.
# Normal lost under 1.6 points in 95% of its decisions and never 5 (worst 4.7); Easy
# lost 5 or more in about one decision in ten (worst 9.2); neither ever lost 10.
# A game or table whose pack is worth more stakes more on every decision, so its
# review multiplies the thresholds by how much more (its ``scale``).

INACCURACY: float = 2.0
"""Points lost from which a decision is an inaccuracy (before scaling).

Below this the sampling itself can swap two options and most of Normal's
small differences from the best lie there (its 95th percentile: 1.6 points);
every ranking with a gap of 2 or more held under another seed. Two points is
also the smallest scoring card of Chinese Ten's classic table, a red two."""

MISTAKE: float = 5.0
"""Points lost from which a decision is a mistake (before scaling).

More than the reference heuristic ever lost in the measurement, and what a
careless player (Easy) loses in about one decision in ten."""

BLUNDER: float = 10.0
"""Points lost from which a decision is a blunder (before scaling).

Half a red ace of Chinese Ten: passing up a red ace's capture, or laying one where
the opponent can pair it, costs 10 to 16 points seen from the seat (the opponent
may not hold the partner), and neither Normal nor Easy lost this much in any
measured decision."""

WORST_SHOWN: int = 3
"""How many of the costliest decisions a summary lists."""

LABELS: tuple[str, ...] = ("best", "inaccuracy", "mistake", "blunder")
"""Every mark a decision can get, the best first."""


def label_of(loss: float, scale: float = 1.0) -> str:
    """The label of a decision that lost ``loss`` expected points, the thresholds multiplied by ``scale``."""
    if loss >= BLUNDER * scale:
        return "blunder"
    if loss >= MISTAKE * scale:
        return "mistake"
    if loss >= INACCURACY * scale:
        return "inaccuracy"
    return "best"


@dataclass(frozen=True)
class Figures:
    """What one option does, as the review's own sampled worlds measured it: the points the seat wins in
    this turn, and what the next seat could then take at once."""

    now: float
    """The mean points the seat wins in this turn."""
    leaves: float
    """The mean, over the worlds, of the most points the next seat could win at once afterwards."""
    share: float
    """The share of worlds (0 to 1) in which the next seat could win any points at once afterwards."""

    def to_json(self) -> dict[str, float]:
        """The figures as a kept review holds them."""
        return {"now": self.now, "leaves": self.leaves, "share": self.share}

    @classmethod
    def from_json(cls, data: Any) -> Figures:
        """The figures :meth:`to_json` wrote; ``ValueError`` when ``data`` is not such figures."""
        if not isinstance(data, dict):
            raise ValueError(f"an option's figures must be an object, not {data!r}")
        values = [data.get(key) for key in ("now", "leaves", "share")]
        if any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in values):
            raise ValueError(f"an option's figures must be numbers: {data!r}")
        return cls(*(float(v) for v in values))  # type: ignore[arg-type]


LEFT_APART: float = 1.0
"""Points the next seat's expected take must differ by before a reason speaks of what an option left."""

NOW_APART: float = 0.5
"""Points this turn's expected win must differ by before a reason speaks of what an option won at once."""


def points_text(value: float) -> str:
    """A mean number of points as a reason writes it: whole when it is nearly whole, else to a tenth.

    >>> points_text(20.0), points_text(12.96), points_text(7.44)
    ('20', '13', '7.4')
    """
    return str(round(value)) if abs(value - round(value)) < 0.05 else f"{value:.1f}"


def option_words(play: Card, sets: Sequence[Sequence[Card]] = ()) -> str:
    """An option in the words of the language in force, in every game: the card entered and the sets it
    takes ("9♦ taking 5♣+4♥ 9♠"; a set of one card is the card)."""
    if not sets:
        return play.pretty
    taken = " ".join("+".join(c.pretty for c in s) for s in sets)
    return _("{card} taking {taken}").format(card=play.pretty, taken=taken)


def reason_text(best: str, best_expected: float, best_figures: Figures,
                chosen: str, chosen_expected: float, chosen_figures: Figures, scale: float = 1.0) -> str:
    """Why ``best`` beat ``chosen``, in one sentence of the language in force: what each would win this turn, or
    what each would leave the next seat, whichever favours the best more, or (when neither does) that the
    difference lies later in the deal; that they are as good as each other when the difference rounds to
    nothing. The figures are means over the sampled worlds, so they are told as what each option would do on
    average, never as what happened. The thresholds are multiplied by ``scale``, as the marks' are."""
    gap = points_text(best_expected - chosen_expected)
    b_now, c_now = points_text(best_figures.now), points_text(chosen_figures.now)
    left = chosen_figures.leaves - best_figures.leaves
    won = best_figures.now - chosen_figures.now
    if gap in ("0", "-0"):
        return _("{best} is as good as {chosen} on average: the deal would end the same after either ({best_now} "
                 "and {chosen_now} this turn).").format(best=best, chosen=chosen, best_now=b_now, chosen_now=c_now)
    if won >= NOW_APART * scale and won >= left:
        return _("{best} would win {best_now} this turn on average against {chosen_now} for {chosen}, and the "
                 "deal would end {gap} better.").format(best=best, best_now=b_now, chosen=chosen, chosen_now=c_now,
                                                        gap=gap)
    if left >= LEFT_APART * scale:
        return _("{best} would win {best_now} this turn on average and leave the next seat {best_left} to take at "
                 "once; {chosen} would win {chosen_now} and leave {chosen_left}, something to take {share}% of "
                 "the time.").format(best=best, best_now=b_now, best_left=points_text(best_figures.leaves),
                                     chosen=chosen, chosen_now=c_now, chosen_left=points_text(chosen_figures.leaves),
                                     share=round(100 * chosen_figures.share))
    if won <= -NOW_APART * scale:
        return _("{chosen} would win more this turn on average ({chosen_now} against {best_now}), but after {best} "
                 "the rest of the deal would go {gap} better.").format(best=best, best_now=b_now, chosen=chosen,
                                                                      chosen_now=c_now, gap=gap)
    return _("{best} and {chosen} would win about the same this turn on average ({best_now} and {chosen_now}), "
             "but after {best} the rest of the deal would go {gap} better.").format(
                 best=best, chosen=chosen, best_now=b_now, chosen_now=c_now, gap=gap)


@dataclass(frozen=True)
class HintOption:
    """One option as a hint's search measured it, as plain data (it crosses from the thinking process): the
    card entered, the sets it takes (card codes), its expected result and its figures."""

    play: str
    take: tuple[tuple[str, ...], ...]
    expected: float
    """The mean deal result the seat can expect after this option (only differences between options count)."""
    figures: Figures

    @classmethod
    def of(cls, play: Card, take: Sequence[Sequence[Card]], expected: float, figures: Figures) -> HintOption:
        """The option entering ``play`` and taking the sets ``take``."""
        return cls(str(play), tuple(tuple(str(c) for c in s) for s in take), expected, figures)

    @property
    def sets(self) -> tuple[tuple[Card, ...], ...]:
        """The sets the option takes, as cards (a Chinese Ten triple: its three cards, a set each)."""
        return tuple(tuple(Card.parse(c) for c in s) for s in self.take)

    @property
    def words(self) -> str:
        """The option in the words of the language in force (as a review words it)."""
        return option_words(Card.parse(self.play), [[Card.parse(c) for c in s] for s in self.take])


@dataclass(frozen=True)
class HintBasis:
    """What a hint's reason is told from: Hard's own search, with the figures a review's reasons use, of the
    option it chose and of the next best (None when it had no other), and the marks' scale."""

    best: HintOption
    runner: HintOption | None
    scale: float = 1.0

    @property
    def reason(self) -> str:
        """Why the hinted option, in one sentence of the language in force, from the search's figures: against
        the next best as a review says it, or (with no other option) what it wins and leaves."""
        best = self.best
        if self.runner is None:
            return _("{best} is the only choice: on average it would win {now} this turn and leave the next seat "
                     "{left} to take at once.").format(best=best.words, now=points_text(best.figures.now),
                                                   left=points_text(best.figures.leaves))
        runner = self.runner
        return reason_text(best.words, best.expected, best.figures, runner.words, runner.expected, runner.figures,
                           self.scale)


def hint_basis(options: Sequence[HintOption], scale: float, best: int) -> HintBasis:
    """The basis of a hint for option ``best`` of ``options`` (all measured on the same worlds): it against the
    next best of the others."""
    others = [o for i, o in enumerate(options) if i != best]
    runner = max(others, key=lambda o: o.expected) if others else None
    return HintBasis(options[best], runner, scale)


class Explains(Protocol):
    """A player that can say why: its decision and the basis of a hint's reason (Hard's search)."""

    def explained(self, view: Any, rng: Any) -> tuple[Any, HintBasis | None]:
        """The action :meth:`act` would take with ``rng``, and what its search measured."""
        ...


class ReviewCancelled(Exception):
    """A review was called off before it was finished (see each game's ``review_record`` and its ``cancelled``)."""


class Weighed:
    """The figures of a judged decision, from its options: mixed into each game's judgement (through
    :class:`chinese_ten.engine.review.Decision`, which prints, tells and reads it).

    The judgement holds ``chosen`` and ``best`` (options with an ``expected`` deal margin and, where the
    review measured them, ``figures`` and the ``stderr`` of ``expected``), ``line`` (the best option's likely
    continuation, turns of each game's kind (:class:`LikelyTurn`: Chinese Ten's :class:`LineTurn` names cards,
    Go Fishing's names values); empty when not measured),
    ``options`` (every distinct option, best first), ``scale`` (what the marks' thresholds
    are multiplied by), ``turn`` and ``kind``.
    """

    chosen: Any
    best: Any
    options: tuple[Any, ...]
    scale: float
    turn: int
    kind: str
    line: tuple[LikelyTurn, ...] = ()

    @property
    def loss(self) -> float:
        """Expected points lost against the best option (0 when the chosen one is the best)."""
        return max(0.0, float(self.best.expected) - float(self.chosen.expected))

    @property
    def spread(self) -> float:
        """The expected points between the best and the worst option."""
        return float(self.best.expected) - float(self.options[-1].expected)

    @property
    def label(self) -> str:
        """``best``, ``inaccuracy``, ``mistake`` or ``blunder``, by the points lost."""
        return label_of(self.loss, self.scale)

    @property
    def loss_stderr(self) -> float | None:
        """The standard error of the loss: the best's and the chosen's combined as if measured apart (an upper
        bound, since both met the same worlds); None when either was not measured or the chosen is the best."""
        best, chosen = getattr(self.best, "stderr", None), getattr(self.chosen, "stderr", None)
        if best is None or chosen is None or self.loss <= 0:
            return None
        return math.sqrt(float(best) ** 2 + float(chosen) ** 2)

    @property
    def uncertain(self) -> bool:
        """True when the points lost are within :data:`UNCERTAIN_WITHIN` combined standard errors: the review's
        worlds cannot say the best option was really better."""
        err = self.loss_stderr
        return err is not None and self.loss < UNCERTAIN_WITHIN * err

    def weighed_json(self, chosen: dict[str, Any], best: dict[str, Any], options: list[dict[str, Any]],
                     exact: bool = False, single: bool = False) -> dict[str, Any]:
        """The decision as ``review --json`` prints it, given its options as the game writes them
        (with ``exact``, the form it is kept in, which carries the scale too; with ``single``, the line's takes
        as Chinese Ten's records write them)."""
        out: dict[str, Any] = {"turn": self.turn, "kind": self.kind, "chosen": chosen, "best": best,
                               "options": options, "loss": round(self.loss, 1), "label": self.label,
                               "line": [t.to_json(single, exact) for t in self.line]}
        if exact:
            out["scale"] = self.scale
        else:
            reason = self.reason
            if reason is not None:
                out["reason"] = reason
        return out

    def option_words(self, option: Any) -> str:
        """An option in the words of the language in force (each game's judgement says it its way)."""
        raise NotImplementedError

    @property
    def reason(self) -> str | None:
        """Why the best option was better, in one sentence of the language in force, with the figures of the
        review's own worlds; None for a decision marked best, or when the figures are not known."""
        chosen, best = getattr(self.chosen, "figures", None), getattr(self.best, "figures", None)  # where measured
        if self.label == "best" or chosen is None or best is None:
            return None
        return reason_text(self.option_words(self.best), float(self.best.expected), best,
                           self.option_words(self.chosen), float(self.chosen.expected), chosen, self.scale)


class LikelyTurn(Protocol):
    """One turn of a decision's likely line, whatever the game: the seat that plays, the share of the review's
    worlds that went this way up to and including this turn, and how it is printed and told."""

    @property
    def seat(self) -> int:
        """The seat that plays this turn."""

    @property
    def share(self) -> float:
        """The fraction (0 to 1) of the review's worlds whose play went this way up to and including this turn."""

    def to_json(self, single: bool = False, exact: bool = False) -> dict[str, Any]:
        """The turn as ``review --json`` prints it (``exact``: the form a review is kept in)."""

    def words(self, seat: str) -> str:
        """The turn in the words of the language in force, the seat called ``seat``."""


def line_seat_and_share(data: Any) -> tuple[int, float]:
    """The seat and the share of a turn of a likely line as ``review --json`` writes it, either game's;
    ``ValueError`` in one line when ``data`` is not an object with a seat number and a share from 0 to 1."""
    if not isinstance(data, dict):
        raise ValueError(f"a turn of a line must be an object, not {str(data)[:60]}")
    seat, share = data.get("seat"), data.get("share")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ValueError(f"a line's seat must be a seat number, not {str(seat)[:60]}")
    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 <= share <= 1:
        raise ValueError(f"a line's share must be a number from 0 to 1, not {str(share)[:60]}")
    return seat, float(share)


@dataclass(frozen=True)
class LineTurn:
    """One turn of a decision's likely line: the seat, the card it plays and the sets that card takes (a set
    each card of a Chinese Ten take), and ``share``, the fraction (0 to 1) of the review's worlds whose play
    went this way up to and including this turn."""

    seat: int
    play: Card
    take: tuple[tuple[Card, ...], ...] = ()
    share: float = 0.0

    def to_json(self, single: bool = False, exact: bool = False) -> dict[str, Any]:
        """The turn as ``review --json`` prints it: ``take`` a list of sets, or (``single``, Chinese Ten's form)
        as a record writes a take: null, one card's name, or the list of a triple's cards; ``share`` to two
        decimals, or with ``exact`` (the form a review is kept in) every digit."""
        if single:
            cards = [str(c) for s in self.take for c in s]
            take: Any = None if not cards else cards[0] if len(cards) == 1 else cards
        else:
            take = [[str(c) for c in s] for s in self.take]
        return {"seat": self.seat, "play": str(self.play), "take": take, "share": self.share if exact else round(self.share, 2)}

    @classmethod
    def from_json(cls, data: Any) -> LineTurn:
        """The turn :meth:`to_json` wrote, in either form; ``ValueError`` when ``data`` is not such a turn."""
        seat, share = line_seat_and_share(data)
        play, take = data.get("play"), data.get("take")
        if not isinstance(play, str):
            raise ValueError(f"a line's card must be named by a string, not {play!r}")
        if take is None:
            sets: tuple[tuple[Card, ...], ...] = ()
        elif isinstance(take, str):
            sets = ((Card.parse(take),),)
        elif isinstance(take, list) and all(isinstance(c, str) for c in take):
            sets = tuple((Card.parse(c),) for c in take)
        elif isinstance(take, list) and all(isinstance(s, list) and all(isinstance(c, str) for c in s) for s in take):
            sets = tuple(tuple(Card.parse(c) for c in s) for s in take)
        else:
            raise ValueError(f"a line's take must be a card, a list of cards or a list of sets, not {take!r}")
        return cls(seat, Card.parse(play), sets, float(share))

    def words(self, seat: str) -> str:
        """The turn in the words of the language in force, the seat called ``seat`` ("West 9♣ takes A♥ (62%)")."""
        share = round(100 * self.share)
        if self.take:
            taken = " ".join("+".join(c.pretty for c in s) for s in self.take)
            return _("{seat} {card} takes {taken} ({share}%)").format(
                seat=seat, card=self.play.pretty, taken=taken, share=share)
        return _("{seat} {card} ({share}%)").format(seat=seat, card=self.play.pretty, share=share)


T = TypeVar("T")


def turns_from_json(data: Any, turn: Callable[[Any], T]) -> tuple[T, ...]:
    """A decision's line, each of its turns read by ``turn`` (a game's turn's ``from_json``); absent (None), the
    empty line a review kept before lines were measured holds; ``ValueError`` in one line for anything else."""
    if data is None:
        return ()
    if not isinstance(data, list):
        raise ValueError(f"a decision's line must be a list, not {str(data)[:60]}")
    return tuple(turn(t) for t in data)


def line_from_json(data: Any) -> tuple[LineTurn, ...]:
    """A decision's line as :meth:`LineTurn.to_json` wrote it (see :func:`turns_from_json`)."""
    return turns_from_json(data, LineTurn.from_json)


def stderr_from_json(data: Any) -> float | None:
    """An option's standard error as a review writes it (``stderr``); absent (None) when not measured."""
    if data is None:
        return None
    if isinstance(data, bool) or not isinstance(data, (int, float)) or not data >= 0:
        raise ValueError(f"an option's stderr must be a number of at least 0, not {data!r}")
    return float(data)


def standard_error(total: float, squares: float, worlds: int) -> float | None:
    """The standard error of a mean over ``worlds`` values with this sum and sum of squares (None for one world).

    >>> round(standard_error(6.0, 14.0, 3), 3)
    0.577
    """
    if worlds < 2:
        return None
    mean = total / worlds
    variance = max(0.0, (squares - worlds * mean * mean) / (worlds - 1))
    return math.sqrt(variance / worlds)


def line_words(line: Sequence[LikelyTurn], names: Sequence[str]) -> str:
    """A line in the words of the language in force, its turns joined by " · " ("West 9♣ takes A♥ (62%) ·
    North 5♦ (40%)"; Go Fishing's "West plays a 9, taking 4 and 5 (37%)"), each seat by its name in ``names``."""
    return " · ".join(t.words(names[t.seat] if 0 <= t.seat < len(names) else str(t.seat)) for t in line)


S = TypeVar("S")
K = TypeVar("K")
N = TypeVar("N", int, float)


def clear_tallies(count: int, zero: N, detail: list[list[N]] | None, squares: list[N] | None,
                  lines: list[Counter[S]] | None) -> None:
    """Empty the tallies a search fills for ``count`` options, those it was given: each option's three parts of
    its total (``detail``), its sum of squares (``squares``) and its counted lines of play (``lines``), each
    figure starting at ``zero``."""
    if detail is not None:
        detail[:] = [[zero, zero, zero] for _ in range(count)]
    if squares is not None:
        squares[:] = [zero] * count
    if lines is not None:
        lines[:] = [Counter() for _ in range(count)]


def add_tally(option: int, result: N, totals: list[N], squares: list[N] | None,
              lines: list[Counter[tuple[S, ...]]] | None, trace: Sequence[S] | None) -> None:
    """Count one world's ``result`` for ``option``: into its total, its sum of squares and, with the world's
    line of play (``trace``), its counted lines, those the search keeps."""
    totals[option] += result
    if squares is not None:
        squares[option] += result * result
    if lines is not None and trace is not None:
        lines[option][tuple(trace)] += 1


def commonest_line(paths: dict[tuple[S, ...], int], key: Callable[[S], K]) -> list[tuple[K, Counter[S], int]]:
    """The likely line through counted paths of play (each a tuple of turns, counted by how many worlds went
    that way): at each depth the commonest ``key`` of a turn among the paths that followed the line so far (the
    least such key on a tie), with the turns of that key and their counts, and how many worlds went that way."""
    line: list[tuple[K, Counter[S], int]] = []
    while True:
        depth = len(line)
        following: Counter[K] = Counter()
        steps: dict[K, Counter[S]] = {}
        for path, count in paths.items():
            if len(path) > depth:
                k = key(path[depth])
                following[k] += count
                steps.setdefault(k, Counter())[path[depth]] += count
        if not following:
            return line
        chosen, count = min(following.items(), key=lambda kv: (-kv[1], kv[0]))  # type: ignore[operator]
        line.append((chosen, steps[chosen], count))
        paths = {p: n for p, n in paths.items() if len(p) > depth and key(p[depth]) == chosen}


UNCERTAIN_WITHIN: float = 2.0
"""How many combined standard errors a loss must reach before the review's worlds tell the two options apart."""


class Judged(Protocol):
    """A judged decision as the summary needs it."""

    @property
    def turn(self) -> int:
        """The turn's number in the deal, counting from 1."""

    @property
    def kind(self) -> str:
        """What was decided (``play``, or a game's other kinds of decision)."""

    @property
    def loss(self) -> float:
        """Expected points lost against the best option."""

    @property
    def spread(self) -> float:
        """Expected points between the best and the worst option."""

    @property
    def label(self) -> str:
        """The decision's mark."""

    def to_json(self, exact: bool = False) -> dict[str, Any]:
        """The decision as ``review --json`` prints it (``exact``: the form it is kept in)."""

    def describe(self) -> str:
        """The decision in one line of words."""


J = TypeVar("J", bound=Judged)


def total_loss(decisions: Sequence[Judged]) -> float:
    """Expected points lost over all the decisions."""
    return sum((d.loss for d in decisions), 0.0)


def accuracy(decisions: Sequence[Judged]) -> int:
    """How much of what was at stake the seat kept, in percent (100 when nothing was at stake).

    Over the decisions with a real choice, the points the chosen options
    stood above the worst ones, as a share of the points the best options
    stood above the worst: 100 means always the best, 0 always the worst.
    A forced move counts for nothing either way.
    """
    stake = sum(d.spread for d in decisions)
    if stake <= 0:
        return 100
    kept = sum(d.spread - d.loss for d in decisions)
    return round(100 * kept / stake)


def worst(decisions: Sequence[J], count: int = WORST_SHOWN) -> tuple[J, ...]:
    """The costliest decisions that lost anything, costliest first (earliest on a tie)."""
    lost = [d for d in decisions if d.label != "best"]
    return tuple(sorted(lost, key=lambda d: -d.loss)[:count])


def review_json(seat: int, decisions: Sequence[Judged], exact: bool = False) -> dict[str, Any]:
    """A seat's review as ``review --json`` prints it; with ``exact``, every decision in the form it is kept in."""
    return {
        "seat": seat,
        "decisions": [d.to_json(exact) for d in decisions],
        "total_loss": round(total_loss(decisions), 1),
        "accuracy": accuracy(decisions),
    }


def review_text(seat: int, decisions: Sequence[Judged]) -> str:
    """A seat's review in words: every decision, then the points lost, the accuracy and the worst moments."""
    lines = [f"seat {seat}: {len(decisions)} decisions", *(d.describe() for d in decisions),
             f"expected points lost: {total_loss(decisions):.1f}, accuracy {accuracy(decisions)}%"]
    costly = worst(decisions)
    if costly:
        lines.append("worst moments: " + "; ".join(
            f"turn {d.turn} {d.kind} ({d.label}, {d.loss:.1f})" for d in costly))
    return "\n".join(lines)


@dataclass(frozen=True)
class Reviewed(Generic[J]):
    """Every judged decision of one seat in one deal, and the summary, whatever the game: each game's
    review is one of these over its own kind of decision."""

    seat: int
    decisions: tuple[J, ...]

    @property
    def total_loss(self) -> float:
        """Expected points lost over all the decisions."""
        return total_loss(self.decisions)

    @property
    def accuracy(self) -> int:
        """How much of what was at stake the seat kept, in percent (see :func:`accuracy`)."""
        return accuracy(self.decisions)

    def worst(self, count: int = WORST_SHOWN) -> tuple[J, ...]:
        """The costliest decisions that lost anything, costliest first (earliest on a tie)."""
        return worst(self.decisions, count)

    def to_json(self, exact: bool = False) -> dict[str, Any]:
        """The review as ``review --json`` prints it; with ``exact``, the form it is kept in."""
        return review_json(self.seat, self.decisions, exact)

    def describe(self) -> str:
        """The review in words: every decision, then the summary and the worst moments."""
        return review_text(self.seat, self.decisions)
