"""Positions to practise: a reviewed deal's mistakes and blunders, each to be solved again from the seat's view.

As "learn from your mistakes" does in a chess program, every decision of the person that a review
marked a mistake or a blunder becomes a :class:`PracticePosition`: the deal record up to that
decision, the seat, and the review's judgement of it (every option with its expected margin). An
answer is right when its option's expected margin stands within the "best" step of the best option's
(less than :data:`~chinese_ten.engine.judging.INACCURACY` times the decision's scale below it) — the
same line the review draws between a decision marked best and an inaccuracy.

Both games' decisions become positions: Chinese Ten's (:class:`PracticePosition`: a card to play, or the
card a played or turned card takes) and Chinese Go Fishing's (:class:`FishingPosition`: a card to play with
the family of sets it takes, every family its value may take an option of its own, as the review counts
them). The person answers with an option (:meth:`PracticePosition.options_for` lists those a hand card
or a layout card stands for); each position judges it by its review's evaluation.

Positions are kept with the matches (:mod:`chinese_ten.matchstore`) in the JSON form of their
``to_json``, naming their game, which :func:`position_from_json` reads back exactly or refuses in one line.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Final, Generic, TypeVar

from chinese_ten.cards import Card
from chinese_ten.engine.judging import INACCURACY, Reviewed, label_of, reason_text
from chinese_ten.engine.records import RecordError
from chinese_ten.games.fishing import record as fishing_record
from chinese_ten.games.fishing import review as fishing_review
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.legal import card_families
from chinese_ten.games.fishing.rules import CARD_POINTS
from chinese_ten.games.ten.record import FORMAT as TEN_FORMAT, deal_of, replay
from chinese_ten.games.ten.review import Choice, Judgement
from chinese_ten.games.ten.turns import Phase
from chinese_ten.i18n import _

C = TypeVar("C")
"""An option of a game's review (its ``Choice``)."""

FORMAT: Final[str] = "chinese-ten/practice-v1"
"""The format name every kept practice position carries."""

PRACTISED: Final[tuple[str, ...]] = ("mistake", "blunder")
"""The marks whose decisions become practice positions."""

GAMES: Final[tuple[str, ...]] = ("ten", "fishing")
"""The games whose decisions can be practice positions."""


@dataclass(frozen=True)
class Decided:
    """The deal replayed to a practice position: the deal as dealt, every event on the way, and the deal
    waiting for the seat's decision."""

    start: Any
    """The deal as dealt (a copy: nothing is played on it)."""
    events: tuple[Any, ...]
    """Every event from the deal to the decision, the opening ones left out (``start`` has them)."""
    deal: Any
    """The deal at the decision: the seat to move, or its card waiting for the take."""


