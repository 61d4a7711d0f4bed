from fractions import Fraction

import pytest

from chinese_ten.cards import ALL_CARDS, Card
import pickle

from chinese_ten.engine.scores import as_number
from chinese_ten.games.ten.rules import (
    CLASSIC,
    OPTIONS,
    PARTNER_RANK,
    PRESETS,
    RuleSet,
    RulesError,
    parse_option,
    rules_from_json,
    ruleset,
)


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
    assert RuleSet.of("classic", lead="dealer").first_to_play(dealer=1, seats=3) == 1
    with pytest.raises(ValueError, match="unknown rules"):
        ruleset("nope")
    assert ruleset("classic") == CLASSIC


def test_counter_clockwise_play_passes_to_the_seat_numbered_one_less():
    ccw = RuleSet.of("target")
    assert [ccw.next_seat(s, 3) for s in range(3)] == [2, 0, 1]
    assert ccw.first_to_play(dealer=0, seats=4) == 3
    assert ccw.dealer_for_leader(0, 4) == 1 and CLASSIC.dealer_for_leader(0, 4) == 3
    assert RuleSet.of("taiwan").dealer_for_leader(2, 3) == 2


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_is_frozen_picklable_and_names_itself(preset):
    rules = RuleSet.of(preset)
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert rules.to_json() == preset and rules_from_json(preset) == rules
    assert hash(rules) == hash(RuleSet.of(preset))
    with pytest.raises(AttributeError):
        rules.lead = "dealer"  # type: ignore[misc]


def _from_classic(preset):
    return {k: v for k, v in RuleSet.of(preset).options().items() if CLASSIC.options()[k] != v}


def test_presets_are_the_options_rules_md_lists():
    assert _from_classic("taiwan") == {"lead": "dealer"}
    assert _from_classic("target") == {"direction": "counter-clockwise", "four_of_a_kind": "refill", "win": "target"}
    assert _from_classic("red-frog") == {"scoring": "red-frog"}
    assert _from_classic("simplified") == {"scoring": "simplified", "deal": "six"}
    assert _from_classic("play-red") == {"scoring": "play-red", "deal": "play-red", "dead_layout": True,
                                         "lead": "dealer", "next_dealer": "lowest"}
    assert RuleSet.of("play-red").changed() == {} and RuleSet.of("play-red", lead="after-dealer").changed() == {
        "lead": "after-dealer"}
    assert RuleSet.of("play-red").seat_counts() == (2, 3)
    assert PRESETS["simplified"].match_length == "per-seat" and PRESETS["target"].match_length == "one"


def test_a_preset_with_changed_options_prints_as_an_object_and_reads_back():
    rules = RuleSet.of("classic", lead="dealer")
    assert rules.to_json() == {"preset": "classic", "lead": "dealer"}
    assert rules_from_json({"preset": "classic", "lead": "dealer"}) == rules
    assert rules_from_json({"lead": "dealer"}) == rules
    assert rules_from_json({"preset": "play-red", "lead": "after-dealer"}).lead == "after-dealer"
    assert rules_from_json({"preset": "classic", "dead_layout": True}).dead_layout is True


@pytest.mark.parametrize("value,message", [
    ("nope", "unknown rules 'nope'"),
    ({"preset": "nope"}, "unknown rules 'nope'"),
    ({"colour": "red"}, "unknown rule option 'colour'"),
    ({"lead": "left"}, "unknown value left for rule option lead"),
    ({"dead_layout": "yes"}, "unknown value yes for rule option dead_layout"),
    (7, "rules must be a preset name or an object"),
])
def test_an_unknown_preset_option_or_value_is_refused(value, message):
    with pytest.raises(RulesError, match=message):
        rules_from_json(value)


def test_command_line_options_read_key_equals_value():
    assert parse_option("lead=dealer") == ("lead", "dealer")
    assert parse_option("dead-layout=TRUE") == ("dead_layout", True)
    for bad in ("lead", "=x", "nope=1", "dead_layout=maybe"):
        with pytest.raises(RulesError):
            parse_option(bad)
    assert set(OPTIONS) == {"lead", "direction", "four_of_a_kind", "scoring", "deal", "dead_layout",
                            "next_dealer", "win"}


