"""Practice positions: made from a reviewed deal's mistakes and blunders, answered as the review judges,
kept as JSON read back exactly, and malformed ones refused in one line."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from chinese_ten.cards import Card
from chinese_ten.engine.judging import Figures
from chinese_ten.games.ten.review import Choice, Judgement, Review, review_record
from chinese_ten.games.ten.practice import PracticePosition
from chinese_ten.practice import FORMAT, positions_from

from test_review import QUICK, ace_record

C = Card.parse


def blunder_position() -> tuple[dict[str, Any], PracticePosition]:
    """Seat 1 passed up the red ace's capture (2C instead of 9H taking AH): the position before that play."""
    record = ace_record({"seat": 1, "play": "2C"})
    (position,) = positions_from(record, review_record(record, 1, budget=QUICK))
    return record, position


def made_up(expected: dict[str, float], scale: float = 1.0, number: int = 1) -> PracticePosition:
    """The position before seat 1's first play of the ace deal (as deal ``number``) with options worth the
    given margins."""
    record = ace_record({"seat": 1, "play": "2C"})
    options = tuple(sorted((Choice(C(card), (), value, Figures(0.0, 0.0, 0.0)) for card, value in expected.items()),
                           key=lambda c: -c.expected))
    chosen = next(o for o in options if str(o.play) == "2C")
    judgement = Judgement(1, "play", chosen, options[0], options, scale)
    return PracticePosition({**record, "turns": [], "deal_number": number}, 1, judgement)


def test_a_planted_blunder_becomes_the_position_before_it() -> None:
    record, position = blunder_position()
    assert position.seat == 1 and position.turn == 1 and position.kind == "play"
    assert position.record["turns"] == [] and "result" not in position.record
    assert position.judgement.label == "blunder" and str(position.best.play) == "9H"
    assert C("9H") in position.choices and C("2C") in position.choices
    assert position.decided.deal.to_move == 1


def test_the_best_answer_is_accepted_and_the_blunder_refused_with_a_reason() -> None:
    _record, position = blunder_position()
    assert position.accepts(C("9H"))
    assert not position.accepts(C("2C"))
    reason = position.reason(C("2C"))
    assert reason is not None and "9♥" in reason
    assert position.reason(C("9H")) is None
    assert not position.accepts(C("AS")), "a card not in the hand is no answer"


def test_an_answer_within_the_best_step_counts_and_one_at_the_step_does_not() -> None:
    position = made_up({"9H": 10.0, "3C": 8.5, "2C": -10.0, "4S": 8.0, "5S": 7.9})
    assert position.step == 2.0
    assert position.accepts(C("9H"))
    assert position.accepts(C("3C")), "1.5 below the best is within the step"
    assert not position.accepts(C("4S")), "2 below the best is an inaccuracy"
    assert not position.accepts(C("5S"))
    assert not position.accepts(C("2C"))


def test_the_step_grows_with_the_scale() -> None:
    position = made_up({"9H": 10.0, "3C": 5.0, "2C": -10.0}, scale=3.0)
    assert position.step == 6.0 and position.accepts(C("3C"))


def test_a_take_decision_is_answered_by_the_candidate_taken() -> None:
    record = ace_record({"seat": 1, "play": "9H", "take": "AS"})
    (position,) = positions_from(record, review_record(record, 1, budget=QUICK))
    assert position.kind == "take" and len(position.record["turns"]) == 1
    assert position.entering == C("9H")
    assert set(position.choices) == {C("AH"), C("AS")}
    assert position.accepts(C("AH")) and not position.accepts(C("AS"))


def test_a_best_decision_gives_no_position() -> None:
    record = ace_record({"seat": 1, "play": "9H", "take": "AH"})
    assert positions_from(record, review_record(record, 1, budget=QUICK)) == ()


def test_a_review_of_another_deal_gives_no_position() -> None:
    record, position = blunder_position()
    other = copy.deepcopy(record)
    other["hands"] = other["hands"][::-1]
    assert positions_from(other, Review(1, (position.judgement,))) == ()


def test_the_json_round_trip_is_exact() -> None:
    _record, position = blunder_position()
    text = json.dumps(position.to_json())
    back = PracticePosition.from_json(json.loads(text))
    assert back == position and back.key == position.key
    assert back.to_json() == position.to_json()
    assert back.accepts(C("9H")) and not back.accepts(C("2C"))


def _spoiled(change: Any) -> dict[str, Any]:
    _record, position = blunder_position()
    data = copy.deepcopy(position.to_json())
    change(data)
    return data


@pytest.mark.parametrize("change", [
    lambda d: d.update(format="chinese-ten/practice-v0"),
    lambda d: d.update(game="chess"),
    lambda d: d.update(seat=True),
    lambda d: d.update(seat=-1),
    lambda d: d.update(seat=0),
    lambda d: d.update(record=[]),
    lambda d: d["record"].update(turns=[{"seat": 1, "play": "2C"}]),
    lambda d: d["record"].update(turns=[{"seat": 1, "play": "KD"}]),
    lambda d: d["decision"].update(kind="take"),
    lambda d: d["decision"].update(turn="1"),
    lambda d: d["decision"].update(options=[]),
    lambda d: d["decision"]["options"][0].update(play="AS"),
    lambda d: d["decision"]["options"][0].update(expected="lots"),
    lambda d: d["decision"].update(scale=0),
    lambda d: d.pop("decision"),
], ids=["format", "game", "seat-bool", "seat-negative", "seat-other", "record-list", "record-past", "record-illegal",
        "kind", "turn", "no-options", "option-not-held", "expected", "scale", "no-decision"])
def test_a_malformed_position_is_refused_in_one_line(change: Any) -> None:
    data = _spoiled(change)
    with pytest.raises(ValueError) as refused:
        PracticePosition.from_json(data)
    assert "\n" not in str(refused.value) and str(refused.value)


@pytest.mark.parametrize("data", [None, [], "position", 3])
def test_what_is_no_object_is_refused(data: Any) -> None:
    with pytest.raises(ValueError, match="practice position"):
        PracticePosition.from_json(data)


def test_the_format_is_named() -> None:
    _record, position = blunder_position()
    assert position.to_json()["format"] == FORMAT


def test_a_card_of_the_same_rank_and_points_is_the_same_answer_and_is_named_as_picked() -> None:
    from chinese_ten.games.ten.record import record_of

    from dealkit import build_deal

    deal = build_deal(2, ["AH", "AS", "6C", "QS"], stock_top=["2D"],
                      hands={1: ["9H", "5S", "5C", "2C", "3C", "4S", "7S", "8S", "10S", "JC", "QC", "KC"],
                             0: ["9S", "9D"]})
    record = {**record_of(deal), "turns": []}
    best = Choice(C("9H"), (C("AH"),), 10.0, Figures(20.0, 0.0, 0.0))
    fives = Choice(C("5S"), (), -5.0, Figures(0.0, 10.0, 0.5))
    position = PracticePosition(record, 1, Judgement(1, "play", fives, best, (best, fives)))
    assert position.option_of(C("5C")) == fives and not position.accepts(C("5C"))
    reason = position.reason(C("5C"))
    assert reason is not None and "5♣" in reason and "5♠" not in reason
    assert position.option_of(C("2C")) is None, "a card no option stands for is no answer"
    assert not position.accepts(C("2C"))
