"""Chinese Ten's practice positions: a card to play, or the card a played or turned card takes, solved again from
the seat's view (see :mod:`chinese_ten.practice`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, ClassVar

from chinese_ten.cards import Card
from chinese_ten.engine.practice import FORMAT, Decided, Judged, read_head
from chinese_ten.engine.records import RecordError
from chinese_ten.games.ten.record import deal_of, replay
from chinese_ten.games.ten.review import Choice, Judgement, Review
from chinese_ten.games.ten.turns import Phase
from chinese_ten.i18n import _


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
    REVIEW: ClassVar[type] = Review
    """The review whose judgements become its positions."""

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
        seat, record = read_head(data, "ten")
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


def option_words(kind: str, choice: Choice) -> str:
    """An option in words of the language in force: the card entered, with what it takes."""
    played = choice.play.pretty if choice.play is not None else "?"
    if not choice.take:
        return played
    return _("{card} taking {taken}").format(card=played, taken=" ".join(c.pretty for c in choice.take))


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


POSITION = PracticePosition
"""This game's practice positions' class, as its spec finds it."""
