"""The fishing-v1 record: written, read back, replayed, and every illegal kind refused in one line."""

import copy
import json
from typing import Any

import pytest

from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.record import FORMAT, FishingRecordError, deal_of, position_of, record_of, replay

from .kit import full_deal

HANDS = ["2C 3C 4C 6C 7C", "9S 8C 10C JC QC", "KC 2D 3D 6D 7D"]


def base_record() -> dict[str, Any]:
    return record_of(full_deal(HANDS, "5D 4H 9C KD 2S", "QS AH AD AC 8D"))


def with_turns(*turns: dict[str, Any]) -> dict[str, Any]:
    record = base_record()
    record["turns"] = list(turns)
    return record


def test_the_interface_example_turns_replay() -> None:
    deal = replay(with_turns({"seat": 1, "play": "9S", "take": [["5D", "4H"], ["9C"]]}, {"seat": 2, "play": "3D"}))
    assert deal.points == (0, 40, 0) and deal.to_act == 0
    assert deal.layout[-1].rank_name == "3"


def test_a_record_round_trips_through_write_read_and_replay() -> None:
    deal = full_deal(HANDS, "5D 4H 9C KD 2S", "QS AH AD AC 8D")
    deal.apply(FishingAction.parse("play 9S take 4H+5D 9C"))
    deal.apply(FishingAction.parse("play 2D"))
    record = json.loads(json.dumps(record_of(deal, result={"note": 1})))
    again = replay(record)
    assert record["format"] == FORMAT and record["result"] == {"note": 1}
    assert record["turns"][1] == {"seat": 2, "play": "2D"}
    assert (again.hands, again.layout, again.stock, again.piles, again.turns) == (
        deal.hands, deal.layout, deal.stock, deal.piles, deal.turns)


def test_take_absent_null_or_empty_captures_nothing_and_sets_may_come_in_any_order() -> None:
    for take in ({}, {"take": None}, {"take": []}, {"take": [[]]}):
        deal = replay(with_turns({"play": "9S", **take}))
        assert deal.points == (0, 0, 0) and deal.layout[-1].rank_name == "9"
    deal = replay(with_turns({"play": "9S", "take": [["9C"], ["4H", "5D"]]}))
    assert deal.points == (0, 40, 0)