def test_the_scoring_cache_is_the_scoring_option_not_the_preset_name():
    frog_in_classic = RuleSet.of("classic", scoring="red-frog")
    assert frog_in_classic.points_table(2)[Card.parse("AS")] == 50
    assert CLASSIC.points_table(2)[Card.parse("AS")] == 0


@pytest.mark.parametrize("scoring,totals", [
    ("classic", (210, 240, 280)), ("red-frog", (218, 218, 218)), ("simplified", (700, 700, 700)),
    ("play-red", (210, 210, 210)),
])
def test_pack_totals_of_every_scoring_table(scoring, totals):
    rules = RuleSet.of("classic", scoring=scoring)
    assert tuple(rules.pack_total(n) for n in (2, 3, 4)) == totals


def test_scoring_tables_card_by_card():
    frog, simple, red = (RuleSet.of("classic", scoring=s).points_table(3) for s in ("red-frog", "simplified", "play-red"))
    assert [frog[Card.parse(c)] for c in ("2S", "9C", "10S", "KC", "AS", "AC", "AH", "KD")] == [2, 9, 10, 10, 50, 0, 0, 0]
    assert [simple[Card.parse(c)] for c in ("2S", "9H", "10D", "KC", "AS", "AH")] == [10, 10, 20, 20, 15, 15]
    assert [red[Card.parse(c)] for c in ("2H", "8D", "9H", "KD", "AH", "AS", "AC", "KS")] == [2, 8, 10, 10, 20, 0, 0, 0]


def test_red_frog_margins_carry_one_decimal_at_three_seats():
    tie = RuleSet.of("red-frog").tie_score(3)
    assert tie == Fraction(218, 3) and as_number(Fraction(100) - tie) == 27.3


@pytest.mark.parametrize("seats,sizes", [(2, (10, 12)), (3, (7, 10))])
def test_play_red_deal_sizes_empty_hands_and_stock_together(seats, sizes):
    rules = RuleSet.of("play-red")
    assert (rules.hand_size(seats), rules.layout_size(seats)) == sizes
    hand, layout = sizes
    assert 52 - seats * hand - layout == seats * hand
    with pytest.raises(RulesError, match="not 4"):
        rules.hand_size(4)


@pytest.mark.parametrize("seats,redeal", [(2, 6), (3, 2), (4, 0)])
def test_six_each_redeals_as_rules_md_says(seats, redeal):
    rules = RuleSet.of("simplified")
    stock = 52 - 4 - 6 * seats - 6 * seats  # after the first round of turns, each with a flip
    assert rules.redeal_count(seats, stock) == redeal


def test_dead_layout_is_three_or_four_fives_or_court_cards_but_not_tens():
    rules = RuleSet.of("play-red")
    cards = [Card.parse(c) for c in ("JS", "JH", "JD", "2C")]
    assert rules.is_dead(cards) and not CLASSIC.is_dead(cards)
    assert not rules.is_dead([Card.parse(c) for c in ("10S", "10H", "10D", "10C")])
    assert rules.is_dead([Card.parse(c) for c in ("5S", "5H", "5D", "5C")])


def test_big_cards_to_give_away_follow_the_scoring_table():
    classic = [c for c in ALL_CARDS if c.is_red]
    big = {str(c) for c in classic if CLASSIC.points_table(2)[c] >= CLASSIC.big_points(2)}
    assert big == {f"{r}{s}" for r in ("A", "9", "10", "J", "Q", "K") for s in "HD"}
    simple = RuleSet.of("simplified")
    assert {CLASSIC.points_table(2)[c] >= CLASSIC.big_points(2) for c in ALL_CARDS if not c.is_red} == {False}
    assert [simple.points_table(2)[Card.parse(c)] >= simple.big_points(2) for c in ("2S", "AS", "KD")] == [False, True, True]


def test_margins_print_whole_or_with_one_decimal():
    assert as_number(Fraction(-64)) == -64
    assert as_number(Fraction(1, 3)) == 0.3
