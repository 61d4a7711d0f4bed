"""The small values a deal of Chinese Ten is made of, which its view shares: the phase it waits
in, a finished turn, and a capture waiting for its seat's choice."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from chinese_ten.cards import Card
from chinese_ten.games.ten.events import Source


class Phase(Enum):
    """What the deal waits for next."""

    PLAY = "play"
    FLIP = "flip"
    CHOOSE = "choose"
    OVER = "over"


@dataclass(frozen=True)
class TurnRecord:
    """One finished turn: the card played, what it took, the card turned, what that took."""

    seat: int
    play: Card
    take: tuple[Card, ...]
    flip: Card | None
    flip_take: tuple[Card, ...]

    def to_json(self) -> dict[str, object]:
        """The turn as a deal-record entry, every take filled in."""
        return {
            "seat": self.seat,
            "play": str(self.play),
            "take": take_json(self.take),
            "flip": None if self.flip is None else str(self.flip),
            "flip_take": take_json(self.flip_take),
        }


def take_json(take: tuple[Card, ...]) -> str | list[str] | None:
    """A take as the records write it: nothing, one card's name, or a list of the names of a triple's cards."""
    if not take:
        return None
    if len(take) == 1:
        return str(take[0])
    return [str(c) for c in take]


@dataclass(frozen=True)
class PendingChoice:
    """An entering card waiting for its seat to pick which candidate it takes."""

    seat: int
    card: Card
    candidates: tuple[Card, ...]
    source: Source
