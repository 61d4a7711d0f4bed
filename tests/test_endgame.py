"""The exact search of a deal's last turns must agree with a search over the checked engine."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten.players.endgame import exact_points
from chinese_ten.games.ten.players.rollout import LeanRules, rollout
from chinese_ten.games.ten.rules import RuleSet
from chinese_ten.games.ten.turns import Phase

from test_rollout import PRESET_SEATS, _finish_turn, _lean

NO_REDEAL = [(name, seats) for name, seats in PRESET_SEATS if not RuleSet.of(name).redeal_size]


def _engine_best(deal: Deal) -> list[int]:
    """Per seat, the points won to the end when every seat plays its best, searched on engine copies."""
    if deal.is_over:
        return [0] * deal.seats
    seat = deal.to_move
    assert seat is not None and deal.phase is Phase.PLAY
    before = deal.points
    best: list[int] | None = None
    tried: set[tuple[int, int]] = set()
    for card in deal.hand(seat):
        kind = (card >> 2, deal.points_of(card))
        if kind in tried:
            continue
        tried.add(kind)
        after = deal.copy()
        _finish_turn(after, card)
        rest = _engine_best(after)
        result = [rest[s] + after.points[s] - before[s] for s in range(deal.seats)]
        if best is None or result[seat] > best[seat]:
            best = result
    assert best is not None
    return best


def _near_the_end(preset: str, seats: int, seed: int, left: int) -> Deal:
    deal = Deal.from_seed(seats, seed=seed, rules=RuleSet.of(preset))
    rng = random.Random(seed)
    while sum(len(h) for h in deal.hands) > left:
        _finish_turn(deal, rng.choice(deal.hand(deal.to_move)))
    return deal


@settings(max_examples=40, deadline=None)
@given(preset_seats=st.sampled_from(NO_REDEAL), seed=st.integers(0, 2**32), left=st.integers(1, 6))
def test_exact_search_finds_what_a_search_over_the_engine_finds_and_restores_the_world(preset_seats, seed, left):
    preset, seats = preset_seats
    deal = _near_the_end(preset, seats, seed, left)
    hands, lay, stock, _ = _lean(deal)
    saved = ([h[:] for h in hands], [sorted(g) for g in lay], stock[:])
    lean = LeanRules.of(deal.rules, seats)
    got = exact_points(hands, lay, stock, deal.to_move, lean.step, lean.pts)
    assert got == _engine_best(deal)
    assert ([h[:] for h in hands], [sorted(g) for g in lay], stock) == saved


@settings(max_examples=30, deadline=None)
@given(preset_seats=st.sampled_from(NO_REDEAL), seed=st.integers(0, 2**32), me=st.integers(0, 3))
def test_a_rollout_that_ends_in_exact_search_scores_what_exact_search_scores(preset_seats, seed, me):
    preset, seats = preset_seats
    me %= seats
    deal = _near_the_end(preset, seats, seed, 4)
    hands, lay, stock, seen = _lean(deal)
    lean = LeanRules.of(deal.rules, seats)
    gained = rollout(hands, lay, stock, seen, deal.to_move, me, lean, random.Random(seed), exact_at=4)
    assert gained == _engine_best(deal)[me]
