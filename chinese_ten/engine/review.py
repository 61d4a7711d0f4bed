"""The skeleton of every game's review: its options, its decisions and reviews read back, and the walk.

A game's review (``games/NAME/review.py``) gives only what is its own: how an option names
what it takes, the kinds of decision it has, the moments of a deal at which a seat decides
and how one is judged on the game's sampled worlds, and the likely line's kind of turn.
This module gives the rest once for every game: an option with its measured worth
(:class:`Option`), a judged decision printed, told and read back (:class:`Decision`), a
seat's review read back (:class:`SeatReview`), what the worlds measured (:func:`measured`)
and the walk through a record that judges each moment in turn, telling its progress and
stopping when called off (:func:`judge_moments`). The marks and the summary are in
:mod:`chinese_ten.engine.judging`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from chinese_ten.cards import Card, CardError
from chinese_ten.engine.judging import (
    Figures,
    LikelyTurn,
    Reviewed,
    ReviewCancelled,
    Weighed,
    option_words,
    standard_error,
    stderr_from_json,
)
from chinese_ten.engine.streams import derive_seed

REVIEW_SEED: int = 0
"""The seed a review is made with unless another is asked for (the ``review`` command's default)."""

P = TypeVar("P")
T = TypeVar("T")


def quoted(value: Any) -> str:
    """A value as an error message quotes it: on one line, and cut short when long."""
    text = " ".join(repr(value).split())
    return text if len(text) <= 80 else text[:77] + "..."


def listed(value: Any, what: str) -> list[Any]:
    """``value`` when it is a list; ``ValueError`` naming ``what`` otherwise."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {quoted(value)}")
    return value


def card_of(value: Any) -> Card:
    """The card ``value`` names; ``ValueError`` in one line for anything else."""
    if not isinstance(value, str):
        raise ValueError(f"a card must be named by a string, not {quoted(value)}")
    try:
        return Card.parse(value)
    except CardError as exc:
        raise ValueError(" ".join(str(exc).split())) from None


def check_seat(seat: Any, seats: int) -> None:
    """``ValueError`` unless ``seat`` is one of a deal's ``seats``."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise ValueError(f"seat must be a seat from 0 to {seats - 1}, not {seat}")


@dataclass(frozen=True)
class Option(Generic[P, T]):
    """One option of a decision: the card entered (``play``) and what it takes (``take``, in the game's own
    form), with what the review's worlds measured of it.

    A game's option says how its take is written and read (:meth:`take_json`, :meth:`read_take`) and as
    sets of cards (:meth:`sets`); the rest is every game's.
    """

    play: P
    take: T
    expected: float = 0.0
    """The mean deal margin the seat can expect after this option."""
    figures: Figures | None = None
    """What the option does at once and leaves, from the same worlds (None when not known)."""
    stderr: float | None = None
    """The standard error of ``expected`` over the review's worlds (None when not measured, or one world told
    the whole truth)."""

    @classmethod
    def play_key(cls, kind: str) -> str:
        """The key the card entered is written under in a decision of ``kind``."""
        return "play"

    def take_json(self) -> Any:
        """The take as ``review --json`` prints it."""
        raise NotImplementedError

    @classmethod
    def read_play(cls, value: Any) -> Any:
        """The card entered as :meth:`to_json` wrote it; ``ValueError`` in one line for anything else."""
        return card_of(value)

    @classmethod
    def read_take(cls, value: Any) -> Any:
        """The take as :meth:`take_json` wrote it; ``ValueError`` in one line for anything else."""
        raise NotImplementedError

    def sets(self) -> Sequence[Sequence[Card]]:
        """The take as sets of cards (a card taken alone is a set of one)."""
        raise NotImplementedError

    def shown(self) -> str:
        """The option in the words of the language in force: the card, with the sets it takes."""
        if not isinstance(self.play, Card):
            return "?"
        return option_words(self.play, self.sets())

    def to_json(self, kind: str = "play", with_expected: bool = True, exact: bool = False) -> dict[str, Any]:
        """The option as the ``review`` command prints it in a decision of ``kind``, with ``stderr`` where the
        worlds gave ``expected`` a spread.

        With ``exact``, ``expected`` and ``stderr`` keep every digit and the figures are written too (the form
        a review is kept in).
        """
        out: dict[str, Any] = {self.play_key(kind): None if self.play is None else str(self.play),
                               "take": self.take_json()}
        if with_expected:
            out["expected"] = self.expected if exact else round(self.expected, 1)
            if self.stderr is not None:
                out["stderr"] = self.stderr if exact else round(self.stderr, 2)
        if exact and self.figures is not None:
            out["figures"] = self.figures.to_json()
        return out

    @classmethod
    def from_json(cls, data: Any, kind: str = "play", expected: float | None = None) -> Self:
        """The option :meth:`to_json` wrote in a decision of ``kind``; ``expected`` stands in when the data has
        none.

        Raises ``ValueError`` in one line when ``data`` is not such an option.
        """
        if not isinstance(data, dict):
            raise ValueError(f"an option must be an object, not {quoted(data)}")
        key = cls.play_key(kind)
        if key not in data or "take" not in data:
            raise ValueError(f"an option needs {key!r} and 'take': {quoted(data)}")
        play, take = cls.read_play(data[key]), cls.read_take(data["take"])
        value = data.get("expected", expected)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise ValueError(f"an option's expected margin must be a number, not {quoted(value)}")
        figures = Figures.from_json(data["figures"]) if "figures" in data else None
        return cls(play, take, float(value), figures, stderr_from_json(data.get("stderr")))


def ranked(options: Iterable[Any]) -> tuple[Any, ...]:
    """Options best first (a stable sort keeps the earlier of equals first)."""
    return tuple(sorted(options, key=lambda o: -o.expected))


def _either(words: Sequence[str]) -> str:
    """Words offered as alternatives: "play", "play, take or flip_take"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


class Decision(Weighed):
    """A judged decision of any game, printed, told and read back the one way (mixed into each game's
    judgement, a frozen dataclass with the fields :class:`~chinese_ten.engine.judging.Weighed` names: ``turn``,
    the turn's number in the deal from 1; ``chosen`` and ``best``; ``options``, every distinct option best
    first; ``scale``, what the marks' thresholds are multiplied by; ``kind``; and ``line``, the best option's
    likely continuation).

    A game says which option type it has (:attr:`option`), its kinds of decision (:attr:`kinds`, the first
    the play), how its line is read (:meth:`line_from_json`) and written (:attr:`single`), how an option is
    named in a plain line (:meth:`action_text`) and, where it differs, which option stands for the one chosen
    (:meth:`stands_for`).
    """

    option: ClassVar[type[Option[Any, Any]]]
    """The game's option type."""
    kinds: ClassVar[tuple[str, ...]] = ("play",)
    """Every kind of decision the game has, the play first; a game with only the play need not write it."""
    single: ClassVar[bool] = False
    """True when the line's takes are written as the game's records write a take (Chinese Ten's form)."""

    def to_json(self, exact: bool = False) -> dict[str, Any]:
        """The decision as ``review --json`` prints it.

        With ``exact`` (the form a review is kept in), every expected margin keeps all its digits, the chosen
        and best options carry theirs too, and the scale is written.
        """
        return self.weighed_json(self.chosen.to_json(self.kind, with_expected=exact, exact=exact),
                                 self.best.to_json(self.kind, with_expected=exact, exact=exact),
                                 [o.to_json(self.kind, exact=exact) for o in self.options], exact, self.single)

    def option_words(self, option: Any) -> str:
        """An option in the words of the language in force: the card entered, with what it takes."""
        return option.shown()  # type: ignore[no-any-return]

    def heading(self) -> str:
        """What the plain line of :meth:`describe` begins with: the turn (and what was decided)."""
        return f"turn {self.turn}"

    def action_text(self, option: Any) -> str:
        """An option in a plain line of :meth:`describe`."""
        raise NotImplementedError

    def describe(self) -> str:
        """The decision in one line of words."""
        line = f"{self.heading()}: {self.action_text(self.chosen)} ({self.chosen.expected:+.1f})"
        if self.loss > 0:
            line += f"; best {self.action_text(self.best)} ({self.best.expected:+.1f}), lost {self.loss:.1f}"
        return f"{line} — {self.label}"

    @classmethod
    def line_from_json(cls, data: Any) -> tuple[LikelyTurn, ...]:
        """The decision's line as its turns' ``to_json`` wrote it (absent: the empty line)."""
        raise NotImplementedError

    @classmethod
    def stands_for(cls, option: Option[Any, Any], named: Option[Any, Any], kind: str) -> bool:
        """True when ``option`` of the options list is the chosen one the printed form names (it carries no
        margin of its own): the same card with the same take."""
        return bool(option.play == named.play and option.take == named.take)

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """The decision :meth:`to_json` wrote, in either form.

        From the printed form the chosen and best options take their expected margins from the options list,
        where they stand rounded. Raises ``ValueError`` in one line when ``data`` is not such a decision.
        """
        if not isinstance(data, dict):
            raise ValueError(f"a decision must be an object, not {quoted(data)}")
        kind = data.get("kind", cls.kinds[0] if len(cls.kinds) == 1 else None)
        if kind not in cls.kinds:
            raise ValueError(f"a decision's kind must be {_either(cls.kinds)}, not {quoted(data.get('kind'))}")
        turn = data.get("turn")
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
            raise ValueError(f"a decision's turn must be a whole number from 1, not {quoted(turn)}")
        options = tuple(cls.option.from_json(o, kind) for o in listed(data.get("options"), "a decision's options"))
        if not options:
            raise ValueError("a decision needs at least one option")

        def among(what: str, same: Callable[[Option[Any, Any], Option[Any, Any], str], bool]) -> Option[Any, Any]:
            named = cls.option.from_json(data.get(what), kind, expected=0.0)
            if "expected" in data[what]:
                return named
            match = next((o for o in options if same(o, named, kind)), None)
            if match is None:
                raise ValueError(f"a decision's {what} option is not among its options: {quoted(data[what])}")
            return replace(named, expected=match.expected, figures=match.figures, stderr=match.stderr)

        chosen, best = among("chosen", cls.stands_for), among("best", Decision.stands_for)
        scale = data.get("scale", 1.0)
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale < 100:
            raise ValueError(f"a decision's scale must be a positive number, not {quoted(scale)}")
        return cls(turn=turn, kind=kind, chosen=chosen, best=best, options=options,  # type: ignore[call-arg]
                   scale=float(scale), line=cls.line_from_json(data.get("line")))


J = TypeVar("J", bound=Decision)


@dataclass(frozen=True)
class SeatReview(Reviewed[J]):
    """Every judged decision of one seat in one deal of a game, and the summary, read back as it was kept
    (each game's review is one of these over its own judgement, :meth:`decision_from_json`)."""

    @classmethod
    def decision_from_json(cls, data: Any) -> J:
        """One decision as its ``to_json`` wrote it."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """The review :meth:`to_json` wrote: equal to the original from the exact form, rounded from the printed one.

        Raises ``ValueError`` in one line when ``data`` is not such a review.
        """
        if not isinstance(data, dict):
            raise ValueError(f"a review must be an object, not {type(data).__name__}")
        seat = data.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise ValueError(f"a review's seat must be a seat number, not {quoted(seat)}")
        return cls(seat, tuple(cls.decision_from_json(d) for d in listed(data.get("decisions"), "a review's decisions")))


K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Measured(Generic[K]):
    """What the worlds measured of every option, in the options' order: the expected deal margin, the figures,
    the standard error of the margin, and how play went on in each world (counted ways, each game's own)."""

    values: list[float]
    figures: list[Figures]
    errors: list[float | None]
    ways: list[Counter[K]]


def measured(now: float, worlds: int, totals: Sequence[float], detail: Sequence[Sequence[float]],
             squares: Sequence[float], ways: list[Counter[K]]) -> Measured[K]:
    """What ``worlds`` worlds measured of each option, from a search's sums: the margin ``now`` plus each
    option's mean gain (``totals``), its figures from the sums of the points won at once, left to the next
    seat and the worlds it could take any (``detail``), and its standard error from the sums of squares."""
    return Measured([now + t / worlds for t in totals],
                    [Figures(won / worlds, leaves / worlds, hits / worlds) for won, leaves, hits in detail],
                    [standard_error(t, q, worlds) for t, q in zip(totals, squares)], ways)


D = TypeVar("D", covariant=True)


class Moment(Protocol[D]):
    """A decision of a seat waiting to be judged, at its turn of the deal."""

    @property
    def turn(self) -> int:
        """The turn's number in the deal, counting from 1."""

    @property
    def kind(self) -> str:
        """What is to be decided."""

    def judge(self, rng: random.Random, budget: int) -> D:
        """The decision judged on worlds drawn with ``rng``, ``budget`` simulated turns spent on it."""


def judge_moment(moment: Moment[D], seed: int, budget: int) -> D:
    """One decision judged on its own random stream derived from ``seed`` (the stream :func:`judge_moments` gives
    it, so a decision judged alone is judged as in the whole review), ``budget`` simulated turns spent on it."""
    return moment.judge(random.Random(derive_seed(seed, "review", moment.turn, moment.kind)), budget)


def judge_moments(moments: Callable[[], Iterable[Moment[J]]], seat: int, seed: int, budget: int,
                  on_progress: Callable[[int, int], None] | None = None,
                  cancelled: Callable[[], bool] | None = None,
                  on_judged: Callable[[J], None] | None = None) -> tuple[J, ...]:
    """Judge every decision of ``seat`` that ``moments()`` walks through (replaying a deal on the way, refusing
    an illegal record or a seat the deal lacks), each on a random stream of its own derived from ``seed``.

    ``on_progress(judged, total)`` is told how many decisions are judged out of how many there are, at the
    start (after walking the deal once to count them) and after each one. ``cancelled`` is asked before each
    decision; when it answers True the review stops with
    :class:`~chinese_ten.engine.judging.ReviewCancelled`. ``on_judged`` is given each decision as soon as it is
    judged (before ``on_progress`` counts it).
    """
    total = sum(1 for _ in moments()) if on_progress is not None else 0
    if on_progress is not None:
        on_progress(0, total)
    judged: list[J] = []
    for moment in moments():
        if cancelled is not None and cancelled():
            raise ReviewCancelled(f"the review of seat {seat} was cancelled after {len(judged)} decisions")
        judged.append(judge_moment(moment, seed, budget))
        if on_judged is not None:
            on_judged(judged[-1])
        if on_progress is not None:
            on_progress(len(judged), total)
    return tuple(judged)
