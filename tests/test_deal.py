import random

import pytest

from chinese_ten.cards import Card
from chinese_ten.deal import Deal, IllegalMove, Phase
from chinese_ten.events import (
    Captured, ChoiceNeeded, DealerSweep, DealOver, JoinedLayout, Played, TripleCaptured, Turned,
)

from dealkit import build_deal, codes

C = Card.parse


def test_worked_turn_of_seed_000_two_consecutive_captures():
    # Layout 2♥ 6♣ J♦ 9♠; play 8♣ takes 2♥; the stock turns 4♦ which takes 6♣.
    deal = build_deal(2, ["2H", "6C", "JD", "9S"], stock_top=["4D"], hands={1: ["8C"]})
    assert deal.to_move == 1
    events = deal.play("8C")
    assert events == [Played(1, C("8C")), Captured(1, C("8C"), (C("2H"),), 2, "play")]
    assert deal.phase is Phase.FLIP
    events = deal.flip()
    assert events == [Turned(1, C("4D")), Captured(1, C("4D"), (C("6C"),), 4, "flip")]
    assert codes(deal.layout) == ["JD", "9S"]
    assert deal.points == (0, 6)
    assert deal.to_move == 0 and deal.phase is Phase.PLAY


def test_worked_turn_of_seed_004_a_choice_between_threes():
    # Layout 3♠ 3♥ 6♣ Q♦; play 7♦: the red three and the black one differ, so the seat chooses.
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], stock_top=["QS"], hands={1: ["7D", "AH"]})
    assert deal.choice_matters("7D")
    assert deal.candidates("AH") == ()  # 1 + 3 + 6 make ten only as a sum; a card takes one card
    events = deal.play("7D")
    assert events[-1] == ChoiceNeeded(1, C("7D"), (C("3S"), C("3H")), "play")
    assert deal.phase is Phase.CHOOSE
    with pytest.raises(IllegalMove, match="must choose a capture first"):
        deal.flip()
    with pytest.raises(IllegalMove, match="6C is not a card 7D can take"):
        deal.choose("6C")
    assert deal.choose("3H") == [Captured(1, C("7D"), (C("3H"),), 10, "play")]
    deal.flip()
    assert codes(deal.layout) == ["3S", "6C"]
    assert deal.points[1] == 20
    turn = deal.turns[0]
    assert (turn.play, turn.take, turn.flip, turn.flip_take) == (C("7D"), (C("3H"),), C("QS"), (C("QD"),))


def test_equal_candidates_are_taken_without_asking_earliest_first():
    deal = build_deal(2, ["3S", "3C", "6C", "QD"], hands={1: ["7D"]})
    assert not deal.choice_matters("7D")
    events = deal.play("7D")
    assert events[-1] == Captured(1, C("7D"), (C("3S"),), 7, "play")


def test_a_named_take_must_be_a_candidate():
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], hands={1: ["7D", "9C"]})
    with pytest.raises(IllegalMove, match="6C is not a card 7D can take"):
        deal.play("7D", "6C")
    with pytest.raises(IllegalMove, match="9C takes nothing"):
        deal.play("9C", "3S")
    assert deal.phase is Phase.PLAY and len(deal.hand(1)) == 12  # nothing changed


def test_card_not_in_hand_and_wrong_phase_are_refused():
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], hands={0: ["7D"]})
    with pytest.raises(IllegalMove, match="7D is not in seat 1's hand"):
        deal.play("7D")
    with pytest.raises(IllegalMove, match="must play a card first"):
        deal.flip()
    with pytest.raises(IllegalMove, match="not a card"):
        deal.play("XX")


def test_a_card_that_takes_nothing_joins_the_layout():
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], stock_top=["2C"], hands={1: ["KD"]})
    assert deal.play("KD")[-1] == JoinedLayout(1, C("KD"), "play")
    assert deal.flip()[-1] == JoinedLayout(1, C("2C"), "flip")
    assert codes(deal.layout) == ["3S", "3H", "6C", "QD", "KD", "2C"]


def test_three_of_a_kind_in_the_opening_layout_fall_to_the_fourth():
    deal = build_deal(2, ["KS", "KH", "KD", "4C"], hands={1: ["KC"]})
    assert deal.is_triple("KC") and not deal.choice_matters("KC")
    events = deal.play("KC")
    assert isinstance(events[-1], TripleCaptured)
    assert set(events[-1].taken) == {C("KS"), C("KH"), C("KD")}
    assert events[-1].points == 20
    assert codes(deal.layout) == ["4C"]


