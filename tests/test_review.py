"""The review: blunders are marked, Hard's own choices are best, partial records work, nothing hidden is used."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.games.ten.deal import Deal
from chinese_ten.engine.streams import derive_seed
from chinese_ten.games.ten.players import make_player, next_action
from chinese_ten.games.ten.players.hard import HardPlayer
from chinese_ten.games.ten.record import record_of
from chinese_ten.games.ten.review import (BLUNDER, INACCURACY, MISTAKE, Choice, DecisionKind, Judgement, Review,
                                ReviewCancelled, count_decisions, label_of, review_record)

from dealkit import build_deal

QUICK = 60_000
"""A small evaluation effort, so the tests stay quick (the ranking they check is wide)."""


def ace_record(turn: dict[str, object]) -> dict[str, object]:
    """Seat 1 leads holding 9H and black cards, a red ace in the layout; the opponent holds two of the other nines."""
    deal = build_deal(2, ["AH", "AS", "6C", "QS"], stock_top=["2D"],
                      hands={1: ["9H", "2C", "3C", "4S", "5S", "6S", "7S", "8S", "10S", "JC", "QC", "KC"],
                             0: ["9S", "9D"]})
    record = record_of(deal)
    record["turns"] = [turn]
    return record


def test_passing_up_a_red_ace_capture_is_a_blunder() -> None:
    review = review_record(ace_record({"seat": 1, "play": "2C"}), 1, budget=QUICK)
    (play,) = review.decisions
    assert play.kind == "play" and str(play.chosen.play) == "2C"
    assert str(play.best.play) == "9H" and play.best.take == (Card.parse("AH"),)
    assert play.loss >= BLUNDER and play.label == "blunder"


def test_laying_a_red_ace_down_for_the_opponent_is_a_blunder() -> None:
    deal = build_deal(2, ["KH", "AS", "6C", "QS"], stock_top=["2D"],
                      hands={1: ["AH", "2C", "3C", "4S", "5S", "6S", "7S", "8S", "10S", "JC", "QC", "KC"]})
    record = record_of(deal)
    record["turns"] = [{"seat": 1, "play": "AH"}]
    (play,) = review_record(record, 1, budget=QUICK).decisions
    assert str(play.chosen.play) == "AH" and play.chosen.take == ()
    assert str(play.best.play) != "AH" and play.label == "blunder"


def test_taking_the_black_ace_instead_of_the_red_one_is_a_blunder() -> None:
    review = review_record(ace_record({"seat": 1, "play": "9H", "take": "AS"}), 1, budget=QUICK)
    play, take = review.decisions
    assert play.kind == "play" and play.label == "best"  # 9H was the right card ...
    assert take.kind == "take" and take.chosen.take == (Card.parse("AS"),)
    assert take.best.take == (Card.parse("AH"),)  # ... its take was not
    assert take.label == "blunder"
    assert review.worst()[0] is take


def test_the_right_take_of_the_ace_is_best_and_keeps_full_accuracy() -> None:
    review = review_record(ace_record({"seat": 1, "play": "9H", "take": "AH"}), 1, budget=QUICK)
    assert [d.label for d in review.decisions] == ["best", "best"]
    assert review.total_loss < INACCURACY and review.accuracy >= 95 and review.worst() == ()


def test_labels_follow_the_thresholds() -> None:
    assert INACCURACY < MISTAKE < BLUNDER
    assert [label_of(x) for x in (0, INACCURACY - 0.1, INACCURACY, MISTAKE, BLUNDER)] == \
        ["best", "best", "inaccuracy", "mistake", "blunder"]


@pytest.mark.parametrize("seed", [3, 8])
def test_hards_own_decisions_are_marked_best(seed: int) -> None:
    deal = Deal.from_seed(2, seed)
    seat = deal.to_move
    hard = HardPlayer()
    rng = random.Random(seed)
    while len(deal.turns) < 1:
        deal.apply(next_action(hard, deal.view(seat), rng))
    review = review_record(record_of(deal), seat)
    assert review.decisions[0].chosen.play == deal.turns[0].play
    assert [d.label for d in review.decisions] == ["best"] * len(review.decisions)


def test_the_card_played_is_named_even_when_an_equivalent_card_stands_beside_it() -> None:
    # 3S and 3C score nothing at two seats: one option, and it must be the one played
    deal = build_deal(2, ["KH", "KS", "5C", "QD"], stock_top=["2D"], hands={1: ["3S", "3C"]})
    record = record_of(deal)
    record["turns"] = [{"seat": 1, "play": "3C"}]
    play = review_record(record, 1, budget=QUICK).decisions[0]
    plays = [str(o.play) for o in play.options]
    assert str(play.chosen.play) == "3C" and "3C" in plays and "3S" not in plays


def test_a_partial_record_judges_only_the_turns_it_has() -> None:
    deal = Deal.from_seed(2, 11)
    normal = make_player("normal")
    rng = random.Random(1)
    for _ in range(10):  # five turns
        deal.apply(next_action(normal, deal.view(deal.to_move), rng))
    while deal.phase.value != "play":
        deal.apply(next_action(normal, deal.view(deal.to_move), rng))
    record = record_of(deal)
    assert len(record["turns"]) == 5
    first = deal.turns[0].seat
    review = review_record(record, first, budget=QUICK)
    plays = [d.turn for d in review.decisions if d.kind == "play"]
    assert plays == [1, 3, 5]
    assert review_record(record, 1 - first, budget=QUICK).decisions[0].turn == 2
    empty = dict(record, turns=[])
    assert review_record(empty, 0).decisions == () and review_record(empty, 0).accuracy == 100


def test_a_seat_the_deal_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="seat must be a seat from 0 to 1"):
        review_record(ace_record({"play": "2C"}), 2)


def hidden_twin(deal: Deal, seat: int, rng: random.Random) -> dict[str, object]:
    """The record of the same deal where every card ``seat`` never saw has moved among the hidden places."""
    record = record_of(deal)
    hidden = [int(c) for s in range(deal.seats) if s != seat for c in deal.hand(s)] + [int(c) for c in deal.stock]
    moved = hidden[:]
    rng.shuffle(moved)
    swap = {ALL_CARDS[a]: ALL_CARDS[b] for a, b in zip(hidden, moved)}
    record["hands"] = [h if s == seat else [str(swap.get(Card.parse(c), Card.parse(c))) for c in h]
                       for s, h in enumerate(record["hands"])]
    record["stock"] = [str(swap.get(Card.parse(c), Card.parse(c))) for c in record["stock"]]
    return record


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_review_never_uses_what_the_seat_could_not_see(seats: int) -> None:
    deal = Deal.from_seed(seats, derive_seed(5, seats))
    normal = make_player("normal")
    rng = random.Random(seats)
    while len(deal.turns) < 2 * seats:
        deal.apply(next_action(normal, deal.view(deal.to_move), rng))
    seat = deal.turns[0].seat
    twin = hidden_twin(deal, seat, random.Random(7))
    assert twin != record_of(deal)
    mine = review_record(record_of(deal), seat, seed=4, budget=QUICK).to_json()
    assert review_record(twin, seat, seed=4, budget=QUICK).to_json() == mine
    assert len(mine["decisions"]) >= 2


def test_the_take_of_the_turned_card_is_judged_and_named_as_a_flip() -> None:
    deal = build_deal(2, ["3S", "3H", "6C", "QD"], stock_top=["7D"], hands={1: ["2C"]})
    record = record_of(deal)
    record["turns"] = [{"seat": 1, "play": "2C", "flip": "7D", "flip_take": "3S"}]
    play, flip = review_record(record, 1, budget=QUICK).decisions
    assert play.kind == "play" and flip.kind == "flip_take" and flip.turn == 1
    assert flip.chosen.take == (Card.parse("3S"),) and flip.best.take == (Card.parse("3H"),)
    assert flip.loss >= INACCURACY and flip.label != "best"
    shown = flip.to_json()
    assert shown["chosen"] == {"flip": "7D", "take": "3S"} and shown["best"] == {"flip": "7D", "take": "3H"}
    assert {o["take"] for o in shown["options"]} == {"3S", "3H"}


def played_record(seats: int, seed: int) -> dict[str, object]:
    """A whole deal of Easy against Normal players, as a record."""
    deal = Deal.from_seed(seats, derive_seed(seed, "review-test"))
    players = [make_player("easy")] + [make_player("normal")] * (seats - 1)
    rng = random.Random(seed)
    while not deal.is_over:
        seat = deal.to_move
        deal.apply(next_action(players[seat], deal.view(seat), rng))
    return record_of(deal)


TINY = 10_000
"""An effort small enough to review whole deals in a test; the judgements need not be steady."""


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_a_kept_review_reads_back_equal_to_the_review_made(seats: int, seed: int) -> None:
    review = review_record(played_record(seats, seed), 0, budget=TINY)
    again = Review.from_json(json.loads(json.dumps(review.to_json(exact=True))))
    assert again == review
    assert [d.label for d in again.decisions] == [d.label for d in review.decisions]
    assert again.accuracy == review.accuracy and again.worst() == review.worst()
    assert again.to_json() == review.to_json()


@pytest.mark.parametrize(("seats", "seed"), [(2, 5), (3, 6)])
def test_the_printed_review_reads_back_with_its_rounded_figures(seats: int, seed: int) -> None:
    review = review_record(played_record(seats, seed), 0, budget=TINY)
    printed = review.to_json()
    again = Review.from_json(printed)
    assert len(again.decisions) == len(review.decisions) > 0
    for read, shown, made in zip(again.decisions, printed["decisions"], review.decisions):
        assert (read.turn, read.kind, read.chosen.play, read.chosen.take) == \
            (made.turn, made.kind, made.chosen.play, made.chosen.take)
        assert read.best.expected == shown["options"][0]["expected"] == round(made.best.expected, 1)
        assert abs(read.loss - shown["loss"]) <= 0.11
        assert [o.expected for o in read.options] == [o["expected"] for o in shown["options"]]


CARDS = st.sampled_from(ALL_CARDS)
CHOICES = st.builds(Choice, st.one_of(st.none(), CARDS), st.lists(CARDS, max_size=3, unique=True).map(tuple),
                    st.floats(allow_nan=False, allow_infinity=False))


@given(st.sampled_from(["play", "take", "flip_take"]), st.integers(1, 40), st.lists(CHOICES, min_size=1, max_size=6),
       st.data())
def test_any_judgement_reads_back_equal_from_its_kept_form(kind: DecisionKind, turn: int, options: list[Choice],
                                                           data: st.DataObject) -> None:
    ranked = tuple(sorted(options, key=lambda c: -c.expected))
    chosen = data.draw(st.sampled_from(ranked))
    judgement = Judgement(turn, kind, chosen, ranked[0], ranked)
    kept = json.loads(json.dumps(judgement.to_json(exact=True)))
    assert Judgement.from_json(kept) == judgement
    assert Judgement.from_json(kept).label == judgement.label


@pytest.mark.parametrize("data", [
    [], {"seat": 0}, {"seat": -1, "decisions": []}, {"seat": True, "decisions": []}, {"seat": 0, "decisions": [3]},
    {"seat": 0, "decisions": [{"turn": 1, "kind": "pass", "options": []}]},
    {"seat": 0, "decisions": [{"turn": 1, "kind": "play", "options": [{"play": "ZZ", "take": None, "expected": 1}],
                               "chosen": {"play": "ZZ", "take": None}, "best": {"play": "ZZ", "take": None}}]},
    {"seat": 0, "decisions": [{"turn": 1, "kind": "play", "options": [{"play": "2C", "take": None, "expected": "1"}],
                               "chosen": {"play": "2C", "take": None}, "best": {"play": "2C", "take": None}}]},
    {"seat": 0, "decisions": [{"turn": 1, "kind": "play", "options": [{"play": "2C", "take": None, "expected": 1}],
                               "chosen": {"play": "3C", "take": None}, "best": {"play": "2C", "take": None}}]},
])
def test_what_is_not_a_review_is_refused_with_a_value_error(data: object) -> None:
    with pytest.raises(ValueError):
        Review.from_json(data)


def test_progress_counts_every_decision_up_front_and_rises_to_the_total() -> None:
    record = played_record(2, 7)
    told: list[tuple[int, int]] = []
    review = review_record(record, 0, budget=TINY, on_progress=lambda judged, total: told.append((judged, total)))
    total = count_decisions(record, 0)
    assert total == len(review.decisions) >= 12
    assert told == [(n, total) for n in range(total + 1)]


def test_a_cancelled_review_stops_between_decisions() -> None:
    record = played_record(2, 8)
    told: list[int] = []
    with pytest.raises(ReviewCancelled):
        review_record(record, 0, budget=TINY, on_progress=lambda judged, _total: told.append(judged),
                      cancelled=lambda: len(told) > 3)
    assert told == [0, 1, 2, 3]


def test_stake_scale_is_one_for_the_classic_tables_and_grows_with_the_pack() -> None:
    from chinese_ten.games.ten.deal import Deal
    from chinese_ten.games.ten.review import stake_scale
    from chinese_ten.games.ten.rules import RuleSet

    for preset in ("classic", "taiwan", "target"):
        rules = RuleSet.of(preset)
        for seats in rules.seat_counts():
            assert stake_scale(Deal.from_seed(seats, 1, rules=rules).view(0)) == 1.0
    simplified = RuleSet.of("simplified")
    assert stake_scale(Deal.from_seed(2, 1, rules=simplified).view(0)) == 700 / 210


def test_a_loss_marked_a_blunder_at_classic_stakes_is_less_under_a_pack_worth_more() -> None:
    from chinese_ten.cards import Card
    from chinese_ten.games.ten.review import Choice, Judgement, Review

    best = Choice(Card.parse("KD"), (Card.parse("KS"),), 12.0)
    chosen = Choice(Card.parse("AH"), (), 0.0)
    classic = Judgement(1, "play", chosen, best, (best, chosen))
    richer = Judgement(1, "play", chosen, best, (best, chosen), 700 / 210)
    assert classic.label == "blunder" and richer.label == "inaccuracy"
    kept = Review(0, (richer,))
    assert Review.from_json(kept.to_json(exact=True)) == kept, "the kept form keeps the scale"
    assert "scale" not in kept.to_json()["decisions"][0], "the printed form stays as the command line shows it"


def test_a_planted_blunders_reason_names_the_better_card_and_the_points_it_wins_at_once() -> None:
    from chinese_ten.engine.judging import points_text
    from chinese_ten.games.ten.rules import CLASSIC

    review = review_record(ace_record({"seat": 1, "play": "2C"}), 1, budget=QUICK)
    (play,) = review.decisions
    pts = CLASSIC.points_table(2)
    won = pts[Card.parse("9H")] + pts[Card.parse("AH")]
    assert play.best.figures is not None and play.chosen.figures is not None
    # this turn's figure is the capture, and what the turned card (unknown to the seat) takes on average
    assert won <= play.best.figures.now < won + 5 and play.chosen.figures.now < 5
    assert play.reason is not None
    assert "9♥ taking A♥" in play.reason and points_text(play.best.figures.now) in play.reason
    assert "2♣" in play.reason
    printed = play.to_json()
    assert printed["reason"] == play.reason


def test_a_decision_marked_best_has_no_reason_and_a_kept_review_keeps_the_figures() -> None:
    review = review_record(ace_record({"seat": 1, "play": "9H", "take": "AS"}), 1, budget=QUICK)
    play, take = review.decisions
    assert play.label == "best" and play.reason is None and "reason" not in play.to_json()
    assert take.reason is not None and "A♥" in take.reason
    kept = Review.from_json(json.loads(json.dumps(review.to_json(exact=True))))
    assert kept == review and kept.decisions[1].reason == take.reason


def test_what_a_play_leaves_the_next_seat_is_measured_on_the_reviews_own_worlds() -> None:
    # laying the red ace down where the opponent may hold its partner: the reason says what it left
    deal = build_deal(2, ["KH", "AS", "6C", "QS"], stock_top=["2D"],
                      hands={1: ["AH", "2C", "3C", "4S", "5S", "6S", "7S", "8S", "10S", "JC", "QC", "KC"]})
    record = record_of(deal)
    record["turns"] = [{"seat": 1, "play": "AH"}]
    (play,) = review_record(record, 1, budget=QUICK).decisions
    assert play.chosen.figures is not None and play.best.figures is not None
    assert play.chosen.figures.leaves > play.best.figures.leaves
    assert 0 < play.chosen.figures.share <= 1
    assert play.reason is not None and "A♥" in play.reason and "%" in play.reason
