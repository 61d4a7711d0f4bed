"""The calibration player: any card, uniformly at random."""

from __future__ import annotations

import random

from ..cards import Card
from ..view import SeatView
from .base import Decision, highest_take


class RandomPlayer:
    """Plays a uniformly random card from its hand; takes the highest-scoring candidate."""

    name = "random"

    def choose_play(self, view: SeatView, rng: random.Random) -> Decision:
        """A uniformly random card from the hand, with its default take."""
        card = view.hand[int(rng.random() * len(view.hand))]
        return Decision(card, view.best_take(card))

    def choose_take(self, view: SeatView, rng: random.Random) -> Card:
        """The highest-scoring candidate."""
        return highest_take(view)
