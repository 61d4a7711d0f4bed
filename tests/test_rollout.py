"""The search's lean model of a deal must follow the same rules as the engine, under every preset."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten.turns import Phase
from chinese_ten.games.ten.players.rollout import LeanRules, rollout
from chinese_ten.games.ten.rules import PRESETS, RuleSet

PRESET_SEATS = [(name, seats) for name in PRESETS for seats in RuleSet.of(name).seat_counts()]


def _lean(deal: Deal):
    pts = deal.rules.points_table(deal.seats)
    lay = [[] for _ in range(13)]
    for c in deal.layout:
        lay[c >> 2].append(pts[c])
    seen = [0] * 13
    for c in range(52):
        seen[c >> 2] += 1
    for c in [*deal.stock, *(x for h in deal.hands for x in h)]:
        seen[c >> 2] -= 1
    hands = [[int(c) for c in h] for h in deal.hands]
    stock = [int(c) for c in reversed(deal.stock)]
    return hands, lay, stock, seen


def _finish_turn(deal: Deal, card) -> None:
    deal.play(card, deal.default_take(card))
    if deal.phase is Phase.FLIP:
        deal.flip(deal.default_take(deal.peek_top()))


def _normal_like_card(deal: Deal, lean: LeanRules):
    """The rollout's policy, read from the checked engine's public state."""
    hand = deal.hand(deal.to_move)
    best, best_v = None, -1
    for x in hand:
        cands = deal.candidates(x)
        if cands:
            v = deal.rules.capture_gain(x, [int(c) for c in cands], lean.pts)
            if v > best_v:
                best, best_v = x, v
    if best is not None:
        return best
    hidden = [*deal.stock, *(c for h in deal.hands for c in h)]
    key = None
    for x in hand:
        p = deal.rules.partner_rank[x >> 2]
        unaccounted = sum(1 for c in hidden if c >> 2 == p) - sum(1 for c in hand if c >> 2 == p)
        k = lean.pts[x] * 2
        if unaccounted > 0:
            k += 1 + (1000 if lean.big[x] else 0)
        k = k * 64 + int(x)
        if key is None or k < key:
            key, best = k, x
    return best


@settings(max_examples=60, deadline=None)
@given(preset_seats=st.sampled_from(PRESET_SEATS), seed=st.integers(0, 2**32), me=st.integers(0, 3))
def test_random_rollout_scores_what_the_engine_scores_under_every_preset(preset_seats, seed, me):
    preset, seats = preset_seats
    rules = RuleSet.of(preset)
    me %= seats
    deal = Deal.from_seed(seats, seed=seed, rules=rules)
    hands, lay, stock, seen = _lean(deal)
    lean = LeanRules.of(rules, seats)
    start = deal.points[me]
    gained = rollout(hands, lay, stock, seen, deal.to_move, me, lean, random.Random(seed), noise=1.0)
    rng = random.Random(seed)
    while not deal.is_over:
        rng.random()  # the rollout's noise draw
        hand = deal.hand(deal.to_move)
        _finish_turn(deal, hand[int(rng.random() * len(hand))])
    assert gained == deal.points[me] - start
    assert not stock and all(not h for h in hands)
    assert sorted(p for g in lay for p in g) == sorted(deal.points_of(c) for c in deal.leftovers)


@settings(max_examples=60, deadline=None)
@given(preset_seats=st.sampled_from(PRESET_SEATS), seed=st.integers(0, 2**32), me=st.integers(0, 3),
       turns=st.integers(0, 10))
def test_normal_like_rollout_scores_what_the_engine_scores_for_every_seat_under_every_preset(preset_seats, seed, me, turns):
    preset, seats = preset_seats
    rules = RuleSet.of(preset)
    me %= seats
    deal = Deal.from_seed(seats, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(turns):  # start somewhere in the middle of the deal
        _finish_turn(deal, rng.choice(deal.hand(deal.to_move)))
    hands, lay, stock, seen = _lean(deal)
    lean = LeanRules.of(rules, seats)
    starts = list(deal.points)
    every = [0] * seats
    gained = rollout(hands, lay, stock, seen, deal.to_move, me, lean, random.Random(0), noise=0.0, into=every)
    while not deal.is_over:
        _finish_turn(deal, _normal_like_card(deal, lean))
    assert gained == deal.points[me] - starts[me]
    assert every == [deal.points[s] - starts[s] for s in range(seats)], "every seat's points, with into"


@pytest.mark.parametrize("preset,seats", PRESET_SEATS)
def test_policy_rollout_ends_the_deal_with_points_in_range(preset, seats):
    rules = RuleSet.of(preset)
    deal = Deal.from_seed(seats, seed=seats, rules=rules)
    hands, lay, stock, seen = _lean(deal)
    lean = LeanRules.of(rules, seats)
    gained = rollout(hands, lay, stock, seen, deal.to_move, 0, lean, random.Random(1), noise=0.0)
    assert 0 <= gained <= sum(lean.pts)
    assert all(not h for h in hands) and not stock


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_rollout_ending_in_exact_search_credits_every_seat_with_all_the_points_left(seats: int) -> None:
    rules = RuleSet.of("classic")
    deal = Deal.from_seed(seats, seed=5)
    rng = random.Random(5)
    for _ in range(24 - 3):  # three turns left: the exact tail takes over at once
        _finish_turn(deal, rng.choice(deal.hand(deal.to_move)))
    hands, lay, stock, seen = _lean(deal)
    lean = LeanRules.of(rules, seats)
    left = sum(lean.pts[c] for h in hands for c in h) + sum(lean.pts[c] for c in stock) + sum(p for g in lay for p in g)
    every = [0] * seats
    gained = rollout(hands, lay, stock, seen, deal.to_move, 1, lean, random.Random(0), exact_at=6, into=every)
    assert gained == every[1] and sum(every) == left