class Judged(Generic[C]):
    """What a position to solve reads from the review's judgement of it, in either game: its turn, its
    options best first, the best, how far below the best an answer may stand and still be right, and its key."""

    record: dict[str, Any]
    seat: int
    game: str
    judgement: Any
    """The review's judgement (each game's ``Judgement``: turn, kind, options, best and scale)."""

    @property
    def kind(self) -> str:
        """What is decided: ``play`` (the card), ``take`` (the played card's take) or ``flip_take``."""
        return str(self.judgement.kind)

    @property
    def turn(self) -> int:
        """The decision's turn in the deal, counting from 1."""
        return int(self.judgement.turn)

    @property
    def options(self) -> tuple[C, ...]:
        """Every option, best first, each with its expected margin."""
        return tuple(self.judgement.options)

    @property
    def best(self) -> C:
        """The best option."""
        best: C = self.judgement.best
        return best

    @property
    def step(self) -> float:
        """How far below the best option's expected margin an answer may stand and still be right."""
        return INACCURACY * float(self.judgement.scale)

    @property
    def key(self) -> str:
        """What tells this position apart from every other: the same decision of the same deal has the same key."""
        return _key(self.game, self.seat, self.turn, self.kind, self.record)

    def accepts_option(self, option: Any) -> bool:
        """True when answering with ``option`` is right: it stands within :attr:`step` of the best option."""
        best: Any = self.best
        return label_of(best.expected - option.expected, self.judgement.scale) == "best"

    def reason_for(self, option: Any) -> str | None:
        """Why the best option beats ``option``, in one sentence; None when it is right or the figures are not known."""
        best: Any = self.best
        if self.accepts_option(option) or option.figures is None or best.figures is None:
            return None
        return reason_text(self.words(best), best.expected, best.figures, self.words(option),
                           option.expected, option.figures, self.judgement.scale)

    @property
    def played(self) -> C:
        """The option first chosen at this decision, when the deal was played (the one the review marked), with
        its figures from the options when it was kept without them."""
        chosen: Any = self.judgement.chosen
        if chosen.figures is None:
            same: Any = next((o for o in self.options if self.same_option(o, chosen)), None)
            if same is not None and same.figures is not None:
                chosen = replace(chosen, figures=same.figures)
        played: C = chosen
        return played

    def reason_over_played(self, option: Any) -> str | None:
        """Why ``option`` beats the move first made here, in one sentence of the language in force (what a right
        answer is told); None when it is that move or the figures are not known."""
        played: Any = self.played
        if self.same_option(option, played) or option.figures is None or played.figures is None:
            return None
        return reason_text(self.words(option), option.expected, option.figures, self.words(played),
                           played.expected, played.figures, self.judgement.scale)

    def words(self, option: Any) -> str:
        """An option in words of the language in force (each game says its own)."""
        raise NotImplementedError

    def same_option(self, a: Any, b: Any) -> bool:
        """True when two options are one (each game counts its own)."""
        raise NotImplementedError


