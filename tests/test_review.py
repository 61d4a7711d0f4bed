"""The review: blunders are marked, Hard's own choices are best, partial records work, nothing hidden is used."""

from __future__ import annotations

import random

import pytest

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.deal import Deal
from chinese_ten.match import derive_seed
from chinese_ten.players import make_player, next_action
from chinese_ten.players.hard import HardPlayer
from chinese_ten.records import record_of
from chinese_ten.review import BLUNDER, INACCURACY, MISTAKE, label_of, review_record

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
