"""Go Fishing's review: a planted blunder is marked, Hard's own choices are best, nothing hidden is used, the CLI prints it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.cards import Card
from chinese_ten.cli import main
from chinese_ten.engine.judging import BLUNDER, INACCURACY
from chinese_ten.engine.streams import derive_seed
from chinese_ten.games.fishing.players.easy import EasyPlayer
from chinese_ten.games.fishing.players.hard import HardPlayer
from chinese_ten.games.fishing.record import record_of
from chinese_ten.games.fishing.review import (
    TEN_CLASSIC_PACK,
    count_decisions,
    options_of,
    review_record,
    stake_scale,
)
from chinese_ten.games.ten.rules import CLASSIC

from .kit import full_deal

QUICK = 30_000
"""A small evaluation effort, so the tests stay quick (the gaps they check are wide)."""

KING_HANDS = ["KH KS QH 9H 8H", "KC 2S 3S 4S 5S"]
"""Seat 1 leads holding a king with two kings' worth of sets in the layout; seat 0 holds the other two kings."""
KING_LAYOUT = "KD 10S 3H 6C 7D"


def king_record(*turns: dict[str, Any]) -> dict[str, Any]:
    rec = record_of(full_deal(KING_HANDS, KING_LAYOUT, "2C 2D 2H", rng=random.Random(5)))
    rec["turns"] = list(turns)
    return rec


def test_laying_a_king_down_beside_the_king_it_could_take_is_a_blunder() -> None:
    (play,) = review_record(king_record({"seat": 1, "play": "KC"}), 1, budget=QUICK).decisions
    assert play.chosen.play == Card.parse("KC") and play.chosen.take == ()
    assert play.best.play == Card.parse("KC") and Card.parse("KD") in {c for s in play.best.take for c in s}
    assert play.loss >= BLUNDER * stake_scale(2) and play.label == "blunder"


def test_taking_both_kings_is_marked_best_and_every_option_is_listed() -> None:
    record = king_record({"seat": 1, "play": "KC", "take": [["KD"], ["3H", "10S"]]})
    (play,) = review_record(record, 1, budget=QUICK).decisions
    assert play.label == "best" and play.loss == 0.0
    assert play.chosen.take == ((Card.parse("KD"),), (Card.parse("3H"), Card.parse("10S")))  # as the seat wrote it
    view = full_deal(KING_HANDS, KING_LAYOUT, "2C 2D 2H", rng=random.Random(5)).observe(1)
    assert len(play.options) == len(options_of(view)) > 5


def hard_record(turns: int, think_ms: int = 100) -> dict[str, Any]:
    """A deal where seat 1 is Hard (thinking ``think_ms``) and seat 0 Easy, ``turns`` turns played."""
    deal = full_deal(["2C 4C 6C 7C 8H", "9S 8C 10C JC QC"], "5D 4H 9C KD 3C", rng=random.Random(11))
    players = [EasyPlayer(), HardPlayer(think_ms)]
    for n in range(turns):
        seat = deal.to_act
        assert seat is not None
        deal.apply(players[seat].act(deal.observe(seat), random.Random(derive_seed(1, "test", n))))
    return record_of(deal)


@pytest.mark.slow
def test_hard_own_choices_are_marked_best() -> None:
    review = review_record(hard_record(12, think_ms=400), 1)
    assert len(review.decisions) == 6
    assert [d.label for d in review.decisions] == ["best"] * 6
    assert all(d.loss < INACCURACY * stake_scale(2) for d in review.decisions)


def test_records_differing_only_in_unseen_cards_give_the_same_review() -> None:
    record = hard_record(6)
    seat = 1
    stock = record["stock"]
    drawn_and_turned = 6 + 10  # at most one refill card and one draw a turn, with room to spare
    deep = len(stock) - 1
    assert deep > drawn_and_turned
    other = json.loads(json.dumps(record))
    unplayed = next(c for c in other["hands"][0] if c not in {t["play"] for t in other["turns"]})
    i = other["hands"][0].index(unplayed)
    other["hands"][0][i], other["stock"][deep] = other["stock"][deep], other["hands"][0][i]
    assert other != record
    a = review_record(record, seat, seed=4, budget=QUICK).to_json()
    b = review_record(other, seat, seed=4, budget=QUICK).to_json()
    assert a == b


def test_the_same_seed_gives_the_same_review_and_another_seed_other_figures() -> None:
    record = hard_record(6)
    first = review_record(record, 1, seed=2, budget=QUICK).to_json(exact=True)
    assert review_record(record, 1, seed=2, budget=QUICK).to_json(exact=True) == first
    assert review_record(record, 1, seed=3, budget=QUICK).to_json(exact=True) != first


def test_the_marks_scale_with_the_pack_against_ten_classic() -> None:
    assert {n: sum(CLASSIC.points_table(n)) for n in (2, 3, 4)} == TEN_CLASSIC_PACK
    assert stake_scale(2) == pytest.approx(920 / 210)
    assert stake_scale(8) == stake_scale(4) == pytest.approx(920 / 280)


def test_a_seat_the_deal_lacks_is_refused_and_a_seat_yet_to_play_has_no_decisions() -> None:
    with pytest.raises(ValueError, match="seat must be a seat from 0 to 1"):
        review_record(king_record(), 2)
    assert count_decisions(king_record({"seat": 1, "play": "2S"}), 0) == 0
    assert count_decisions(king_record({"seat": 1, "play": "2S"}), 1) == 1