@dataclass(frozen=True)
class PracticePosition(Judged[Choice]):
    """One decision to solve again: a deal record up to it, the seat, and the review's judgement of it."""

    record: dict[str, Any]
    """The deal record up to the decision: the turns before it, and for a take the turn it belongs to."""
    seat: int
    """The seat that decides (the person's)."""
    judgement: Judgement
    """The review's judgement: every option with its expected margin, the best and what was chosen."""
    game: str = "ten"
    """The game, by its registered name."""

    # ------------------------------------------------------------------ what the position is

    @cached_property
    def decided(self) -> Decided:
        """The deal replayed to the decision (``ValueError`` when the record does not reach it)."""
        return _decided(self.record, self.seat, self.turn, self.kind)

    @property
    def choices(self) -> tuple[Card, ...]:
        """The cards the person may pick: the hand's cards for a play, the candidates for a take."""
        deal = self.decided.deal
        if self.kind == "play":
            return tuple(sorted(deal.hand(self.seat)))
        pending = deal.pending
        assert pending is not None, "a take waits for its choice"
        return tuple(pending.candidates)

    @property
    def entering(self) -> Card | None:
        """The card waiting for its take (None for a play)."""
        pending = self.decided.deal.pending
        return None if self.kind == "play" or pending is None else pending.card

    # ------------------------------------------------------------------ answering

    def option_of(self, card: Card) -> Choice | None:
        """The option picking ``card`` stands for (a card of the same rank and points is the same option),
        or None when ``card`` is not one of :attr:`choices`."""
        if card not in self.choices:
            return None
        pts = self.decided.deal.points_of
        if self.kind == "play":
            same = [o for o in self.options if o.play is not None and o.play.rank == card.rank
                    and pts(o.play) == pts(card)]
        else:
            same = [o for o in self.options if len(o.take) == 1 and pts(o.take[0]) == pts(card)]
        return same[0] if same else None

    def accepts(self, card: Card) -> bool:
        """True when picking ``card`` is right: its option stands within :attr:`step` of the best option."""
        option = self.option_of(card)
        return option is not None and self.accepts_option(option)

    def reason(self, card: Card) -> str | None:
        """Why the best option beats the one ``card`` stands for, in one sentence of the language in force;
        None when the answer is right or the figures are not known."""
        option = self.option_of(card)
        return None if option is None else self.reason_for(self.named(option, card))

    def options_for(self, card: Card) -> tuple[Choice, ...]:
        """The options picking ``card`` may answer with, named by it: the one it stands for (none when it is
        no choice)."""
        option = self.option_of(card)
        return () if option is None else (self.named(option, card),)

    def words(self, option: Any) -> str:
        """An option in words of the language in force."""
        return option_words(self.kind, option)

    def taken(self, option: Any) -> tuple[Card, ...]:
        """The layout cards an option takes."""
        return tuple(option.take)

    def same_option(self, a: Any, b: Any) -> bool:
        """True when two options are one (a card of the same rank and points, the same take's points)."""
        pts = self.decided.deal.points_of
        if a.play is None or b.play is None:
            return a == b
        return (a.play.rank, pts(a.play), sorted(pts(c) for c in a.take)) == (
            b.play.rank, pts(b.play), sorted(pts(c) for c in b.take))

    def named(self, option: Choice, card: Card) -> Choice:
        """``option`` named by ``card``, the card picked for it (one of the same rank and points)."""
        if self.kind == "play":
            return replace(option, play=card)
        return replace(option, take=(card,))

    # ------------------------------------------------------------------ kept

    def to_json(self) -> dict[str, Any]:
        """The position as it is kept: every digit of every figure."""
        return {"format": FORMAT, "game": self.game, "seat": self.seat, "record": self.record,
                "decision": self.judgement.to_json(exact=True)}

    @classmethod
    def from_json(cls, data: Any) -> PracticePosition:
        """The Chinese Ten position :meth:`to_json` wrote; ``ValueError`` with one line when ``data`` is not such
        a position (a wrong shape, a record that does not reach the decision, options that are not the seat's)."""
        seat, record = _head(data, "ten")
        position = cls(record, seat, Judgement.from_json(data.get("decision")), "ten")
        position.check()
        return position

    def check(self) -> None:
        """``ValueError`` with one line unless the record reaches the decision and every option is the seat's."""
        try:
            decided = self.decided
        except RecordError as problem:
            raise ValueError(f"a practice position's record cannot be replayed: {problem}") from None
        deal = decided.deal
        if self.kind == "play":
            hand = deal.hand(self.seat)
            if any(o.play not in hand for o in self.options):
                raise ValueError(f"an option of the practice position at turn {self.turn} is not in seat "
                                 f"{self.seat}'s hand")
        else:
            pending = deal.pending
            assert pending is not None
            if any(o.play != pending.card or len(o.take) != 1 or o.take[0] not in pending.candidates
                   for o in self.options):
                raise ValueError(f"an option of the practice position at turn {self.turn} is not a take of "
                                 f"{pending.card}")
        if not any(self.accepts(c) for c in self.choices):
            raise ValueError(f"the practice position at turn {self.turn} has no right answer among its cards")


