"""Normal: the reference player of RULES.md ("Chinese Go Fishing"), with no look-ahead.

Of every card in the hand and every family of sets it could take, it plays the one
worth the most points, the card's own points included (the lowest card number on a
tie). With nothing to take it lays down the card worth the fewest points, the lowest
value on a tie.
"""

from __future__ import annotations

import random

from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.legal import best_sets
from chinese_ten.games.fishing.view import FishingView
from chinese_ten.games.fishing.players.base import best_capture, cheapest_card


class NormalPlayer:
    """The reference heuristic: the richest capture, else the cheapest card."""

    name = "normal"

    def act(self, view: FishingView, rng: random.Random) -> FishingAction:
        """The richest capture in the hand, or else the cheapest card laid down."""
        best = best_capture(view)
        if best is not None:
            card = best[0]
            return FishingAction(card, best_sets(card, view.layout))
        return FishingAction(cheapest_card(view))