def test_review_command_prints_the_json_with_takes_as_lists_of_sets(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(king_record({"seat": 1, "play": "KC"})), encoding="utf-8")
    code = main(["review", str(path), "--seat", "1", "--seed", "3", "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {"seat", "decisions", "total_loss", "accuracy"} and data["seat"] == 1
    (d,) = data["decisions"]
    assert set(d) == {"turn", "kind", "chosen", "best", "options", "loss", "label", "reason", "line"}
    assert d["line"], "a decision with a reason has a likely line"
    assert all(set(t) == {"seat", "play", "take", "share"} for t in d["line"])
    assert d["line"][0]["seat"] == 0, "after seat 1 of two, seat 0 moves next"
    words = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}
    assert all(t["play"] in words and set(t["take"]) <= words for t in d["line"]), "values, never a suit"
    assert all(0 < t["share"] <= 1 and t["share"] == round(t["share"], 2) for t in d["line"])
    assert "K♦" in d["reason"]
    assert d["turn"] == 1 and d["kind"] == "play" and d["label"] == "blunder"
    assert d["chosen"] == {"play": "KC", "take": []}
    assert d["best"]["play"] == "KC" and ["KD"] in d["best"]["take"]
    assert all(set(o) == {"play", "take", "expected", "stderr"} and isinstance(o["take"], list) for o in d["options"])
    assert all(o["stderr"] > 0 for o in d["options"]), "the worlds give every option's figure a spread"
    assert d["options"][0]["expected"] >= d["options"][-1]["expected"]
    assert data["total_loss"] == d["loss"] and 0 <= data["accuracy"] < 100


def test_review_command_refuses_an_illegal_fishing_record_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(king_record({"seat": 1, "play": "KC", "take": [["10S"]]})), encoding="utf-8")
    code = main(["review", str(path), "--seat", "1"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and "turn 1: 10S counts 10, not 13" in err


def test_a_planted_blunders_reason_names_the_better_take_and_its_exact_points_this_turn() -> None:
    from chinese_ten.engine.judging import points_text
    from chinese_ten.games.fishing.rules import CARD_POINTS

    (play,) = review_record(king_record({"seat": 1, "play": "KC"}), 1, budget=QUICK).decisions
    assert play.best.figures is not None and play.chosen.figures is not None
    taken = {c for s in play.best.take for c in s} | {play.best.play}
    # in Go Fishing nothing is turned within the turn: what it wins now is its capture, exactly
    assert play.best.figures.now == sum(CARD_POINTS[c] for c in taken)
    assert play.chosen.figures.now == 0
    assert play.reason is not None and play.best.shown() in play.reason
    assert points_text(play.best.figures.now) in play.reason
    assert json.loads(json.dumps(play.to_json()))["reason"] == play.reason


def test_a_decision_marked_best_in_go_fishing_has_no_reason() -> None:
    record = king_record({"seat": 1, "play": "KC", "take": [["KD"], ["3H", "10S"]]})
    (play,) = review_record(record, 1, budget=QUICK).decisions
    assert play.reason is None and "reason" not in play.to_json()


def test_a_review_kept_in_its_exact_form_reads_back_equal_and_the_printed_one_keeps_the_choices() -> None:
    from chinese_ten.games.fishing.review import Review

    review = review_record(king_record({"seat": 1, "play": "KC"}, {"seat": 0, "play": "KH"},
                                       {"seat": 1, "play": "2S"}), 1, budget=QUICK)
    assert len(review.decisions) == 2
    kept = json.loads(json.dumps(review.to_json(exact=True)))
    assert Review.from_json(kept) == review
    printed = Review.from_json(json.loads(json.dumps(review.to_json())))
    assert [d.chosen.take for d in printed.decisions] == [d.chosen.take for d in review.decisions]


@pytest.mark.parametrize("mangle, words", [
    (lambda r: r.update(seat=-1), "seat must be a seat number"),
    (lambda r: r.update(decisions="none"), "decisions must be a list"),
    (lambda r: r["decisions"][0].update(kind="take"), "kind must be play"),
    (lambda r: r["decisions"][0].update(turn="1"), "turn must be a whole number"),
    (lambda r: r["decisions"][0].update(options=[]), "at least one option"),
    (lambda r: r["decisions"][0]["options"][0].update(play="ZZ"), "ZZ"),
    (lambda r: r["decisions"][0]["options"][0].update(play=7), "card must be named by a string"),
    (lambda r: r["decisions"][0]["options"][0].update(take=["KD"]), "list of sets"),
    (lambda r: r["decisions"][0]["options"][0].update(expected="1\n2"), "expected margin must be a number"),
    (lambda r: r["decisions"][0]["chosen"].pop("take"), "needs 'play' and 'take'"),
    (lambda r: r["decisions"][0].update(scale=0), "scale must be a positive number"),
])
def test_a_malformed_kept_review_is_refused_in_one_line(mangle: Any, words: str) -> None:
    from chinese_ten.games.fishing.review import Review

    data = review_record(king_record({"seat": 1, "play": "KC"}), 1, budget=QUICK).to_json(exact=True)
    mangle(data)
    with pytest.raises(ValueError) as refused:
        Review.from_json(data)
    message = str(refused.value)
    assert words in message and "\n" not in message


def test_the_review_tells_its_progress_and_each_decision_and_can_be_called_off() -> None:
    from chinese_ten.engine.judging import ReviewCancelled

    record = king_record({"seat": 1, "play": "KC"}, {"seat": 0, "play": "KH"}, {"seat": 1, "play": "2S"})
    progress: list[tuple[int, int]] = []
    judged: list[Any] = []
    review = review_record(record, 1, budget=QUICK, on_progress=lambda a, b: progress.append((a, b)),
                           on_judged=judged.append)
    assert progress == [(0, 2), (1, 2), (2, 2)] and tuple(judged) == review.decisions
    with pytest.raises(ReviewCancelled):
        review_record(record, 1, budget=QUICK, cancelled=lambda: True)
