"""The event that starts every deal's story, whatever the game: the cards as dealt, told to one seat."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Self

from chinese_ten.cards import Card


@dataclass(frozen=True)
class DealtCards:
    """The cards were dealt: each seat's hand (as one seat is told it: its own cards, and ``None`` for
    every card of another hand), the layout as dealt and how many cards the stock holds. Each game's
    ``Dealt`` event is one, with what else it says."""

    hands: tuple[tuple[Card | None, ...], ...]
    layout: tuple[Card, ...]
    stock: int

    def told_to(self, seat: int) -> Self:
        """The deal as ``seat`` sees it: its own hand, the backs of the others."""
        return replace(self, hands=tuple(h if s == seat else (None,) * len(h) for s, h in enumerate(self.hands)))