@pytest.mark.parametrize(("turns", "message"), [
    ([{"play": "9S", "take": [["5D", "4H"]]}, {"play": "2D", "take": [["2S"]]}, {"play": "2C"},
      {"play": "8C", "take": [["5D", "3C"]]}], "turn 4: 5D is not in the layout"),
    ([{"play": "9S", "take": [["9C"]]}, {"play": "7D", "take": [["5D", "3C"]]}], "turn 2: 3C is not in the layout"),
    ([{"play": "9S"}, {"play": "7D", "take": [["5D", "2S"]]}, {"play": "2C"},
      {"play": "9C", "take": [["9S"], ["9S"]]}], "turn 4: 9C is not in seat 1's hand"),
    ([{"play": "9S", "take": [["9C"], ["9C"]]}], "turn 1: 9C is taken twice"),
    ([{"play": "9S", "take": [["5D", "2S"]]}], "turn 1: 5D + 2S make 7, not 9"),
    ([{"play": "9S", "take": [["KD"]]}], "turn 1: KD counts 13, not 9"),
    ([{"play": "5D"}], "turn 1: 5D is not in seat 1's hand"),
    ([{"seat": 2, "play": "9S"}], "turn 1: it is seat 1's turn, not seat 2's"),
    ([{"seat": True, "play": "9S"}], "turn 1: seat must be a seat number"),
    ([{"seat": 1}], "turn 1: the turn has no play"),
    ([{"play": 9}], "turn 1: play must be a card"),
    ([{"play": "9X"}], "turn 1: play: not a card"),
    ([{"play": "9S", "take": "9C"}], "turn 1: take must be a list of sets"),
    ([{"play": "9S", "take": [["9Z"]]}], "turn 1: take: not a card"),
    (["9S"], "turn 1: a turn must be a JSON object"),
])
def test_every_illegal_turn_is_refused_naming_the_turn_and_the_reason(turns: list[Any], message: str) -> None:
    with pytest.raises(FishingRecordError) as caught:
        replay(with_turns(*turns))
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_the_interface_messages_come_out_exactly() -> None:
    deal = full_deal(["2C 4C 6C 7C 8H", "9S 8C 10C JC QC", "KC 2D 9D 6D 7D"], "5D 4H 9C KD 3C")
    record = record_of(deal)
    record["turns"] = [{"play": "10C"}, {"play": "9D", "take": [["5D", "3C"]]}]
    with pytest.raises(FishingRecordError, match="^turn 2: 5D \\+ 3C make 8, not 9$"):
        replay(record)
    record["turns"] = [{"play": "10C"}, {"play": "2D"}, {"play": "2C"}, {"play": "9S", "take": [["9C"], ["9C"]]}]
    with pytest.raises(FishingRecordError, match="^turn 4: 9C is taken twice$"):
        replay(record)


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.update(format="chinese-ten/deal-v1"), "format must be 'chinese-ten/fishing-v1'"),
    (lambda r: r.update(seats=9), "seats must be a number from 2 to 8, not 9"),
    (lambda r: r.update(seats=True), "seats must be a number from 2 to 8"),
    (lambda r: r.update(dealer=3), "dealer must be a seat from 0 to 2, not 3"),
    (lambda r: r.update(hands=r["hands"][:2]), "hands must be a list of 3 lists of cards"),
    (lambda r: r["hands"][0].pop(), "seat 0's hand must hold 5 cards, not 4"),
    (lambda r: r["layout"].pop(), "the layout must hold 5 cards, not 4"),
    (lambda r: r["stock"].pop(), "is missing: the deal must hold each of the 52 cards once"),
    (lambda r: r["stock"].__setitem__(0, "5D"), "5D is dealt twice"),
    (lambda r: r["stock"].__setitem__(0, "ZZ"), "stock: not a card"),
    (lambda r: r.update(layout="5D"), "layout must be a list of cards"),
    (lambda r: r.update(turns={}), "turns must be a list"),
])
def test_every_malformed_deal_is_refused_in_one_line(change: Any, message: str) -> None:
    record = base_record()
    change(record)
    with pytest.raises(FishingRecordError, match=message.replace("(", r"\(")):
        deal_of(record) if "turns" not in message else replay(record)


def test_turns_after_the_deal_is_over_are_refused() -> None:
    deal = full_deal(HANDS, "5D 4H 9C KD 2S")
    while not deal.is_over:
        deal.apply(FishingAction(deal.hand(deal.to_act)[0]))  # type: ignore[index]
    record = record_of(deal)
    record["turns"].append({"play": "2C"})
    n = len(record["turns"])
    with pytest.raises(FishingRecordError, match=f"^turn {n}: the deal is over after {n - 1} turns$"):
        replay(record)


def test_other_keys_are_kept_and_ignored_and_dealer_defaults_to_zero() -> None:
    record = base_record()
    del record["dealer"]
    record["note"] = "hello"
    assert replay(copy.deepcopy(record)).dealer == 0


def test_the_position_lists_what_replay_json_prints() -> None:
    deal = replay(with_turns({"seat": 1, "play": "9S", "take": [["5D", "4H"], ["9C"], []]}))
    pos = position_of(deal)
    assert list(pos) == ["game", "seats", "dealer", "complete", "to_move", "hands", "layout", "stock_left", "piles",
                         "points", "margins", "turns"]
    assert pos["game"] == "fishing" and pos["complete"] is False and pos["to_move"] == 2
    assert pos["points"] == [0, 40, 0] and pos["margins"] == [-13.3, 26.7, -13.3]
    assert pos["turns"] == [{"seat": 1, "play": "9S", "take": [["5D", "4H"], ["9C"]]}]
    assert pos["stock_left"] == 52 - 15 - 5 - 1 - 3
