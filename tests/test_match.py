import random
from fractions import Fraction

import pytest

from chinese_ten.games.ten import SPEC as TEN
from chinese_ten.engine.match import Match, MatchLength
from chinese_ten.engine.streams import DealStreams, derive_seed
from chinese_ten.games.ten.rules import RuleSet


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
    match = Match(TEN, 3, MatchLength.parse("per-seat"), first_dealer=2)
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
    match = Match(TEN, 2, MatchLength.parse("one"))
    match.results.append((Fraction(0), Fraction(0)))
    assert match.winners() == (0, 1)


def test_unfinished_deal_is_refused():
    match = Match(TEN, 2)
    deal = match.new_deal(random.Random(0))
    with pytest.raises(ValueError, match="not over"):
        match.finish_deal(deal)


def _played(match: Match, points: tuple[int, ...], dealer: int) -> None:
    """Record a finished deal with these points without playing it."""
    tie = match.rules.tie_score(match.seats)
    match.dealers.append(dealer)
    match.points.append(points)
    match.results.append(tuple(Fraction(p) - tie for p in points))


def test_the_deal_passes_counter_clockwise_under_that_option():
    match = Match(TEN, 3, MatchLength.parse("per-seat"), first_dealer=0, rules=RuleSet.of("target"))
    _played(match, (80, 80, 80), 0)
    assert match.next_dealer == 2


def test_the_lowest_scorer_deals_next_and_a_tie_goes_to_the_first_after_the_dealer():
    match = Match(TEN, 3, MatchLength.parse("six"), first_dealer=1, rules=RuleSet.of("play-red"))
    _played(match, (100, 40, 70), 1)
    assert match.next_dealer == 1
    _played(match, (50, 110, 50), 1)
    assert match.next_dealer == 2  # seats 0 and 2 tie; after dealer 1 in turn order comes 2
    _played(match, (50, 110, 50), 2)
    assert match.next_dealer == 0


def test_under_the_target_win_everyone_at_or_above_the_tie_score_shares_it():
    match = Match(TEN, 4, MatchLength.parse("one"), rules=RuleSet.of("target"))
    _played(match, (70, 100, 40, 70), 0)
    assert match.winners() == (0, 1, 3)
    classic = Match(TEN, 4, MatchLength.parse("one"))
    _played(classic, (70, 100, 40, 70), 0)
    assert classic.winners() == (1,)


def test_a_seeded_match_deals_the_same_whatever_the_players_draw():
    a = Match(TEN, 2, MatchLength.parse("two-per-seat"), seed=42)
    b = Match(TEN, 2, MatchLength.parse("two-per-seat"), seed=42)
    while not a.is_over:
        da, db = a.new_deal(), b.new_deal()
        assert da.initial == db.initial
        streams = a.streams()
        for _ in range(50):  # a hint pressed, or a computer drawing more, in one match only
            streams.hint_seed()
            streams.decision_seed(0)
        da.play_out_random(random.Random(1))
        db.play_out_random(random.Random(2))
        a.finish_deal(da)
        b.finish_deal(db)
    assert a.dealers == b.dealers


def test_every_stream_is_its_own():
    streams = DealStreams(7, 0, 3)
    seeds = {streams.decision_seed(s) for s in range(3)} | {streams.hint_seed()}
    assert len(seeds) == 4
    assert derive_seed(7, "shuffle", 1) != derive_seed(7, "shuffle", 0) != derive_seed(8, "shuffle", 0)
    again = DealStreams(7, 0, 3)
    again.hint_seed()
    assert again.decision_seed(1) == DealStreams(7, 0, 3).decision_seed(1)


def test_streams_skipped_to_the_kept_draws_carry_on_as_the_original() -> None:
    from chinese_ten.engine.streams import DealStreams

    played = DealStreams(9, 2, 3)
    for seat, times in ((0, 3), (1, 1), (2, 5)):
        for _ in range(times):
            played.decision_seed(seat)
    played.hint_seed()
    again = DealStreams(9, 2, 3)
    again.skip(list(played.draws), played.hints)
    assert [again.decision_seed(s) for s in range(3)] == [played.decision_seed(s) for s in range(3)]
    assert again.hint_seed() == played.hint_seed()
    assert played.draws == [4, 2, 6] and played.hints == 2
