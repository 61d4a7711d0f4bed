"""Positions to practise: a reviewed deal's mistakes and blunders, each to be solved again from the seat's view.

As "learn from your mistakes" does in a chess program, every decision of the person that a review
marked a mistake or a blunder becomes a :class:`PracticePosition`: the deal record up to that
decision, the seat, and the review's judgement of it (every option with its expected margin). An
answer is right when its option's expected margin stands within the "best" step of the best option's
(less than :data:`~chinese_ten.engine.judging.INACCURACY` times the decision's scale below it) — the
same line the review draws between a decision marked best and an inaccuracy.

Positions are kept with the matches (:mod:`chinese_ten.matchstore`) in the JSON form of
:meth:`PracticePosition.to_json`, which :meth:`PracticePosition.from_json` reads back exactly or
refuses in one line. Only Chinese Ten's decisions are made into positions: the window reviews
Chinese Ten's deals alone so far.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Final

from chinese_ten.cards import Card
from chinese_ten.engine.judging import INACCURACY, label_of, reason_text
from chinese_ten.engine.records import RecordError
from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten.events import Event
from chinese_ten.games.ten.record import deal_of, replay
from chinese_ten.games.ten.review import Choice, Judgement, Review
from chinese_ten.games.ten.turns import Phase
from chinese_ten.i18n import _

FORMAT: Final[str] = "chinese-ten/practice-v1"
"""The format name every kept practice position carries."""

PRACTISED: Final[tuple[str, ...]] = ("mistake", "blunder")
"""The marks whose decisions become practice positions."""

GAMES: Final[tuple[str, ...]] = ("ten",)
"""The games whose decisions can be practice positions."""


@dataclass(frozen=True)
class Decided:
    """The deal replayed to a practice position: the deal as dealt, every event on the way, and the deal
    waiting for the seat's decision."""

    start: Deal
    """The deal as dealt (a copy: nothing is played on it)."""
    events: tuple[Event, ...]
    """Every event from the deal to the decision, the opening capture's left out (``start`` has them)."""
    deal: Deal
    """The deal at the decision: the seat to move, or its card waiting for the take."""


@dataclass(frozen=True)
class PracticePosition:
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

    @property
    def turn(self) -> int:
        """The decision's turn in the deal, counting from 1."""
        return self.judgement.turn

    @property
    def kind(self) -> str:
        """What is decided: ``play`` (the card), ``take`` (the played card's take) or ``flip_take``."""
        return self.judgement.kind

    @property
    def options(self) -> tuple[Choice, ...]:
        """Every option, best first, each with its expected margin."""
        return self.judgement.options

    @property
    def best(self) -> Choice:
        """The best option."""
        return self.judgement.best

    @property
    def step(self) -> float:
        """How far below the best option's expected margin an answer may stand and still be right."""
        return INACCURACY * self.judgement.scale

    @property
    def key(self) -> str:
        """What tells this position apart from every other: the same decision of the same deal has the same key."""
        text = json.dumps([self.game, self.seat, self.turn, self.kind, self.record], sort_keys=True,
                          separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

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
        return option is not None and label_of(self.best.expected - option.expected, self.judgement.scale) == "best"

    def reason(self, card: Card) -> str | None:
        """Why the best option beats the one ``card`` stands for, in one sentence of the language in force;
        None when the answer is right or the figures are not known."""
        option = self.option_of(card)
        if option is None or self.accepts(card) or option.figures is None or self.best.figures is None:
            return None
        return reason_text(option_words(self.kind, self.best), self.best.expected, self.best.figures,
                           option_words(self.kind, self.named(option, card)), option.expected, option.figures,
                           self.judgement.scale)

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
        """The position :meth:`to_json` wrote; ``ValueError`` with one line when ``data`` is not such a position
        (a wrong shape, a record that does not reach the decision, options that are not the seat's)."""
        if not isinstance(data, dict):
            raise ValueError(f"a practice position must be an object, not {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise ValueError(f"a practice position's format must be {FORMAT!r}, not {data.get('format')!r}")
        if data.get("game") not in GAMES:
            raise ValueError(f"a practice position's game must be one of {', '.join(GAMES)}, not {data.get('game')!r}")
        seat, record = data.get("seat"), data.get("record")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise ValueError(f"a practice position's seat must be a seat number, not {seat!r}")
        if not isinstance(record, dict):
            raise ValueError("a practice position's record must be an object")
        position = cls(record, seat, Judgement.from_json(data.get("decision")), data["game"])
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


def option_words(kind: str, choice: Choice) -> str:
    """An option in words of the language in force: the card entered, with what it takes."""
    played = choice.play.pretty if choice.play is not None else "?"
    if not choice.take:
        return played
    return _("{card} taking {taken}").format(card=played, taken=" ".join(c.pretty for c in choice.take))


def positions_from(record: dict[str, Any], review: Review) -> tuple[PracticePosition, ...]:
    """The practice positions a reviewed deal gives: one for each of the review seat's decisions marked a
    mistake or a blunder, each with the record cut at that decision. A decision the record does not
    reach (the review was of another deal) gives none."""
    found = []
    turns = record.get("turns", [])
    if not isinstance(turns, list):
        return ()
    for judgement in review.decisions:
        if judgement.label not in PRACTISED:
            continue
        cut = judgement.turn - 1 if judgement.kind == "play" else judgement.turn
        prefix = {k: v for k, v in record.items() if k not in ("turns", "result")}
        prefix["turns"] = turns[:cut]
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
    events: list[Event] = []
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

