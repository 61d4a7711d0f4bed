"""Easy: a gentle opponent that usually sees a capture but discards carelessly.

When it holds a card that can capture, it takes the biggest capture most of
the time (``capture_rate``, drawn with the random source it is given). Otherwise
it lays down a card chosen at random, with no thought for the points it leaves
within an opponent's reach.
"""

from __future__ import annotations

import random

from chinese_ten.cards import Card
from chinese_ten.games.ten.view import SeatView
from chinese_ten.games.ten.players.base import Decision, TenPlayer, best_capture, highest_take


class EasyPlayer(TenPlayer):
    """Captures most of the time it can; otherwise lays down a random card."""

    name = "easy"

    def __init__(self, capture_rate: float = 0.65) -> None:
        """An Easy player that notices a capture with probability ``capture_rate``."""
        self.capture_rate = capture_rate

    def choose_play(self, view: SeatView, rng: random.Random) -> Decision:
        """The biggest capture when it notices one, else a random card."""
        hand = view.hand
        if rng.random() < self.capture_rate:
            best = best_capture(view)
            if best is not None:
                return Decision(best, view.best_take(best))
        card = hand[int(rng.random() * len(hand))]
        return Decision(card, view.best_take(card))

    def choose_take(self, view: SeatView, rng: random.Random) -> Card:
        """The highest-scoring candidate."""
        return highest_take(view)
