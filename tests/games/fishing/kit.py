"""Helpers the Go Fishing tests share: deals built from card notation and random legal play."""

from __future__ import annotations

import random

from chinese_ten.cards import ALL_CARDS, Card, parse_cards
from chinese_ten.games.fishing.state import FishingDeal


def cards(text: str) -> list[Card]:
    """Cards from space-separated notation."""
    return parse_cards(text.split())


def full_deal(hands: list[str], layout: str, stock_front: str = "", dealer: int = 0,
              rng: random.Random | None = None) -> FishingDeal:
    """A whole-pack deal with these hands and layout, the stock starting with ``stock_front`` and holding the rest."""
    hand_cards = [cards(h) for h in hands]
    lay = cards(layout)
    front = cards(stock_front)
    used = {c for h in hand_cards for c in h} | set(lay) | set(front)
    rest = [c for c in ALL_CARDS if c not in used]
    if rng is not None:
        rng.shuffle(rest)
    return FishingDeal(hand_cards, lay, front + rest, dealer)


def random_playout(deal: FishingDeal, rng: random.Random) -> None:
    """Play to the end, each turn a uniformly random legal action."""
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