@dataclass(frozen=True)
class FishingPosition(Judged[fishing_review.Choice]):
    """One Go Fishing decision to solve again: the record up to it, the seat, and the review's judgement.

    An option is a card played with a family of sets; options are counted by values, as the review counts
    them, so any card of the value the best option plays, taking the same shapes, is as right."""

    record: dict[str, Any]
    """The deal record up to the decision: the turns before it."""
    seat: int
    """The seat that decides (the person's)."""
    judgement: fishing_review.Judgement
    """The review's judgement: every option with its expected margin, the best and what was chosen."""
    game: str = "fishing"
    """The game, by its registered name."""

    @property
    def kind(self) -> str:
        """What is decided: always ``play`` (the card, with what it takes)."""
        return "play"

    @cached_property
    def decided(self) -> Decided:
        """The deal replayed to the decision (``ValueError`` when the record does not reach it)."""
        deal = fishing_record.deal_of(self.record)
        start = deal.copy()
        events: list[Any] = []
        actions = fishing_record.record_actions(self.record)  # checks the whole record, naming the turn
        if not 0 <= self.seat < deal.seats:
            raise ValueError(f"the practice position's seat must be a seat from 0 to {deal.seats - 1}, not {self.seat}")
        if self.turn < 1 or len(actions) != self.turn - 1:
            raise ValueError(f"the practice position's record has {len(actions)} turns, not {self.turn - 1} before "
                             f"its play at turn {self.turn}")
        for action in actions:
            events += deal.apply(action)
        if deal.to_act != self.seat:
            raise ValueError(f"the practice position's record does not reach seat {self.seat}'s play at turn "
                             f"{self.turn}")
        return Decided(start, tuple(events), deal)

    @property
    def choices(self) -> tuple[Card, ...]:
        """The cards the person may pick: the hand's."""
        return tuple(sorted(self.decided.deal.hand(self.seat)))

    @property
    def entering(self) -> Card | None:
        """None: a Go Fishing decision is always a play from the hand."""
        return None

    def options_for(self, card: Card) -> tuple[fishing_review.Choice, ...]:
        """Every option playing ``card`` may answer with, each with its sets and its expected margin: the most
        points taken first, taking nothing last (the order the table offers them in, which tells nothing of
        their worth); none when ``card`` is not in the hand."""
        if card not in self.choices:
            return ()
        found: dict[object, fishing_review.Choice] = {}
        for family in card_families(card, self.decided.deal.layout):
            value_level = fishing_review.option_of(FishingAction(card, family))
            option = next((o for o in self.options
                           if fishing_review.option_of(FishingAction(o.play, o.take)) == value_level), None)
            if option is not None and value_level not in found:
                found[value_level] = replace(option, play=card, take=family)
        return tuple(sorted(found.values(), key=lambda o: (not o.take, -sum(CARD_POINTS[c] for s in o.take for c in s))))

    def words(self, option: Any) -> str:
        """An option in words of the language in force: the card, with the sets it takes."""
        return option.shown()

    def taken(self, option: Any) -> tuple[Card, ...]:
        """The layout cards an option takes, set after set."""
        return tuple(c for sets in option.take for c in sets)

    def same_option(self, a: Any, b: Any) -> bool:
        """True when two options are one: cards of one value taking the same shapes."""
        return fishing_review.option_of(FishingAction(a.play, a.take)) == fishing_review.option_of(
            FishingAction(b.play, b.take))

    def to_json(self) -> dict[str, Any]:
        """The position as it is kept: every digit of every figure."""
        return {"format": FORMAT, "game": self.game, "seat": self.seat, "record": self.record,
                "decision": self.judgement.to_json(exact=True)}

    @classmethod
    def from_json(cls, data: Any) -> FishingPosition:
        """The Go Fishing position :meth:`to_json` wrote; ``ValueError`` with one line when ``data`` is not such
        a position."""
        seat, record = _head(data, "fishing")
        position = cls(record, seat, fishing_review.Judgement.from_json(data.get("decision")))
        position.check()
        return position

    def check(self) -> None:
        """``ValueError`` with one line unless the record reaches the decision, every option plays a card of
        the seat's hand and some card answers it right."""
        try:
            deal = self.decided.deal
        except (RecordError, fishing_record.FishingRecordError) as problem:
            raise ValueError(f"a practice position's record cannot be replayed: {problem}") from None
        hand = deal.hand(self.seat)
        if any(o.play not in hand for o in self.options):
            raise ValueError(f"an option of the practice position at turn {self.turn} is not in seat "
                             f"{self.seat}'s hand")
        if not any(self.accepts_option(o) for c in self.choices for o in self.options_for(c)):
            raise ValueError(f"the practice position at turn {self.turn} has no right answer among its cards")


Position = PracticePosition | FishingPosition
"""A practice position of either game."""


def position_from_json(data: Any) -> Position:
    """The position of either game its ``to_json`` wrote, by the game it names; ``ValueError`` with one line
    when ``data`` is not such a position."""
    if isinstance(data, dict) and data.get("game") == "fishing":
        return FishingPosition.from_json(data)
    return PracticePosition.from_json(data)


