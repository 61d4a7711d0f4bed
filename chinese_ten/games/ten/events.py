"""What happens in a deal, as values a screen can animate and a log can print.

Every checked call on a :class:`~chinese_ten.games.ten.deal.Deal` returns the events it
caused, in order. ``source`` says whether a card entered from a hand
(``"play"``) or from the stock (``"flip"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from chinese_ten.cards import Card
from chinese_ten.engine.dealing import DealtCards

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
class ThrownIn:
    """The opening layout was dead (three or four fives or court cards); the same dealer deals again."""

    seat: int
    layout: tuple[Card, ...]

    def describe(self, name: str) -> str:
        """One sentence for the log, with ``name`` as the dealer's name."""
        return f"A dead layout ({_cards(self.layout)}) was thrown in: {name} deals again."


@dataclass(frozen=True)
class Refilled:
    """After a four of a kind went to the dealer, cards were turned from the stock to refill the layout."""

    seat: int
    cards: tuple[Card, ...]

    def describe(self, name: str) -> str:
        """One sentence for the log, with ``name`` as the dealer's name."""
        return f"{name} turned {_cards(self.cards)} from the stock to refill the layout."


@dataclass(frozen=True)
class NoFlip:
    """The stock was empty, so the turn ended without turning a card."""

    seat: int

    def describe(self, name: str) -> str:
        """One sentence for the log, with ``name`` as the seat's name."""
        return f"The stock is empty: {name}'s turn ends without a turned card."


@dataclass(frozen=True)
class Dealt(DealtCards):
    """The cards were dealt (see :class:`~chinese_ten.engine.dealing.DealtCards`)."""

    def describe(self, name: str = "") -> str:
        """One sentence for the log."""
        return f"The cards are dealt: {len(self.hands[0]) if self.hands else 0} each and {len(self.layout)} face up."


@dataclass(frozen=True)
class Redealt:
    """Every hand was empty and the stock was not: each seat was dealt this many more cards.

    ``hands`` holds the cards each seat got (``None`` for those of another seat's hand, as one seat is
    told them; empty when not known)."""

    first: int
    each: int
    seats: int
    hands: tuple[tuple[Card | None, ...], ...] = ()

    def told_to(self, seat: int) -> Redealt:
        """The re-deal as ``seat`` sees it: its own new cards, the backs of the others."""
        hands = tuple(h if s == seat else (None,) * len(h) for s, h in enumerate(self.hands))
        return Redealt(self.first, self.each, self.seats, hands)

    def describe(self, name: str = "") -> str:
        """One sentence for the log."""
        return f"Every hand is empty: {self.each} more cards each are dealt from the stock."


@dataclass(frozen=True)
class DealOver:
    """The deal has ended; points and margins per seat."""

    points: tuple[int, ...]
    margins: tuple[int | float, ...]
    leftovers: tuple[Card, ...] = ()

    def describe(self, name: str = "") -> str:
        """One sentence for the log."""
        if self.leftovers:
            return f"The deal is over; {_cards(self.leftovers)} score for nobody."
        return "The deal is over."


Event = (Played | Turned | Captured | JoinedLayout | ChoiceNeeded | DealerSweep | ThrownIn | Refilled | NoFlip
         | Redealt | DealOver)
"""Any event a deal emits."""
