import pytest

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten.turns import Phase

from dealkit import build_deal

C = Card.parse


def test_view_holds_own_hand_layout_and_counts_only():
    deal = Deal.from_seed(3, seed=4)
    view = deal.view(1)
    assert set(view.hand) == set(deal.hand(1))
    assert view.layout == deal.layout
    assert view.hand_sizes == (8, 8, 8) and view.stock_left == 24
    hidden = set(deal.hand(0)) | set(deal.hand(2)) | set(deal.stock)
    assert view.unseen == frozenset(hidden)
    assert not hidden & set(view.hand) and not hidden & view.seen


def test_view_remembers_what_went_by_and_piles_as_announced():
    deal = build_deal(2, ["2H", "6C", "JD", "9S"], stock_top=["4D"], hands={1: ["8C"]})
    deal.play("8C")
    deal.flip()
    view = deal.view(0)
    assert {C("8C"), C("4D"), C("2H"), C("6C"), C("JD"), C("9S")} <= view.seen
    assert set(view.piles[1]) == {C("8C"), C("2H"), C("4D"), C("6C")}
    assert view.points == (0, 6) and view.margins == (-105, -99)
    assert view.turns == deal.turns and view.to_move == 0 and view.phase is Phase.PLAY


def test_view_helpers_follow_the_capture_rule():
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], hands={0: ["7D", "4H", "AS"]})
    view = deal.view(0)
    assert view.candidates(C("7D")) == (C("3S"), C("3H"))
    assert view.best_take(C("7D")) == C("3H")
    assert view.capture_points(C("7D")) == 10
    assert view.capture_points(C("AS")) == 0
    assert view.partners_unaccounted(C("7D")) == 2  # 3C and 3D are out of sight


def test_a_pending_choice_is_visible_to_every_seat():
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], hands={1: ["7D"]})
    deal.play("7D")
    for seat in (0, 1):
        view = deal.view(seat)
        assert view.phase is Phase.CHOOSE and view.pending.card == C("7D")


def test_views_are_equal_when_only_hidden_cards_differ():
    deal = Deal.from_seed(2, seed=8)
    hands, layout, stock = deal.initial
    # swap one card of seat 1's hand with the stock's bottom card: seat 0 cannot tell
    h1 = list(hands[1])
    st = list(stock)
    h1[0], st[-1] = st[-1], h1[0]
    other = Deal([hands[0], h1], layout, st, dealer=deal.dealer)
    assert deal.view(0) == other.view(0)
    assert deal.view(1) != other.view(1)
    assert len(ALL_CARDS) == 52


@pytest.mark.parametrize("preset", ["classic", "red-frog", "play-red", "simplified"])
def test_a_view_pickles_whole_for_the_thinking_process(preset):
    import pickle

    from chinese_ten.games.ten.rules import RuleSet

    deal = Deal.from_seed(3, seed=2, rules=RuleSet.of(preset))
    view = deal.view(deal.to_move)
    again = pickle.loads(pickle.dumps(view))
    assert again == view and again.rules == RuleSet.of(preset) and again.points_table == view.points_table
