"""Invariants over random deals and random legal play, under every preset and seat count it allows."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from chinese_ten.cards import ALL_CARDS
from chinese_ten.games.ten.deal import Action, Deal
from chinese_ten.games.ten.turns import Phase
from chinese_ten.games.ten.events import DealOver, NoFlip, Redealt, Turned
from chinese_ten.games.ten.record import position_of, record_of, replay
from chinese_ten.games.ten.rules import PRESETS, RuleSet
from chinese_ten.engine.scores import as_number

seats_st = st.sampled_from([2, 3, 4])
seed_st = st.integers(min_value=0, max_value=2**32)
PRESET_SEATS = [(name, seats) for name in PRESETS for seats in RuleSet.of(name).seat_counts()]
preset_seats_st = st.sampled_from(PRESET_SEATS)


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


def expected_leftovers(deal: Deal) -> int:
    """How many cards RULES.md leaves in the layout at the end: none, unless the layout at the start of
    play held more than four of a pair of partner ranks (A and 9, 2 and 8, 3 and 7, 4 and 6), when
    that excess stays on each side."""
    count = Counter(c.rank for c in deal.start_layout)
    return sum(2 * max(0, count[r] + count[10 - r] - 4) for r in (1, 2, 3, 4))


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


@settings(max_examples=300, deadline=None)
@given(preset_seats=preset_seats_st, seed=seed_st, play_seed=seed_st, dealer=st.integers(0, 3))
def test_every_card_is_in_exactly_one_place_and_the_deal_ends_clean(preset_seats, seed, play_seed, dealer):
    preset, seats = preset_seats
    rules = RuleSet.of(preset)
    deal = Deal.from_seed(seats, seed=seed, dealer=dealer % seats, rules=rules)
    assert deal.to_move == rules.first_to_play(dealer % seats, seats)
    rng = random.Random(play_seed)
    steps = 0
    flips = no_flips = 0
    events = list(deal.opening_events)
    while not deal.is_over:
        places = _places(deal)
        assert set(places) == set(ALL_CARDS) and set(places.values()) == {1}
        if steps % 7 == 0:
            _assert_view_hides(deal)
        actions = deal.legal_actions()
        assert actions and all(Action.parse(str(a)) == a for a in actions)
        seat = deal.to_move
        new = deal.apply(rng.choice(actions))
        events += new
        flips += sum(isinstance(e, Turned) for e in new)
        no_flips += sum(isinstance(e, NoFlip) for e in new)
        if deal.phase is Phase.PLAY and not any(isinstance(e, Redealt) for e in new) and seat != deal.to_move:
            assert deal.to_move == rules.next_seat(seat, seats)
        steps += 1
    assert deal.legal_actions() == ()
    assert deal.stock_left == 0 and all(h == () for h in deal.hands)
    assert len(deal.layout) == expected_leftovers(deal) and deal.leftovers == deal.layout
    assert sum(len(p) for p in deal.piles) == 52 - len(deal.layout)
    assert sum(deal.exact_margins) == 0
    assert sum(deal.points) + sum(deal.points_of(c) for c in deal.leftovers) == rules.pack_total(seats)
    assert events[-1].leftovers == deal.leftovers
    assert len(deal.turns) == deal.total_turns == flips + no_flips
    assert isinstance(events[-1], DealOver) and events[-1].margins == tuple(as_number(m) for m in deal.exact_margins)
    if rules.deal == "classic" and rules.four_of_a_kind == "to-dealer":
        assert len(deal.turns) == 24 and no_flips == 0
    if rules.layout_size(seats) == 4:
        assert deal.layout == ()


@settings(max_examples=80, deadline=None)
@given(preset_seats=preset_seats_st, seed=seed_st, play_seed=seed_st, stop=st.integers(0, 24), lead=st.booleans())
def test_a_record_written_and_replayed_gives_the_same_deal(preset_seats, seed, play_seed, stop, lead):
    preset, seats = preset_seats
    rules = RuleSet.of(preset)
    if lead:
        rules = rules.with_options(lead="dealer" if rules.lead == "after-dealer" else "after-dealer")
    deal = Deal.from_seed(seats, seed=seed, rules=rules)
    rng = random.Random(play_seed)
    while not deal.is_over and len(deal.turns) < stop:
        _random_step(deal, rng)
    while deal.phase is not Phase.PLAY and not deal.is_over:
        _random_step(deal, rng)
    again = replay(record_of(deal))
    assert again.rules == rules
    assert position_of(again) == position_of(deal)
    assert again.piles == deal.piles


@settings(max_examples=60, deadline=None)
@given(preset_seats=preset_seats_st, seed=seed_st, play_seed=seed_st)
def test_the_lean_path_agrees_with_the_checked_path(preset_seats, seed, play_seed):
    preset, seats = preset_seats
    deal = Deal.from_seed(seats, seed=seed, rules=RuleSet.of(preset))
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


@settings(max_examples=60, deadline=None)
@given(preset_seats=preset_seats_st, seed=seed_st, play_seed=seed_st)
def test_random_play_out_ends_the_deal_as_the_checked_path_does(preset_seats, seed, play_seed):
    preset, seats = preset_seats
    deal = Deal.from_seed(seats, seed=seed, rules=RuleSet.of(preset))
    deal.play_out_random(random.Random(play_seed))
    assert deal.is_over and sum(deal.exact_margins) == 0
    assert len(deal.layout) == expected_leftovers(deal) and deal.stock_left == 0
    assert sum(len(p) for p in deal.piles) == 52 - len(deal.layout)
