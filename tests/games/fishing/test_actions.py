"""The action text form of INTERFACE.md: ``play 9S`` and ``play 9S take 5D+4H 9C``."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.engine.errors import IllegalMove, InvalidAction
from chinese_ten.games.fishing.actions import FishingAction


def test_the_interface_examples_print_and_parse_exactly() -> None:
    a = FishingAction.play("9S", [["5D", "4H"], ["9C"]])
    assert str(a) == "play 9S take 5D+4H 9C"
    assert FishingAction.parse("play 9S take 5D+4H 9C") == a
    assert str(FishingAction.parse("play 9S")) == "play 9S"
    assert FishingAction.parse("play 9S").sets == ()
    assert a.kind == "play"


def test_parsing_accepts_any_case_ten_as_t_and_suit_symbols_and_prints_canonically() -> None:
    a = FishingAction.parse("  PLAY td take 7♦+3h  ")
    assert str(a) == "play 10D take 7D+3H"


@pytest.mark.parametrize("text", [
    "", "play", "take 9S", "play 1Z", "play 9S take", "play 9S with 9C", "play 9S take 5D++4H",
    "play 9S take +5D", "play 9S take 5D+", "play 9S take 5D+XX", "pass",
])
def test_malformed_text_is_an_invalid_action(text: str) -> None:
    with pytest.raises(InvalidAction):
        FishingAction.parse(text)


def test_a_non_text_is_an_invalid_action_and_invalid_is_also_illegal() -> None:
    with pytest.raises(InvalidAction):
        FishingAction.parse(9)  # type: ignore[arg-type]
    assert issubclass(InvalidAction, IllegalMove)


def test_the_action_is_frozen() -> None:
    a = FishingAction.parse("play 9S")
    with pytest.raises(AttributeError):
        a.card = Card.parse("2C")  # type: ignore[misc]


cards_st = st.sampled_from(ALL_CARDS)


@given(cards_st, st.lists(st.lists(cards_st, min_size=1, max_size=4), max_size=4))
def test_every_action_round_trips_through_its_text(card: Card, sets: list[list[Card]]) -> None:
    a = FishingAction.play(card, sets)
    assert FishingAction.parse(str(a)) == a


def test_canonical_orders_sets_and_cards_and_taken_lists_every_card() -> None:
    a = FishingAction.parse("play 9S take 9C 5D+4H")
    assert str(a.canonical()) == "play 9S take 4H+5D 9C"
    assert [str(c) for c in a.taken] == ["9C", "5D", "4H"]
