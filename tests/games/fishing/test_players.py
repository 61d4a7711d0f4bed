"""The Go Fishing computers: legal, never peeking, and Normal exactly the reference of RULES.md."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.players import PLAYERS, STRENGTHS, make_player
from chinese_ten.games.fishing.players.hard import HardPlayer, options_of
from chinese_ten.games.fishing.rules import CARD_POINTS, CARD_VALUE
from chinese_ten.games.fishing.state import FishingDeal
from chinese_ten.games.fishing.view import FishingView

from .kit import cards, full_deal

FAST_HARD_MS = 5


def player(name: str):  # type: ignore[no-untyped-def]
    return make_player(name, FAST_HARD_MS)


def action_points(view: FishingView, action: FishingAction) -> int:
    return CARD_POINTS[action.card] + sum(CARD_POINTS[c] for c in action.taken) if action.sets else 0


def test_every_player_is_registered_by_name_and_strengths_go_weakest_first() -> None:
    assert set(PLAYERS) == {"random", "easy", "normal", "hard"}
    assert STRENGTHS == ("easy", "normal", "hard")
    assert make_player("hard", 42).think_ms == 42  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="unknown player"):
        make_player("grandmaster")


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(sorted(PLAYERS)), st.integers(2, 8), st.integers(0, 2**32))
def test_every_player_plays_legal_actions_to_the_end(name: str, seats: int, seed: int) -> None:
    rng = random.Random(seed)
    deal = FishingDeal.shuffled(seats, rng)
    me = player(name)
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        action = me.act(deal.observe(seat), rng)
        taken = frozenset(action.taken)
        assert any(a.card == action.card and frozenset(a.taken) == taken for a in deal.legal_actions())
        deal.apply(action)
    assert sum(deal.returns()) == 0


def hidden_dealt_again(deal: FishingDeal, seat: int, rng: random.Random) -> FishingDeal:
    """The same deal, the same turns played, with the cards ``seat`` has never seen shuffled among their places.

    Those cards are the other hands and the stock now; every card that was ever face up or
    in the seat's hand keeps its place, so the same turns replay."""
    hidden = sorted(deal.observe(seat).unseen)
    moved = hidden[:]
    rng.shuffle(moved)
    swap = dict(zip(hidden, moved))
    hands, layout, stock = deal.initial
    again = FishingDeal([[swap.get(c, c) for c in h] for h in hands], [swap.get(c, c) for c in layout],
                        [swap.get(c, c) for c in stock], deal.dealer)
    for turn in deal.turns:
        again.apply(turn.action)
    return again


@pytest.mark.parametrize("name", sorted(PLAYERS))
@pytest.mark.parametrize("seats", [2, 5, 8])
def test_two_deals_that_differ_only_in_what_the_seat_cannot_see_give_the_same_decision(name: str, seats: int) -> None:
    rng = random.Random(seats)
    for trial in range(4):
        deal = FishingDeal.shuffled(seats, rng)
        for _ in range(rng.randint(0, 25)):
            deal.apply(rng.choice(deal.legal_actions()))
        seat = deal.to_act
        assert seat is not None
        other = hidden_dealt_again(deal, seat, rng)
        assert other.hands != deal.hands or other.stock != deal.stock or not deal.observe(seat).unseen
        assert other.observe(seat) == deal.observe(seat)
        a = player(name).act(deal.observe(seat), random.Random(trial))
        b = player(name).act(other.observe(seat), random.Random(trial))
        assert a == b


def brute_best(view: FishingView) -> int:
    return max(action_points(view, a) for a in view.legal_actions())


@pytest.mark.parametrize(("hand", "layout", "play", "taken_points"), [
    # the seed's nine takes 5 + 4 and the 9 at once: 10 + 30
    ("9S 2C 3C 10C 10H", "5D 4H 9C KD 2S", "9S", 40),
    # the king takes the king and 4 + 9 (40 + 40 + 20) before the nine's 40
    ("9S KS 3C 10C 10H", "5D 4H 9C KD 2S", "KS", 100),
    # the ace takes 10 + 4 and 9 + 5 (50 + 40), more than any other card
    ("AS 2C 3C 7H 6C", "10D 4H 9C 5C JD", "AS", 90),
    # the jack takes 9 + 2 and 5 + 6 together (20 + 40)
    ("JS 2C 3C 7H 8C", "9D 2H 5C 6D QD", "JS", 60),
])
def test_normal_plays_the_capture_worth_the_most_points(hand: str, layout: str, play: str, taken_points: int) -> None:
    others = [c for c in ALL_CARDS if c not in set(cards(hand)) | set(cards(layout))]
    deal = FishingDeal([cards(hand), others[:5]], cards(layout), others[5:], dealer=1)
    view = deal.observe(0)
    action = player("normal").act(view, random.Random(0))
    assert str(action.card) == play
    assert action_points(view, action) == taken_points == brute_best(view)
    deal.apply(action)


def test_normal_lays_down_the_cheapest_card_the_lowest_value_on_a_tie_when_nothing_can_be_taken() -> None:
    deal = full_deal(["9D 8C 3H 4S 10D", "2C 2D 2H 2S 3C"], "AH AD KH QH JH", dealer=1)
    view = deal.observe(0)
    assert all(not a.sets for a in view.legal_actions())
    assert player("normal").act(view, random.Random(0)) == FishingAction.parse("play 3H")
    deal = full_deal(["KS QC JD QD KD", "4C 4D 4H 4S 5C"], "AH AD AC 3D 3C", dealer=1)
    view = deal.observe(0)
    assert all(not a.sets for a in view.legal_actions())
    assert player("normal").act(view, random.Random(0)) == FishingAction.parse("play JD")


def test_normal_never_passes_up_a_capture_for_a_discard() -> None:
    rng = random.Random(11)
    for _ in range(40):
        deal = FishingDeal.shuffled(rng.randint(2, 8), rng)
        for _ in range(rng.randint(0, 20)):
            deal.apply(rng.choice(deal.legal_actions()))
        seat = deal.to_act
        assert seat is not None
        view = deal.observe(seat)
        action = player("normal").act(view, random.Random(0))
        assert action_points(view, action) == brute_best(view)
        if not action.sets:
            cheapest = min((CARD_POINTS[c], CARD_VALUE[c]) for c in view.hand)
            assert (CARD_POINTS[action.card], CARD_VALUE[action.card]) == cheapest


def test_hard_takes_the_ace_at_once_when_waiting_can_only_lose_it() -> None:
    # the stock is empty and the other seat holds one card: taking now is never worse, often better
    deal = FishingDeal([cards("AS 2D"), cards("5C")], cards("AH 10D"), [], dealer=1)
    for seed in range(5):
        action = HardPlayer(20).act(deal.observe(0), random.Random(seed))
        assert action.card == Card.parse("AS") and action.taken == (Card.parse("AH"),)


def test_hard_lists_each_value_once_with_every_way_to_lay_it_down() -> None:
    deal = full_deal(["9S 9C 4C 6C 2D", "5C 6D 7C 8C 10C"], "5D 4H 9H KD 2S", dealer=1)
    options = options_of(deal.observe(0))
    values = [v for v, f in options if not f]
    assert sorted(values) == [2, 4, 6, 9]
    assert len(options) == len(set(options))


def test_hard_decides_the_same_for_the_same_view_and_seed() -> None:
    deal = FishingDeal.shuffled(3, random.Random(5))
    view = deal.observe(deal.to_act)  # type: ignore[arg-type]
    assert HardPlayer(10).act(view, random.Random(9)) == HardPlayer(10).act(view, random.Random(9))
