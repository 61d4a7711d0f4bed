"""A Go Fishing deal turn by turn: refill, play, capture, draw, passing over, the end, views and tells."""

import random
import re
from fractions import Fraction

import pytest

from chinese_ten.cards import Card
from chinese_ten.engine.errors import IllegalMove, InvalidAction
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.events import (CapturedSets, DealOver, Drew, JoinedLayout, LayoutRefilled, PassedOver,
                                              Played)
from chinese_ten.games.fishing.state import FishingDeal

from .kit import cards, full_deal

HANDS = ["2C 3C 4C 6C 7C", "9S 8C 10C JC QC", "KC 2D 3D 6D 7D"]
LAYOUT = "5D 4H 9C KD 2S"


def seeds_deal() -> FishingDeal:
    return full_deal(HANDS, LAYOUT, "QS AH AD AC")


def test_the_seat_after_the_dealer_plays_first() -> None:
    assert seeds_deal().to_act == 1
    assert full_deal(HANDS, LAYOUT, dealer=2).to_act == 0


def test_the_seeds_nine_takes_five_plus_four_and_the_nine_then_the_seat_draws() -> None:
    deal = seeds_deal()
    events = deal.apply(FishingAction.parse("play 9S take 5D+4H 9C"))
    assert events[0] == Played(1, Card.parse("9S"))
    captured = events[1]
    assert isinstance(captured, CapturedSets)
    assert captured.points == 40 and captured.sets == (tuple(cards("5D 4H")), tuple(cards("9C")))
    assert events[2] == Drew(1, Card.parse("QS"))
    assert sorted(deal.piles[1]) == sorted(cards("5D 4H 9C 9S"))
    assert deal.points == (0, 40, 0)
    assert Card.parse("QS") in deal.hand(1) and len(deal.hand(1)) == 5
    # before seat 2's turn the layout (KD 2S) is refilled to five from the stock, in order
    assert events[3] == LayoutRefilled(2, tuple(cards("AH AD AC")))
    assert deal.layout == tuple(cards("KD 2S AH AD AC"))
    assert deal.to_act == 2


def test_a_card_that_takes_nothing_joins_the_end_of_the_layout() -> None:
    deal = seeds_deal()
    events = deal.apply(FishingAction.parse("play QC"))
    assert events[1] == JoinedLayout(1, Card.parse("QC"))
    assert deal.layout[-1] == Card.parse("QC") and len(deal.layout) == 6


def test_a_seat_may_take_fewer_sets_than_it_could() -> None:
    deal = seeds_deal()
    deal.apply(FishingAction.parse("play 9S take 9C"))
    assert set(cards("5D 4H")) <= set(deal.layout)


@pytest.mark.parametrize(("text", "message"), [
    ("play 5D", "5D is not in seat 1's hand"),
    ("play 9S take 5D+2S", "5D + 2S make 7, not 9"),
    ("play 9S take KD", "KD counts 13, not 9"),
    ("play 9S take 9C 9C", "9C is taken twice"),
    ("play 9S take 5D+4H 4H+5D", "4H is taken twice"),
    ("play 9S take 9H", "9H is not in the layout"),
])
def test_illegal_actions_are_refused_with_the_reason_and_change_nothing(text: str, message: str) -> None:
    deal = seeds_deal()
    before = (deal.hands, deal.layout, deal.stock, deal.piles, deal.to_act)
    with pytest.raises(IllegalMove, match=re.escape(message)):
        deal.apply(FishingAction.parse(text))
    assert (deal.hands, deal.layout, deal.stock, deal.piles, deal.to_act) == before


def test_something_that_is_not_an_action_is_an_invalid_action() -> None:
    with pytest.raises(InvalidAction):
        seeds_deal().apply("play 9S")  # type: ignore[arg-type]


