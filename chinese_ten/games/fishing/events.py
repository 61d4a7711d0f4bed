"""What happens in a Go Fishing deal, as frozen values a screen can animate and a log can print.

Every :meth:`~chinese_ten.games.fishing.state.FishingDeal.apply` returns the events it
caused, in order. A :class:`Drew` of another seat reaches a seat face down (its
``card`` is None), as :meth:`~chinese_ten.games.fishing.state.FishingDeal.tell` gives it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from chinese_ten.cards import Card
from chinese_ten.engine.dealing import DealtCards


@dataclass(frozen=True)
class Dealt(DealtCards):
    """The cards were dealt (see :class:`~chinese_ten.engine.dealing.DealtCards`); no seat did it."""

    seat: None = None


@dataclass(frozen=True)
class LayoutRefilled:
    """Before ``seat``'s turn the layout held fewer than five cards: these were turned from the stock, in order."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Played:
    """A seat played a card from its hand."""

    seat: int
    card: Card


@dataclass(frozen=True)
class CapturedSets:
    """The played card captured these sets; they and the card went to the seat's pile, worth ``points``."""

    seat: int
    card: Card
    sets: tuple[tuple[Card, ...], ...]
    points: int


@dataclass(frozen=True)
class JoinedLayout:
    """The played card captured nothing and joined the end of the layout."""

    seat: int
    card: Card


@dataclass(frozen=True)
class Drew:
    """A seat drew the top card of the stock; ``card`` is None when told to another seat (face down)."""

    seat: int
    card: Card | None


@dataclass(frozen=True)
class PassedOver:
    """A seat's hand was empty, so its turn was passed over."""

    seat: int


@dataclass(frozen=True)
class DealOver:
    """The stock and every hand are empty; each seat's points and result (points minus the mean)."""

    points: tuple[int, ...]
    margins: tuple[Fraction, ...]
    leftovers: tuple[Card, ...] = ()
    seat: None = None


FishingEvent = Dealt | LayoutRefilled | Played | CapturedSets | JoinedLayout | Drew | PassedOver | DealOver
"""Any event a Go Fishing deal emits."""
