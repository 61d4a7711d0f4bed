"""Easy: a gentle opponent that often misses a capture and lays cards down carelessly.

It notices the richest capture in its hand only some of the time (``capture_rate``,
drawn from the random source it is given); otherwise it plays a card at random and
takes with it only the plainest thing there is: a single card of equal value, if one
lies in the layout.
"""

from __future__ import annotations

import random

from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.legal import best_sets
from chinese_ten.games.fishing.rules import CARD_VALUE
from chinese_ten.games.fishing.view import FishingView
from chinese_ten.games.fishing.players.base import best_capture


class EasyPlayer:
    """Captures the best it can part of the time; otherwise a random card, pairing it if it can."""

    name = "easy"

    def __init__(self, capture_rate: float = 0.5) -> None:
        """An Easy player that notices the best capture with probability ``capture_rate``."""
        self.capture_rate = capture_rate

    def act(self, view: FishingView, rng: random.Random) -> FishingAction:
        """The best capture when it notices one, else a random card taking a single equal card, if any."""
        if rng.random() < self.capture_rate:
            best = best_capture(view)
            if best is not None:
                return FishingAction(best[0], best_sets(best[0], view.layout))
        card = view.hand[int(rng.random() * len(view.hand))]
        twin = next((c for c in view.layout if CARD_VALUE[c] == CARD_VALUE[card]), None)
        return FishingAction(card, ((twin,),) if twin is not None else ())