def test_empty_handed_seats_are_passed_over_and_the_deal_ends_when_every_hand_is_empty() -> None:
    deal = FishingDeal([cards("9S"), [], cards("2C 3C")], cards("5D 4H 9C"), [], dealer=2)
    assert deal.to_act == 0
    events = deal.apply(FishingAction.parse("play 9S take 9C"))
    assert PassedOver(1) in events and deal.to_act == 2
    deal.apply(FishingAction.parse("play 2C"))
    assert deal.to_act == 2  # seats 0 and 1 are empty now
    events = deal.apply(FishingAction.parse("play 3C"))
    over = events[-1]
    assert isinstance(over, DealOver) and deal.is_over and deal.to_act is None
    assert over.points == (20, 0, 0) and sum(over.margins) == 0
    assert set(over.leftovers) == set(cards("5D 4H 2C 3C"))
    assert deal.legal_actions() == []
    with pytest.raises(IllegalMove, match="the deal is over after 3 turns"):
        deal.apply(FishingAction.parse("play 3C"))


def test_a_short_dealt_layout_is_refilled_before_the_first_turn() -> None:
    deal = FishingDeal([cards("9S"), cards("2C")], cards("5D"), cards("AS KS QS JS 10S 8S"), dealer=1)
    assert deal.layout == tuple(cards("5D AS KS QS JS"))
    assert deal.opening_events == (LayoutRefilled(0, tuple(cards("AS KS QS JS"))),)


def test_returns_are_exact_points_minus_the_mean() -> None:
    deal = seeds_deal()
    deal.apply(FishingAction.parse("play 9S take 5D+4H 9C"))
    assert deal.returns() == (Fraction(-40, 3), Fraction(80, 3), Fraction(-40, 3))


def test_a_deal_refuses_a_card_dealt_twice_and_a_wrong_seat_count() -> None:
    with pytest.raises(IllegalMove, match="9S is dealt twice"):
        FishingDeal([cards("9S"), cards("9S")], [], [])
    with pytest.raises(IllegalMove, match="2 to 8 seats"):
        FishingDeal([cards("9S")], [], [])
    with pytest.raises(IllegalMove, match="2 to 8 seats"):
        FishingDeal.shuffled(9, random.Random(0))


def test_observe_holds_the_seats_own_hand_and_only_sizes_of_the_rest() -> None:
    deal = seeds_deal()
    view = deal.observe(2)
    assert view.hand == tuple(sorted(cards(HANDS[2])))
    assert view.hand_sizes == (5, 5, 5) and view.stock_left == 52 - 20
    assert view.layout == deal.layout and view.to_act == 1 and not view.my_turn
    assert view.seen == frozenset(cards(LAYOUT))
    assert view.unseen.isdisjoint(view.hand) and len(view.unseen) == 52 - 5 - 5
    assert view.legal_actions() == []
    assert deal.observe(1).legal_actions() == deal.legal_actions()


def test_tell_shows_a_seat_its_own_draw_and_another_seats_draw_face_down() -> None:
    deal = seeds_deal()
    events = deal.apply(FishingAction.parse("play 9S take 9C"))
    assert Drew(1, Card.parse("QS")) in deal.tell(events, 1)
    told = deal.tell(events, 0)
    assert Drew(1, None) in told and all(Card.parse("QS") != getattr(e, "card", None) for e in told)
    assert len(told) == len(events)


def test_a_copy_is_independent() -> None:
    deal = seeds_deal()
    twin = deal.copy()
    twin.apply(FishingAction.parse("play 9S take 9C"))
    assert deal.to_act == 1 and deal.layout == tuple(cards(LAYOUT)) and deal.turns == ()
    assert twin.to_act == 2 and len(twin.turns) == 1


def test_legal_actions_list_every_card_with_every_family() -> None:
    deal = seeds_deal()
    actions = deal.legal_actions()
    assert len(actions) == len(set(actions))
    assert FishingAction.parse("play 9S take 5D+4H 9C").canonical() in [a.canonical() for a in actions]
    assert {a.card for a in actions} == set(cards(HANDS[1]))
    for a in actions:
        deal.copy().apply(a)
