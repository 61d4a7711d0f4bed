"""Invariants over random Go Fishing deals played to the end with random legal actions, at every seat count 2 to 8."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chinese_ten.cards import ALL_CARDS
from chinese_ten.games.fishing.events import Drew
from chinese_ten.games.fishing.record import position_of, record_of, replay
from chinese_ten.games.fishing.rules import CARD_POINTS, HAND_SIZE, LAYOUT_SIZE, SEAT_COUNTS
from chinese_ten.games.fishing.state import FishingDeal

seed_st = st.integers(min_value=0, max_value=2**32)


def places(deal: FishingDeal) -> Counter:
    count: Counter = Counter()
    for h in deal.hands:
        count.update(h)
    count.update(deal.layout)
    count.update(deal.stock)
    for p in deal.piles:
        count.update(p)
    return count


def check_view(deal: FishingDeal) -> None:
    """Each seat's view holds its own hand and the public table, and no other hand or the stock's order."""
    for seat in range(deal.seats):
        view = deal.observe(seat)
        assert view.hand == tuple(sorted(deal.hand(seat)))
        hidden = set(deal.stock).union(*(deal.hand(s) for s in range(deal.seats) if s != seat))
        assert hidden == set(view.unseen)
        public = set(view.layout).union(*view.piles, view.seen)
        assert not public & hidden
        assert not hasattr(view, "stock") and not hasattr(view, "hands")
        assert view.hand_sizes == tuple(len(h) for h in deal.hands) and view.stock_left == deal.stock_left


def play_checked(deal: FishingDeal, rng: random.Random) -> None:
    """Play to the end with random legal actions, checking after every turn."""
    while not deal.is_over:
        before = deal.copy()
        seat = deal.to_act
        assert seat is not None
        actions = deal.legal_actions()
        assert actions and len(set(actions)) == len(actions)
        action = rng.choice(actions)
        events = deal.apply(action)
        # the copy taken before is untouched by the turn
        assert before.hand(seat) != deal.hand(seat) or before.layout != deal.layout
        assert action.card in before.hand(seat) and action.card not in before.layout
        for other in range(deal.seats):
            told = deal.tell(events, other)
            for e in told:
                if isinstance(e, Drew) and e.seat != other:
                    assert e.card is None
            assert len(told) == len(events)
        assert sum(places(deal).values()) == 52
        if deal.stock_left and not deal.is_over:
            assert len(deal.layout) >= LAYOUT_SIZE
        check_view(deal)


@pytest.mark.parametrize("seats", SEAT_COUNTS)
@settings(max_examples=8, deadline=None)
@given(seed=seed_st, d=st.integers(min_value=0, max_value=7))
def test_random_play_to_the_end_keeps_every_card_once_and_the_results_add_to_zero(seats: int, seed: int, d: int) -> None:
    rng = random.Random(seed)
    deal = FishingDeal.shuffled(seats, rng, d % seats)
    assert [len(h) for h in deal.hands] == [HAND_SIZE] * seats and len(deal.layout) == LAYOUT_SIZE
    assert places(deal) == Counter(ALL_CARDS)
    play_checked(deal, rng)
    assert deal.is_over and deal.stock_left == 0 and not any(deal.hands)
    assert places(deal) == Counter(ALL_CARDS)
    assert sum(deal.returns()) == 0
    assert sum(deal.points) + sum(CARD_POINTS[c] for c in deal.layout) == 920
    # every card is played once from a hand, unless it was dealt or turned into the layout
    assert len(deal.turns) == 52 - len(deal.seen - {t.card for t in deal.turns})


@pytest.mark.parametrize("seats", SEAT_COUNTS)
@settings(max_examples=6, deadline=None)
@given(seed=seed_st)
def test_records_round_trip_through_write_read_and_replay(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    deal = FishingDeal.shuffled(seats, rng, seed % seats)
    stop = rng.randint(0, 60)
    while not deal.is_over and len(deal.turns) < stop:
        deal.apply(rng.choice(deal.legal_actions()))
    record = json.loads(json.dumps(record_of(deal)))
    again = replay(record)
    assert position_of(again) == position_of(deal)
    assert record_of(again) == record
    body = {k: v for k, v in record.items()}
    body["turns"] = position_of(deal)["turns"]
    assert record_of(replay(body)) == record


@pytest.mark.parametrize("seats", SEAT_COUNTS)
@settings(max_examples=5, deadline=None)
@given(seed=seed_st)
def test_copies_are_independent_all_the_way_to_the_end(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    deal = FishingDeal.shuffled(seats, rng)
    for _ in range(rng.randint(0, 10)):
        deal.apply(rng.choice(deal.legal_actions()))
    snapshot = position_of(deal)
    twin = deal.copy()
    while not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions()))
    assert position_of(deal) == snapshot


@pytest.mark.parametrize("seats", SEAT_COUNTS)
@settings(max_examples=5, deadline=None)
@given(seed=seed_st)
def test_the_random_players_fast_path_plays_legal_turns(seats: int, seed: int) -> None:
    deal = FishingDeal.shuffled(seats, random.Random(seed))
    deal.play_out_random(random.Random(seed + 1))
    assert deal.is_over and sum(deal.returns()) == 0
    again = replay(record_of(deal))
    assert again.piles == deal.piles and again.is_over
