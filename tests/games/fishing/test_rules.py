"""The numbers of Go Fishing, as RULES.md gives them."""

from fractions import Fraction

import pytest

from chinese_ten.cards import Card
from chinese_ten.engine.scores import as_number
from chinese_ten.games.fishing.rules import (CARD_POINTS, MATCH_LENGTHS, PACK_POINTS, SEAT_COUNTS,
                                             margins_of, match_deals, next_seat, points_of, value_of)


@pytest.mark.parametrize(("card", "value", "points"), [
    ("2C", 2, 10), ("9S", 9, 10), ("10H", 10, 10), ("JD", 11, 20), ("QS", 12, 30), ("KH", 13, 40), ("AC", 14, 50),
])
def test_values_and_points_follow_the_rank(card: str, value: int, points: int) -> None:
    assert value_of(Card.parse(card)) == value
    assert points_of(Card.parse(card)) == points


def test_suit_never_changes_a_value_or_points() -> None:
    for rank in range(13):
        assert len({value_of(Card(rank * 4 + s)) for s in range(4)}) == 1
        assert len({CARD_POINTS[rank * 4 + s] for s in range(4)}) == 1


def test_the_pack_is_worth_920() -> None:
    assert PACK_POINTS == 920 == sum(CARD_POINTS)


def test_two_to_eight_seats_and_three_match_lengths_per_seat_first() -> None:
    assert SEAT_COUNTS == (2, 3, 4, 5, 6, 7, 8)
    assert MATCH_LENGTHS[0] == "per-seat"
    assert [match_deals(m, 5) for m in MATCH_LENGTHS] == [5, 1, 10]
    with pytest.raises(ValueError, match="unknown match length"):
        match_deals("six", 2)


def test_margins_are_points_minus_the_mean_and_add_to_zero() -> None:
    margins = margins_of((100, 50, 0))
    assert margins == (Fraction(50), Fraction(0), Fraction(-50))
    odd = margins_of((10, 0, 0))
    assert sum(odd) == 0 and odd[0] == Fraction(20, 3)
    assert as_number(odd[0]) == 6.7 and as_number(Fraction(-50)) == -50


def test_play_goes_to_the_next_seat_number_and_wraps() -> None:
    assert next_seat(0, 3) == 1 and next_seat(2, 3) == 0
