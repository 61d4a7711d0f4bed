"""Invariants over random deals and random legal play."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from chinese_ten.cards import ALL_CARDS
from chinese_ten.deal import Deal, Phase
from chinese_ten.records import position_of, record_of, replay

seats_st = st.sampled_from([2, 3, 4])
seed_st = st.integers(min_value=0, max_value=2**32)


def _places(deal: Deal) -> Counter:
    """How often each card appears across hands, layout, stock, piles and a pending capture."""
    count = Counter()
    for h in deal.hands:
        count.update(h)
    count.update(deal.layout)
    count.update(deal.stock)
    for p in deal.piles:
        count.update(p)
    if deal.pending is not None:
        count[deal.pending.card] += 1
    return count


def _random_step(deal: Deal, rng: random.Random) -> None:
    if deal.phase is Phase.PLAY:
        card = rng.choice(deal.legal_plays())
        cands = deal.candidates(card)
        take = rng.choice(cands) if cands and rng.random() < 0.5 and not deal.is_triple(card) else None
        deal.play(card, take)
    elif deal.phase is Phase.FLIP:
        deal.flip()
    else:
        deal.choose(rng.choice(deal.pending.candidates))


def _assert_view_hides(deal: Deal) -> None:
    for seat in range(deal.seats):
        view = deal.view(seat)
        hidden = set(deal.stock)
        for other in range(deal.seats):
            if other != seat:
                hidden |= set(deal.hand(other))
        shown = set(view.hand) | set(view.layout) | set(view.seen)
        for pile in view.piles:
            shown |= set(pile)
        for turn in view.turns:
            shown |= {turn.play, *turn.take, *turn.flip_take} | ({turn.flip} if turn.flip is not None else set())
        assert not shown & hidden
        assert view.unseen == frozenset(hidden)
        assert view.hand_sizes == tuple(len(h) for h in deal.hands)
        assert view.stock_left == deal.stock_left


@settings(max_examples=200, deadline=None)
@given(seats=seats_st, seed=seed_st, play_seed=seed_st, dealer=st.integers(0, 3))
def test_every_card_is_in_exactly_one_place_and_the_deal_ends_clean(seats, seed, play_seed, dealer):
    deal = Deal.from_seed(seats, seed=seed, dealer=dealer % seats)
    rng = random.Random(play_seed)
    steps = 0
    while not deal.is_over:
        places = _places(deal)
        assert set(places) == set(ALL_CARDS) and set(places.values()) == {1}
        if steps % 7 == 0:
            _assert_view_hides(deal)
        _random_step(deal, rng)
        steps += 1
    assert deal.layout == () and deal.stock_left == 0 and all(h == () for h in deal.hands)
    assert sum(len(p) for p in deal.piles) == 52
    assert sum(deal.exact_margins) == 0
    assert sum(deal.points) == deal.rules.pack_total(seats)
    assert len(deal.turns) == 24


@settings(max_examples=40, deadline=None)
@given(seats=seats_st, seed=seed_st, play_seed=seed_st, stop=st.integers(0, 24))
def test_a_record_written_and_replayed_gives_the_same_deal(seats, seed, play_seed, stop):
    deal = Deal.from_seed(seats, seed=seed)
    rng = random.Random(play_seed)
    while not deal.is_over and len(deal.turns) < stop:
        _random_step(deal, rng)
    while deal.phase is not Phase.PLAY and not deal.is_over:
        _random_step(deal, rng)
    again = replay(record_of(deal))
    assert position_of(again) == position_of(deal)
    assert again.piles == deal.piles


@settings(max_examples=40, deadline=None)
@given(seats=seats_st, seed=seed_st, play_seed=seed_st)
def test_the_lean_path_agrees_with_the_checked_path(seats, seed, play_seed):
    deal = Deal.from_seed(seats, seed=seed)
    lean = deal.copy()
    rng = random.Random(play_seed)
    while not deal.is_over:
        card = rng.choice(deal.legal_plays())
        deal.play(card, deal.default_take(card))
        if deal.phase is Phase.FLIP:
            deal.flip(deal.default_take(deal.peek_top()))
        lean.fast_turn(int(card))
        assert lean.layout == deal.layout and lean.points == deal.points
    assert lean.is_over and lean.exact_margins == deal.exact_margins
