"""What a Go Fishing computer player is, and the choices several players share."""

from __future__ import annotations

import random
from typing import Protocol

from chinese_ten.cards import Card
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.legal import best_take, layout_counts, layout_key
from chinese_ten.games.fishing.rules import CARD_POINTS, CARD_VALUE
from chinese_ten.games.fishing.view import FishingView


class FishingPlayer(Protocol):
    """A computer player: it sees only a :class:`FishingView`; equal views and seeds give equal actions."""

    name: str

    def act(self, view: FishingView, rng: random.Random) -> FishingAction:
        """The action the view's seat takes next."""
        ...


def best_capture(view: FishingView) -> tuple[Card, int] | None:
    """The hand card whose capture is worth most (its own points and the cards it takes), with that total.

    The lowest card number wins a tie; None when no card can take anything."""
    key = layout_key(view.layout)
    counts = layout_counts(view.layout)
    best: tuple[Card, int] | None = None
    for card in sorted(view.hand):
        taken = best_take(CARD_VALUE[card], key, counts)[0]
        if taken and (best is None or CARD_POINTS[card] + taken > best[1]):
            best = (card, CARD_POINTS[card] + taken)
    return best


def cheapest_card(view: FishingView) -> Card:
    """The hand card worth the fewest points, the lowest value on a tie (then the lowest card number)."""
    return min(view.hand, key=lambda c: (CARD_POINTS[c], CARD_VALUE[c], int(c)))
