import random
from fractions import Fraction

import pytest

from chinese_ten.match import Match, MatchLength


@pytest.mark.parametrize("text,seats,deals", [
    ("one", 3, 1), ("per-seat", 3, 3), ("two-per-seat", 4, 8), ("six", 2, 6), ("10", 2, 10), (5, 4, 5),
])
def test_match_lengths(text, seats, deals):
    assert MatchLength.parse(text).total(seats) == deals


def test_unknown_length_is_refused():
    with pytest.raises(ValueError, match="unknown match length"):
        MatchLength.parse("forever")
    with pytest.raises(ValueError):
        MatchLength.fixed(0)


def test_dealer_moves_on_and_totals_add_up():
    match = Match(3, MatchLength.parse("per-seat"), first_dealer=2)
    rng = random.Random(1)
    dealers = []
    while not match.is_over:
        deal = match.new_deal(rng)
        dealers.append(deal.dealer)
        assert match.winners() == ()
        deal.play_out_random(rng)
        match.finish_deal(deal)
    assert dealers == [2, 0, 1]
    assert sum(match.exact_totals) == 0
    assert match.totals == tuple(sum(r[s] for r in match.results) for s in range(3))
    top = max(match.exact_totals)
    assert match.winners() == tuple(s for s in range(3) if match.exact_totals[s] == top)
    with pytest.raises(ValueError, match="the match is over"):
        match.new_deal(rng)


def test_a_tie_for_first_is_a_shared_win():
    match = Match(2, MatchLength.parse("one"))
    match.results.append((Fraction(0), Fraction(0)))
    assert match.winners() == (0, 1)


def test_unfinished_deal_is_refused():
    match = Match(2)
    deal = match.new_deal(random.Random(0))
    with pytest.raises(ValueError, match="not over"):
        match.finish_deal(deal)
