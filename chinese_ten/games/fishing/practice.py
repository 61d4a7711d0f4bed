"""Chinese Go Fishing's practice positions: a card to play with the family of sets it takes, every family its value
may take an option of its own as the review counts them (see :mod:`chinese_ten.practice`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, ClassVar

from chinese_ten.cards import Card
from chinese_ten.engine.practice import FORMAT, Decided, Judged, read_head
from chinese_ten.engine.records import RecordError
from chinese_ten.games.fishing import record as fishing_record
from chinese_ten.games.fishing import review as fishing_review
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.legal import card_families
from chinese_ten.games.fishing.rules import CARD_POINTS


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
    REVIEW: ClassVar[type] = fishing_review.Review
    """The review whose judgements become its positions."""

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
        seat, record = read_head(data, "fishing")
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


POSITION = FishingPosition
"""This game's practice positions' class, as its spec finds it."""
