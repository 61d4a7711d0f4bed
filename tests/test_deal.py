import random
from fractions import Fraction

import pytest

from chinese_ten.cards import Card
from chinese_ten.engine.errors import IllegalMove
from chinese_ten.games.ten.deal import Action, Deal, TurnInProgress
from chinese_ten.games.ten.turns import Phase
from chinese_ten.games.ten.events import (
    Captured, ChoiceNeeded, DealerSweep, DealOver, JoinedLayout, NoFlip, Played, Redealt, Refilled, ThrownIn,
    TripleCaptured, Turned,
)
from chinese_ten.games.ten.rules import RuleSet

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


# ---------------------------------------------------------------- one kernel: actions


def test_actions_print_and_parse_round_trip():
    for text in ("play 7D", "play 7D take 3H", "play 5S take 5H 5D 5C", "flip", "flip take QD", "choose 3H"):
        assert str(Action.parse(text)) == text
    assert Action.parse("Play t♦ TAKE 3h") == Action.play("10D", "3H")
    assert repr(Action.play("7D")) == "Action.parse('play 7D')"
    for bad in ("", "play", "play 7D take", "jump 7D", "flip 7D", "choose", "play 1X"):
        with pytest.raises(IllegalMove, match="not an action"):
            Action.parse(bad)


def test_legal_actions_in_every_phase():
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], stock_top=["7H"], hands={1: ["7D", "4S"]})
    plays = deal.legal_actions()
    assert Action.play("7D", "3S") in plays and Action.play("7D", "3H") in plays
    assert Action.play("4S", "6C") in plays and len(plays) == len(set(plays))
    assert all(a.kind == "play" for a in plays) and {a.card for a in plays} == set(deal.hand(1))
    deal.apply(Action.play("4S", "6C"))
    assert deal.legal_actions() == (Action.flip("3S"), Action.flip("3H"))
    deal.apply(Action.flip())  # the turned 7♥ could take 3♠ or 3♥, worth different points: a choice
    assert deal.phase is Phase.CHOOSE
    assert deal.legal_actions() == (Action.choose("3S"), Action.choose("3H"))
    deal.apply(Action.choose("3H"))
    assert deal.phase is Phase.PLAY and deal.to_move == 0


def test_apply_refuses_an_action_of_the_wrong_phase_and_changes_nothing():
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], hands={1: ["7D"]})
    before = (deal.hands, deal.layout, deal.stock)
    for action in (Action.flip(), Action.choose("3H"), Action.play("7D", "QD"), "play 7D"):
        with pytest.raises(IllegalMove):
            deal.apply(action)  # type: ignore[arg-type]
    assert (deal.hands, deal.layout, deal.stock) == before


def test_the_wrappers_and_apply_are_one_dispatch():
    a = build_deal(3, ["2H", "6C", "JD", "9S"], stock_top=["4D"], hands={1: ["8C"]})
    b = build_deal(3, ["2H", "6C", "JD", "9S"], stock_top=["4D"], hands={1: ["8C"]})
    assert a.play("8C") == b.apply(Action.play("8C"))
    assert a.flip() == b.apply(Action.flip())
    assert a.turns == b.turns


# ---------------------------------------------------------------- the house rules


def test_the_dealer_leads_under_taiwan_rules():
    deal = build_deal(3, ["2H", "6C", "JD", "9S"], dealer=1, rules=RuleSet.of("taiwan"))
    assert deal.to_move == 1


def test_counter_clockwise_play_goes_to_the_seat_numbered_one_less():
    rules = RuleSet.of("classic", direction="counter-clockwise")
    deal = build_deal(3, ["2H", "6C", "JD", "9S"], dealer=0, rules=rules)
    assert deal.to_move == 2
    deal.play(deal.hand(2)[0], deal.default_take(deal.hand(2)[0]))
    deal.flip(deal.default_take(deal.peek_top()))
    assert deal.to_move == 1


def test_four_of_a_kind_refilled_from_the_stock_and_the_last_turns_have_no_flip():
    rules = RuleSet.of("target")
    deal = build_deal(2, ["QS", "QH", "QD", "QC"], stock_top=["2S", "3S", "4S", "6S"], dealer=0, rules=rules)
    assert deal.pile(0) == (C("QS"), C("QH"), C("QD"), C("QC"))
    assert codes(deal.layout) == ["2S", "3S", "4S", "6S"] and deal.stock_left == 20
    assert codes(deal.start_layout) == ["2S", "3S", "4S", "6S"]
    assert deal.opening_events == (DealerSweep(0, (C("QS"), C("QH"), C("QD"), C("QC")), 20),
                                   Refilled(0, (C("2S"), C("3S"), C("4S"), C("6S"))))
    assert deal.to_move == 1  # counter-clockwise, the seat after dealer 0 at two seats is 1
    no_flips = 0
    while not deal.is_over:
        card = deal.hand(deal.to_move)[0]
        events = deal.play(card, deal.default_take(card))
        if deal.phase is Phase.FLIP:
            events += deal.flip(deal.default_take(deal.peek_top()))
        no_flips += any(isinstance(e, NoFlip) for e in events)
    assert no_flips == 4 and len(deal.turns) == 24 and deal.layout == ()
    assert all(t.flip is None for t in deal.turns[-4:]) and all(t.flip is not None for t in deal.turns[:20])


def test_refill_is_repeated_while_the_layout_holds_four_of_a_kind():
    rules = RuleSet.of("target")
    deal = build_deal(2, ["QS", "QH", "QD", "QC"], stock_top=["KS", "KH", "KD", "KC", "2S", "3S", "4S", "6S"],
                      rules=rules)
    assert codes(deal.layout) == ["2S", "3S", "4S", "6S"] and deal.stock_left == 16
    assert len(deal.pile(0)) == 8


