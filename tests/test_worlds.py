"""Guessing hidden hands: what an opponent's past plays say it does not hold."""

import random

import pytest

from chinese_ten.games.ten.deal import Action, Deal
from chinese_ten.games.ten.players import make_player
from chinese_ten.games.ten.players.inference import (ConsistentPosition, model_would_play, past_turns, unexplained,
                                                      world_weight)
from chinese_ten.games.ten.players.worlds import Position
from chinese_ten.games.ten.turns import Phase

from dealkit import build_deal


def _after_a_lay_down():
    # seat 1 leads and lays down the red five (5 points) although nothing on the layout pairs it
    deal = build_deal(2, ["2H", "3H", "4H", "6H"], stock_top=["QS"], hands={1: ["5D"]})
    layout = deal.view(1).layout
    captures = {c >> 2 for c in range(52) if deal.rules.candidates(c, layout)}
    deal.play("5D")
    deal.flip()
    view = deal.view(0)
    return view, captures


def test_reading_lay_downs_deals_an_opponent_fewer_cards_cheaper_than_the_one_it_laid_down() -> None:
    view, captures = _after_a_lay_down()
    pts = view.points_table
    plain = Position.of(view, 0.2).avoid[0]
    read = Position.of(view, 0.2, discards=True).avoid[0]
    cheaper = {int(c) for c in view.unseen if pts[c] < 5 and c >> 2 not in captures}
    dearer = {int(c) for c in view.unseen if pts[c] > 5 and c >> 2 not in captures}
    assert cheaper and dearer
    assert cheaper <= read and not cheaper & plain
    assert not dearer & read
    assert plain <= read


def test_cards_that_would_have_captured_are_avoided_either_way() -> None:
    view, captures = _after_a_lay_down()
    capturing = {int(c) for c in view.unseen if c >> 2 in captures}
    assert capturing
    assert capturing <= Position.of(view, 0.2).avoid[0]
    assert capturing <= Position.of(view, 0.2, discards=True).avoid[0]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_real_hands_explain_every_play_of_a_normal_opponent(seats: int) -> None:
    normal = make_player("normal")
    explained = judged = 0
    for seed in range(6):
        deal = Deal.from_seed(seats, seed)
        rng = random.Random(seed)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            view = deal.view(seat)
            if seat == 0 and deal.phase is Phase.PLAY:
                turns = past_turns(view)
                hands = [[int(c) for c in h] for h in deal.hands]
                judged += len(turns)
                explained += sum(model_would_play(t, hands[t.seat] + list(t.later), view.points_table,
                                                  float(view.big_points)) for t in turns)
                deal.play(rng.choice(deal.legal_plays()))
            elif deal.phase is Phase.PLAY:
                deal.apply(normal.act(view, rng))
            else:
                deal.apply(normal.act(view, rng))
    assert judged > 50 and explained == judged


def test_the_real_world_weighs_fully_and_guessed_worlds_that_contradict_the_plays_less() -> None:
    normal = make_player("normal")
    deal = Deal.from_seed(2, 8)
    rng = random.Random(8)
    while len(deal.view(0).turns) < 8:
        view = deal.view(deal.to_move)
        mine = deal.to_move == 0 and deal.phase is Phase.PLAY
        deal.apply(Action.play(rng.choice(deal.legal_plays())) if mine else normal.act(view, rng))
    while deal.to_move != 0 or deal.phase is not Phase.PLAY:
        deal.apply(normal.act(deal.view(deal.to_move), rng))
    view = deal.view(0)
    turns = past_turns(view)
    real = [[int(c) for c in h] for h in deal.hands]
    args = (view.points_table, float(view.big_points), 0.1)
    assert world_weight(turns, real, *args) == 1.0
    pos = Position.of(view, 1.0)
    weights = [world_weight(turns, pos.sample(rng)[0], *args) for _ in range(100)]
    assert min(weights) < 0.1


def _normal_history(seed: int, turns: int):  # type: ignore[no-untyped-def]
    """A 2-seat deal with seat 0 to play after ``turns`` turns, seat 0 playing at random and seat 1 as Normal."""
    normal = make_player("normal")
    deal = Deal.from_seed(2, seed)
    rng = random.Random(seed)
    while len(deal.view(0).turns) < turns or deal.to_move != 0 or deal.phase is not Phase.PLAY:
        view = deal.view(deal.to_move)
        mine = deal.to_move == 0 and deal.phase is Phase.PLAY
        deal.apply(Action.play(rng.choice(deal.legal_plays())) if mine else normal.act(view, rng))
    return deal


def test_consistent_worlds_explain_every_play_of_a_normal_opponent_where_plain_guesses_often_do_not() -> None:
    deal = _normal_history(8, 10)
    view = deal.view(0)
    turns = past_turns(view)
    args = (view.points_table, float(view.big_points), 0.0)
    rng = random.Random(1)
    plain = Position.of(view, 0.05, discards=True)
    consistent = ConsistentPosition.of_view(plain, view, 40)
    assert sum(world_weight(turns, plain.sample(rng)[0], *args) == 1.0 for _ in range(200)) < 190
    worlds = [consistent.sample(rng) for _ in range(200)]
    assert all(world_weight(turns, hands, *args) == 1.0 for hands, _ in worlds)
    # each world is still a whole deal: the seat's own hand, the right sizes, every unseen card once
    for hands, stock in worlds:
        assert hands[0] == plain.hand and len(hands[1]) == view.hand_sizes[1] and len(stock) == view.stock_left
        assert sorted(hands[1] + stock) == sorted(plain.unseen)


def test_with_no_world_explaining_the_plays_the_consistent_guess_keeps_the_one_that_explains_most() -> None:
    deal = _normal_history(8, 10)
    view = deal.view(0)
    turns = past_turns(view)
    pts, big = view.points_table, float(view.big_points)
    consistent = ConsistentPosition.of_view(Position.of(view, 1.0), view, 1)
    rng = random.Random(3)
    first = random.Random(3)
    assert consistent.sample(rng) == Position.sample(consistent, first), "one try: the world sampled as usual"
    several = ConsistentPosition.of_view(Position.of(view, 1.0), view, 6)
    for _ in range(30):
        state = rng.getstate()
        chosen = several.sample(rng)
        rng.setstate(state)
        tried = [Position.sample(several, rng) for _ in range(6)]
        misses = [unexplained(turns, hands, pts, big, len(turns) + 1) for hands, _ in tried]
        assert unexplained(turns, chosen[0], pts, big, len(turns) + 1) == min(misses)
