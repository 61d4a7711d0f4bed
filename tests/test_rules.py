from fractions import Fraction

import pytest

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.rules import CLASSIC, PARTNER_RANK, RuleSet, as_number, ruleset


@pytest.mark.parametrize("seats,total,tie", [(2, 210, 105), (3, 240, 80), (4, 280, 70)])
def test_pack_totals_and_tie_scores(seats, total, tie):
    assert CLASSIC.pack_total(seats) == total
    assert CLASSIC.tie_score(seats) == tie


def _score(codes, seats):
    table = CLASSIC.points_table(seats)
    return sum(table[Card.parse(c)] for c in codes)


def test_the_worked_example_of_81_and_41_points():
    cards = ["AC", "AH", "KD", "6H", "5D", "2S", "9C"]
    assert _score(cards, 4) == 81
    assert _score(cards, 4) - CLASSIC.tie_score(4) == 11
    assert _score(cards, 2) == 41
    assert _score(cards, 2) - CLASSIC.tie_score(2) == -64


def test_scoring_table_by_card():
    t2, t3, t4 = (CLASSIC.points_table(n) for n in (2, 3, 4))
    for code, pts in [("2H", 2), ("8D", 8), ("9H", 10), ("10D", 10), ("JH", 10), ("QD", 10), ("KH", 10), ("AD", 20)]:
        assert t2[Card.parse(code)] == t3[Card.parse(code)] == t4[Card.parse(code)] == pts
    assert (t2[Card.parse("AS")], t3[Card.parse("AS")], t4[Card.parse("AS")]) == (0, 30, 30)
    assert (t2[Card.parse("AC")], t3[Card.parse("AC")], t4[Card.parse("AC")]) == (0, 0, 40)
    assert all(t4[c] == 0 for c in ALL_CARDS if not c.is_red and c.rank != 1)


def test_partners_make_ten_and_high_cards_pair_by_rank():
    for r in range(13):
        p = PARTNER_RANK[r]
        if r <= 8:
            assert (r + 1) + (p + 1) == 10
        else:
            assert p == r
        assert PARTNER_RANK[p] == r


def test_first_player_and_variants_as_data():
    assert CLASSIC.first_to_play(dealer=1, seats=3) == 2
    assert RuleSet("dealer-leads", dealer_leads=True).first_to_play(dealer=1, seats=3) == 1
    with pytest.raises(ValueError, match="unknown rules"):
        ruleset("nope")
    assert ruleset("classic") is CLASSIC


def test_margins_print_whole_or_with_one_decimal():
    assert as_number(Fraction(-64)) == -64
    assert as_number(Fraction(1, 3)) == 0.3
