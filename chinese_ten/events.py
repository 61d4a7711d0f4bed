"""What happens in a deal, as values a screen can animate and a log can print.

Every checked call on a :class:`~chinese_ten.deal.Deal` returns the events it
caused, in order. ``source`` says whether a card entered from a hand
(``"play"``) or from the stock (``"flip"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import Card

Source = Literal["play", "flip"]


def _cards(cards: tuple[Card, ...]) -> str:
    return ", ".join(c.pretty for c in cards)


@dataclass(frozen=True)
class Played:
    """A seat played a card from its hand."""

    seat: int
    card: Card

    def describe(self, name: str) -> str:
        """One sentence for the log, with ``name`` as the seat's name."""
        return f"{name} played {self.card.pretty}."


@dataclass(frozen=True)
class Turned:
    """A seat turned the top card of the stock."""

    seat: int
    card: Card

    def describe(self, name: str) -> str:
        """One sentence for the log, with ``name`` as the seat's name."""
        return f"{name} turned {self.card.pretty}."


@dataclass(frozen=True)
class Captured:
    """An entering card captured layout cards; all go to the seat's pile."""

    seat: int
    card: Card
    taken: tuple[Card, ...]
    points: int
    source: Source

    def describe(self, name: str) -> str:
        """One sentence for the log, with ``name`` as the seat's name."""
        pts = f" (+{self.points})" if self.points else ""
        return f"{name} took {_cards(self.taken)} with {self.card.pretty}{pts}."


@dataclass(frozen=True)
class TripleCaptured(Captured):
    """The fourth card of a rank took the three left in the opening layout."""

    def describe(self, name: str) -> str:
        """One sentence for the log, with ``name`` as the seat's name."""
        pts = f" (+{self.points})" if self.points else ""
        return f"{name} took all three: {_cards(self.taken)} with {self.card.pretty}{pts}."


@dataclass(frozen=True)
class JoinedLayout:
    """An entering card captured nothing and now lies in the layout."""

    seat: int
    card: Card
    source: Source

    def describe(self, name: str) -> str:
        """One sentence for the log, with ``name`` as the seat's name."""
        return f"{self.card.pretty} took nothing and joined the layout."


@dataclass(frozen=True)
class ChoiceNeeded:
    """An entering card may take cards worth different points; the seat must pick."""

    seat: int
    card: Card
    candidates: tuple[Card, ...]
    source: Source

    def describe(self, name: str) -> str:
        """One sentence for the log, with ``name`` as the seat's name."""
        return f"{self.card.pretty} can take {_cards(self.candidates)}: {name} chooses."


@dataclass(frozen=True)
class DealerSweep:
    """All four of a rank lay in the opening layout; the dealer took them."""

    seat: int
    cards: tuple[Card, ...]
    points: int

    def describe(self, name: str) -> str:
        """One sentence for the log, with ``name`` as the seat's name."""
        pts = f" (+{self.points})" if self.points else ""
        return f"Four of a kind in the layout: {name}, the dealer, took {_cards(self.cards)}{pts}."


@dataclass(frozen=True)
class DealOver:
    """The deal has ended; points and margins per seat."""

    points: tuple[int, ...]
    margins: tuple[int | float, ...]

    def describe(self, name: str = "") -> str:
        """One sentence for the log."""
        return "The deal is over."


Event = Played | Turned | Captured | JoinedLayout | ChoiceNeeded | DealerSweep | DealOver
"""Any event a deal emits."""