def test_a_dead_layout_is_refused_in_a_record_and_thrown_in_when_shuffled():
    rules = RuleSet.of("play-red")
    layout = ["KS", "KH", "KD"] + ["2S", "3S", "4S", "6S", "7S", "8S", "9S", "2C", "3C"]
    with pytest.raises(IllegalMove, match="dead"):
        build_deal(2, layout, rules=rules)
    for seed in range(200):
        deal = Deal.from_seed(2, seed=seed, rules=rules)
        assert not rules.is_dead([int(c) for c in deal.initial[1]])
        thrown = [e for e in deal.opening_events if isinstance(e, ThrownIn)]
        if thrown:
            assert rules.is_dead([int(c) for c in thrown[0].layout]) and thrown[0].seat == deal.dealer
            break
    else:
        pytest.fail("no dead layout in 200 shuffles")


@pytest.mark.parametrize("seats,hand,layout", [(2, 10, 12), (3, 7, 10)])
def test_play_red_deals_its_sizes_and_the_dealer_leads(seats, hand, layout):
    deal = Deal.from_seed(seats, seed=5, dealer=1, rules=RuleSet.of("play-red"))
    assert all(len(h) == hand for h in deal.initial[0]) and len(deal.initial[1]) == layout
    assert deal.to_move == 1 and deal.total_turns == seats * hand
    with pytest.raises(IllegalMove, match="not 4"):
        Deal.from_seed(4, seed=5, rules=RuleSet.of("play-red"))


@pytest.mark.parametrize("seats,rounds", [(2, (6, 6)), (3, (6, 2)), (4, (6,))])
def test_six_each_is_dealt_again_when_every_hand_is_empty(seats, rounds):
    deal = Deal.from_seed(seats, seed=9, dealer=0, rules=RuleSet.of("simplified"))
    dealt = [len(deal.hand(0))]
    while not deal.is_over:
        card = deal.hand(deal.to_move)[0]
        seat = deal.to_move
        events = deal.play(card, deal.default_take(card))
        if deal.phase is Phase.FLIP:
            events += deal.flip(deal.default_take(deal.peek_top()))
        redeals = [e for e in events if isinstance(e, Redealt)]
        if redeals:
            assert redeals[0].first == deal.to_move == RuleSet.of("simplified").next_seat(seat, seats)
            assert all(len(h) == redeals[0].each for h in deal.hands)
            dealt.append(redeals[0].each)
    assert tuple(dealt) == rounds and deal.total_turns == len(deal.turns) == seats * sum(rounds)
    assert deal.stock_left == 0 and deal.layout == ()


def test_the_redeal_takes_the_stock_top_first_round_the_table_from_the_seat_to_move():
    rules = RuleSet.of("simplified")
    deal = Deal.from_seed(2, seed=4, dealer=0, rules=rules)
    while len(deal.turns) < 11:
        card = deal.hand(deal.to_move)[0]
        deal.play(card, deal.default_take(card))
        deal.flip(deal.default_take(deal.peek_top()))
    card = deal.hand(deal.to_move)[0]
    deal.play(card, deal.default_take(card))
    top = deal.stock[1:13]  # the flip of this turn comes first
    deal.flip(deal.default_take(deal.peek_top()))
    first = deal.to_move
    assert deal.hand(first) == top[0::2] and deal.hand(1 - first) == top[1::2]


def test_scoring_follows_the_table_in_force():
    deal = build_deal(3, ["9S", "2H", "6C", "JD"], stock_top=["8H"], hands={1: ["AS"]}, rules=RuleSet.of("red-frog"))
    events = deal.play("AS")
    assert events[-1] == Captured(1, C("AS"), (C("9S"),), 59, "play")
    events = deal.flip()
    assert events[-1] == Captured(1, C("8H"), (C("2H"),), 0, "flip")
    assert deal.margins == (-72.7, -13.7, -72.7)


def test_leftovers_of_a_big_opening_layout_score_for_nobody_and_results_still_add_up_to_zero():
    # Play Red at two seats: the opening layout holds more than four of one pair of partner ranks,
    # so cards of both ranks are still lying there when the hands run out.
    deal = Deal.from_seed(2, seed=7103, rules=RuleSet.of("play-red"))
    deal.play_out_random(random.Random(0))
    assert deal.is_over and deal.leftovers == deal.layout and deal.leftovers
    lost = sum(deal.points_of(c) for c in deal.leftovers)
    assert lost > 0 and sum(deal.points) == 210 - lost
    assert deal.tie_score == Fraction(210 - lost, 2) and sum(deal.exact_margins) == 0
    assert DealOver(deal.points, deal.margins, deal.leftovers).describe().endswith("score for nobody.")


def test_a_half_done_turn_is_a_typed_value_that_restores_the_position():
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], stock_top=["7H"], hands={1: ["4S"]})
    assert deal.turn_in_progress is None
    deal.play("4S")
    assert deal.turn_in_progress == TurnInProgress(1, C("4S"), (C("6C"),))
    deal.flip()  # 7♥ may take 3♠ or 3♥: waiting for the choice
    part = deal.turn_in_progress
    assert part == TurnInProgress(1, C("4S"), (C("6C"),), C("7H"), None)
    again = build_deal(2, ["3S", "3H", "6C", "QD"], stock_top=["7H"], hands={1: ["4S"]})
    for action in part.actions():
        again.apply(action)
    assert again.phase is Phase.CHOOSE and again.pending == deal.pending and again.turn_in_progress == part
    deal.choose("3H")
    assert deal.turn_in_progress is None and deal.turns[-1].flip_take == (C("3H"),)
