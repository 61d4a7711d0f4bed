"""The calibration player: any card, uniformly at random."""

from __future__ import annotations

import random

from chinese_ten.cards import Card
from chinese_ten.games.ten.view import SeatView
from chinese_ten.games.ten.players.base import Decision, TenPlayer, highest_take


class RandomPlayer(TenPlayer):
    """Plays a uniformly random card from its hand; takes the highest-scoring candidate."""

    name = "random"

    def choose_play(self, view: SeatView, rng: random.Random) -> Decision:
        """A uniformly random card from the hand, with its default take."""
        card = view.hand[int(rng.random() * len(view.hand))]
        return Decision(card, view.best_take(card))

    def choose_take(self, view: SeatView, rng: random.Random) -> Card:
        """The highest-scoring candidate."""
        return highest_take(view)