def _head(data: Any, game: str) -> tuple[int, dict[str, Any]]:
    """The seat and the record of a kept position of ``game``, its format and game checked (``ValueError``)."""
    if not isinstance(data, dict):
        raise ValueError(f"a practice position must be an object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise ValueError(f"a practice position's format must be {FORMAT!r}, not {data.get('format')!r}")
    if data.get("game") != game:
        if data.get("game") not in GAMES:
            raise ValueError(f"a practice position's game must be one of {', '.join(GAMES)}, not "
                             f"{data.get('game')!r}")
        raise ValueError(f"a practice position of {data.get('game')!r} is not one of {game!r}")
    seat, record = data.get("seat"), data.get("record")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ValueError(f"a practice position's seat must be a seat number, not {seat!r}")
    if not isinstance(record, dict):
        raise ValueError("a practice position's record must be an object")
    return seat, record


def _key(game: str, seat: int, turn: int, kind: str, record: dict[str, Any]) -> str:
    """The key of a position: the same decision of the same deal has the same key."""
    text = json.dumps([game, seat, turn, kind, record], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def option_words(kind: str, choice: Choice) -> str:
    """An option in words of the language in force: the card entered, with what it takes."""
    played = choice.play.pretty if choice.play is not None else "?"
    if not choice.take:
        return played
    return _("{card} taking {taken}").format(card=played, taken=" ".join(c.pretty for c in choice.take))


def positions_from(record: dict[str, Any], review: Reviewed[Any]) -> tuple[Position, ...]:
    """The practice positions a reviewed deal of either game gives: one for each of the review seat's
    decisions marked a mistake or a blunder, each with the record cut at that decision. A decision the
    record does not reach (the review was of another deal, or of the other game) gives none."""
    found: list[Position] = []
    turns = record.get("turns", [])
    if not isinstance(turns, list):
        return ()
    fishing = isinstance(review, fishing_review.Review)
    if record.get("format") != (fishing_record.FORMAT if fishing else TEN_FORMAT):
        return ()
    for judgement in review.decisions:
        if judgement.label not in PRACTISED:
            continue
        cut = judgement.turn - 1 if judgement.kind == "play" else judgement.turn
        prefix = {k: v for k, v in record.items() if k not in ("turns", "result")}
        prefix["turns"] = turns[:cut]
        position: Position
        if isinstance(judgement, fishing_review.Judgement):
            position = FishingPosition(prefix, review.seat, judgement)
        else:
            position = PracticePosition(prefix, review.seat, judgement)
        try:
            position.check()
        except ValueError:
            continue
        found.append(position)
    return tuple(found)


def _decided(record: dict[str, Any], seat: int, turn: int, kind: str) -> Decided:
    """Replay ``record`` to the seat's decision of ``kind`` at ``turn``; ``ValueError`` when it does not reach it."""
    turns = replay(record).turns  # checks the whole record (RecordError, a ValueError, names the turn)
    deal = deal_of(record)
    if not 0 <= seat < deal.seats:
        raise ValueError(f"the practice position's seat must be a seat from 0 to {deal.seats - 1}, not {seat}")
    wanted = turn - 1 if kind == "play" else turn
    if turn < 1 or len(turns) != wanted:
        raise ValueError(f"the practice position's record has {len(turns)} turns, not {wanted} before its "
                         f"{kind} at turn {turn}")
    start = deal.copy()
    events: list[Any] = []
    for t in turns[:turn - 1]:
        events += deal.play(t.play, list(t.take) or None)
        if deal.phase is Phase.FLIP:
            events += deal.flip(list(t.flip_take) or None)
    if kind != "play":
        t = turns[turn - 1]
        if kind == "take":
            events += deal.play(t.play)
        else:
            events += deal.play(t.play, list(t.take) or None)
            if deal.phase is Phase.FLIP:
                events += deal.flip()
    waiting = Phase.PLAY if kind == "play" else Phase.CHOOSE
    if deal.to_move != seat or deal.phase is not waiting:
        raise ValueError(f"the practice position's record does not reach seat {seat}'s {kind} at turn {turn}")
    return Decided(start, tuple(events), deal)

