"""Go Fishing's practice positions: a planted blunder becomes a position whose answers are the card with each
family of sets it may take; the better answer is accepted, the blunder refused with its reason; the position is
kept and read back by its game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from chinese_ten.cards import ALL_CARDS, Card, parse_cards
from chinese_ten.games.fishing.record import record_of
from chinese_ten.games.fishing.review import Review, review_record
from chinese_ten.games.fishing.state import FishingDeal
from chinese_ten.matchstore import MatchSetup, open_store
from chinese_ten.games.fishing.practice import FishingPosition
from chinese_ten.games.ten.practice import PracticePosition
from chinese_ten.practice import position_from_json, positions_from

QUICK = 30_000
"""A small evaluation effort: the planted blunder's gap is wide."""

C = Card.parse


def king_record() -> dict[str, Any]:
    """Seat 1 leads its king of clubs and lays it down beside the king of diamonds it could take: a blunder."""
    hands = [parse_cards(["KH", "KS", "QH", "9H", "8H"]), parse_cards(["KC", "2S", "3S", "4S", "5S"])]
    layout = parse_cards(["KD", "10S", "3H", "6C", "7D"])
    front = parse_cards(["2C", "2D", "2H"])
    rest = [c for c in ALL_CARDS if c not in {*front, *layout, *(c for h in hands for c in h)}]
    random.Random(5).shuffle(rest)
    record = record_of(FishingDeal(hands, layout, front + rest, 0), players=["hard", "you"])
    record["turns"] = [{"seat": 1, "play": "KC"}, {"seat": 0, "play": "KH"}]
    return record


@pytest.fixture(scope="module")
def planted() -> tuple[dict[str, Any], Review]:
    record = king_record()
    return record, review_record(record, 1, budget=QUICK)


def the_position(planted: tuple[dict[str, Any], Review]) -> FishingPosition:
    record, review = planted
    (position,) = positions_from(record, review)
    assert isinstance(position, FishingPosition)
    return position


def test_a_planted_fishing_blunder_becomes_a_position_cut_before_it(planted) -> None:  # type: ignore[no-untyped-def]
    position = the_position(planted)
    assert position.game == "fishing" and position.seat == 1 and position.turn == 1 and position.kind == "play"
    assert position.record["turns"] == [] and "result" not in position.record
    assert position.decided.deal.to_act == 1
    assert position.choices == tuple(sorted(parse_cards(["KC", "2S", "3S", "4S", "5S"])))


def test_the_king_offers_each_family_it_may_take_richest_first_and_taking_nothing_last(planted) -> None:  # type: ignore[no-untyped-def]
    position = the_position(planted)
    ways = position.options_for(C("KC"))
    assert len(ways) > 2 and all(w.play == C("KC") for w in ways)
    assert ways[-1].take == () and all(w.take for w in ways[:-1])
    taken = [len(position.taken(w)) for w in ways[:-1]]
    assert taken[0] == max(taken)
    assert position.options_for(C("AS")) == (), "a card not in the hand answers nothing"


def test_the_better_answer_is_accepted_and_the_blunder_refused_with_its_reason(planted) -> None:  # type: ignore[no-untyped-def]
    position = the_position(planted)
    ways = position.options_for(C("KC"))
    best = next(w for w in ways if position.same_option(w, position.best))
    assert C("KD") in position.taken(best)
    assert position.accepts_option(best) and position.reason_for(best) is None
    laid_down = ways[-1]
    assert not position.accepts_option(laid_down)
    reason = position.reason_for(laid_down)
    assert reason and "\n" not in reason
    assert position.words(laid_down) == C("KC").pretty


def test_a_fishing_position_is_kept_and_read_back_by_its_game(planted, tmp_path) -> None:  # type: ignore[no-untyped-def]
    position = the_position(planted)
    back = position_from_json(json.loads(json.dumps(position.to_json())))
    assert isinstance(back, FishingPosition) and back == position and back.key == position.key
    with pytest.raises(ValueError, match="not one of 'ten'"):
        PracticePosition.from_json(position.to_json())
    store = open_store(tmp_path).store
    assert store is not None
    setup = MatchSetup(seats=2, strength="hard", players=("hard", "you"), person=True, rules="classic",
                       preset="classic", length={"kind": "one", "deals": 1}, total_deals=1, seed="7", game="fishing")
    store.begin(setup, {})
    assert store.keep_practice([position]) == 1 and store.keep_practice([position]) == 0
    read = store.practice_positions()
    assert [k.position for k in read.positions] == [position] and not read.unreadable


def test_a_fishing_review_of_a_chinese_ten_record_gives_no_position(planted) -> None:  # type: ignore[no-untyped-def]
    from test_review import ace_record

    _record, review = planted
    assert positions_from(ace_record({"seat": 1, "play": "2C"}), review) == ()
