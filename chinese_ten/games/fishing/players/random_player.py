"""The calibration player: any card, uniformly at random, taking the most it can with it."""

from __future__ import annotations

import random

from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.legal import best_sets
from chinese_ten.games.fishing.view import FishingView


class RandomPlayer:
    """Plays a uniformly random card from its hand, capturing the family worth the most points it can."""

    name = "random"

    def act(self, view: FishingView, rng: random.Random) -> FishingAction:
        """A random card with its richest capture (the rule ``FishingDeal.play_out_random`` plays by)."""
        hand = view.hand
        card = hand[int(rng.random() * len(hand))]
        return FishingAction(card, best_sets(card, view.layout))
