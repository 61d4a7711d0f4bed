"""The search's lean model of a deal must follow the same rules as the engine."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chinese_ten.deal import Deal, Phase
from chinese_ten.players.rollout import rollout


def _lean(deal: Deal):
    pts = deal.rules.points_table(deal.seats)
    lay = [[] for _ in range(13)]
    seen = [0] * 13
    for c in deal.layout:
        lay[c >> 2].append(pts[c])
        seen[c >> 2] += 1
    hands = [[int(c) for c in h] for h in deal.hands]
    stock = [int(c) for c in reversed(deal.stock)]
    return hands, lay, stock, seen, pts


@settings(max_examples=60, deadline=None)
@given(seats=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32), me=st.integers(0, 3))
def test_random_rollout_scores_what_the_engine_scores(seats, seed, me):
    me %= seats
    deal = Deal.from_seed(seats, seed=seed)
    hands, lay, stock, seen, pts = _lean(deal)
    start = deal.points[me]
    gained = rollout(hands, lay, stock, seen, deal.to_move, me, pts, random.Random(seed), noise=1.0)
    # the same random choices, made through the checked engine
    rng = random.Random(seed)
    while not deal.is_over:
        rng.random()  # the rollout's noise draw
        hand = list(deal.hand(deal.to_move))
        card = hand[int(rng.random() * len(hand))]
        deal.play(card, deal.default_take(card))
        if deal.phase is Phase.FLIP:
            deal.flip(deal.default_take(deal.peek_top()))
    assert gained == deal.points[me] - start
    assert all(not g for g in lay) and not stock


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_policy_rollout_ends_the_deal_with_points_in_range(seats):
    deal = Deal.from_seed(seats, seed=seats)
    hands, lay, stock, seen, pts = _lean(deal)
    gained = rollout(hands, lay, stock, seen, deal.to_move, 0, pts, random.Random(1), noise=0.0)
    assert 0 <= gained <= sum(pts)
    assert all(not h for h in hands) and all(not g for g in lay)