def test_three_fives_fall_to_the_turned_fourth():
    deal = build_deal(2, ["5S", "5H", "5D", "QC"], stock_top=["5C"], hands={1: ["2C"]})
    deal.play("2C")
    events = deal.flip()
    assert isinstance(events[-1], TripleCaptured) and events[-1].source == "flip"
    assert codes(deal.layout) == ["QC", "2C"]


def test_three_non_pairing_ranks_are_taken_one_at_a_time():
    deal = build_deal(2, ["3S", "3H", "3D", "QC"], hands={1: ["7C"]})
    events = deal.play("7C", "3D")
    assert events[-1] == Captured(1, C("7C"), (C("3D"),), 3, "play")
    assert codes(deal.layout) == ["3S", "3H", "QC"]


def test_four_of_a_kind_goes_to_the_dealer_before_play():
    deal = build_deal(4, ["JS", "JH", "JD", "JC"], dealer=2)
    assert deal.layout == ()
    assert deal.stock_left == 24
    assert deal.pile(2) == (C("JS"), C("JH"), C("JD"), C("JC"))
    assert deal.points[2] == 20
    assert deal.opening_events == (DealerSweep(2, (C("JS"), C("JH"), C("JD"), C("JC")), 20),)
    assert deal.to_move == 3


def test_four_of_a_non_pairing_rank_stay_in_the_layout():
    deal = build_deal(2, ["4S", "4H", "4D", "4C"])
    assert len(deal.layout) == 4 and deal.opening_events == ()


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_whole_deal_has_24_turns_and_empties_the_layout(seats):
    deal = Deal.from_seed(seats, seed=11)
    rng = random.Random(3)
    turns = 0
    events = []
    while not deal.is_over:
        card = rng.choice(deal.legal_plays())
        events += deal.play(card)
        if deal.phase is Phase.CHOOSE:
            events += deal.choose(rng.choice(deal.pending.candidates))
        if deal.phase is Phase.FLIP:
            events += deal.flip()
            if deal.phase is Phase.CHOOSE:
                events += deal.choose(rng.choice(deal.pending.candidates))
        turns += 1
    assert turns == 24 == deal.total_turns == len(deal.turns)
    assert deal.layout == () and deal.stock_left == 0
    assert isinstance(events[-1], DealOver)
    assert sum(deal.exact_margins) == 0
    assert deal.to_move is None and deal.legal_plays() == ()
    with pytest.raises(IllegalMove, match="the deal is over"):
        deal.play("AS")


def test_seed_gives_the_same_deal_and_seats_follow_the_dealer():
    a, b = Deal.from_seed(3, seed=5, dealer=2), Deal.from_seed(3, seed=5, dealer=2)
    assert a.hands == b.hands and a.stock == b.stock and a.layout == b.layout
    assert a.to_move == 0
    assert [len(h) for h in a.hands] == [8, 8, 8] and len(a.layout) == 4 and a.stock_left == 24


def test_constructor_refuses_a_bad_deal():
    good = Deal.from_seed(2, seed=1)
    hands, layout, stock = good.initial
    with pytest.raises(IllegalMove, match="dealt twice"):
        Deal([hands[0], hands[1][:-1] + (hands[0][0],)], layout, stock)
    with pytest.raises(IllegalMove, match="hand has 11 cards"):
        Deal([hands[0][:-1], hands[1]], layout, stock + (hands[0][-1],))
    with pytest.raises(IllegalMove, match="not 5"):
        Deal([hands[0]] * 5, layout, stock)
    with pytest.raises(IllegalMove, match="dealer must be"):
        Deal(hands, layout, stock, dealer=2)


def test_copy_is_independent_and_fast_turn_matches_the_checked_path():
    deal = Deal.from_seed(2, seed=9)
    twin = deal.copy()
    rng = random.Random(1)
    while not deal.is_over:
        card = rng.choice(deal.legal_plays())
        take = deal.default_take(card)
        deal.play(card, take)
        if deal.phase is Phase.FLIP:
            deal.flip(deal.default_take(deal.peek_top()))
        twin.fast_turn(int(card))
        assert twin.layout == deal.layout and twin.points == deal.points and twin.to_move == deal.to_move
    assert twin.is_over


def test_play_out_random_finishes_a_deal():
    deal = Deal.from_seed(4, seed=2)
    deal.play_out_random(random.Random(0))
    assert deal.is_over and deal.layout == () and sum(deal.exact_margins) == 0
    assert sum(len(p) for p in deal.piles) == 52
