"""The review's skeleton (``engine/review.py``) serves a made-up game with only what is its own: the walk
tells its progress, derives each moment's stream from the seed and can be called off; options and
decisions are printed and read back; and a malformed kept review of either real game is refused in one
line."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from chinese_ten.cards import Card
from chinese_ten.engine.judging import Figures, LineTurn, ReviewCancelled, line_from_json
from chinese_ten.engine.review import Decision, Option, SeatReview, check_seat, judge_moments, measured
from chinese_ten.engine.streams import derive_seed
from chinese_ten.games.fishing import review as fishing
from chinese_ten.games.ten import review as ten

C = Card.parse


@dataclass(frozen=True)
class Pick(Option[Card, tuple[Card, ...]]):
    """A made-up game's option: a card played and the cards it takes, written as a list."""

    def take_json(self) -> Any:
        return [str(c) for c in self.take]

    @classmethod
    def read_take(cls, value: Any) -> Any:
        if not isinstance(value, list):
            raise ValueError(f"a take must be a list, not {value!r}")
        return tuple(C(c) for c in value)

    def sets(self) -> tuple[tuple[Card, ...], ...]:
        return (self.take,) if self.take else ()


@dataclass(frozen=True)
class Verdict(Decision):
    """A made-up game's judged decision, its fields in an order of its own."""

    chosen: Pick
    best: Pick
    options: tuple[Pick, ...]
    turn: int = 1
    scale: float = 1.0
    kind: str = "play"
    line: tuple[LineTurn, ...] = ()
    drawn: float = 0.0
    """The first number the moment's stream gave (what the walk is checked by)."""

    option: ClassVar[type[Pick]] = Pick

    def action_text(self, option: Any) -> str:
        return f"{option.play}>{'+'.join(str(c) for c in option.take)}"

    @classmethod
    def line_from_json(cls, data: Any) -> tuple[LineTurn, ...]:
        return line_from_json(data)


@dataclass(frozen=True)
class Verdicts(SeatReview[Verdict]):
    """A made-up game's review."""

    @classmethod
    def decision_from_json(cls, data: Any) -> Verdict:
        return Verdict.from_json(data)


BEST = Pick(C("9H"), (C("AH"),), 10.0, Figures(20.0, 1.0, 0.25), 0.5)
MINE = Pick(C("5S"), (), -4.0, Figures(0.0, 11.0, 0.75), 0.625)


@dataclass(frozen=True)
class Moment:
    turn: int
    kind: str = "play"

    def judge(self, rng: random.Random, budget: int) -> Verdict:
        return Verdict(MINE, BEST, (BEST, MINE), self.turn, drawn=rng.random() + budget)


def walked(turns: list[int], calls: list[int]) -> Callable[[], list[Moment]]:
    def moments() -> list[Moment]:
        calls.append(1)
        return [Moment(t) for t in turns]
    return moments


def test_the_walk_judges_each_moment_on_its_own_stream_and_tells_progress_and_each_decision() -> None:
    progress: list[tuple[int, int]] = []
    told: list[int] = []
    calls: list[int] = []
    judged = judge_moments(walked([2, 4, 7], calls), 1, seed=9, budget=100,
                           on_progress=lambda a, b: progress.append((a, b)), on_judged=lambda d: told.append(d.turn))
    assert [d.turn for d in judged] == told == [2, 4, 7]
    assert progress == [(0, 3), (1, 3), (2, 3), (3, 3)]
    assert [d.drawn for d in judged] == [random.Random(derive_seed(9, "review", t, "play")).random() + 100
                                         for t in (2, 4, 7)]
    assert len(calls) == 2, "walked once to count, once to judge"
    judge_moments(walked([2], calls), 1, seed=9, budget=100)
    assert len(calls) == 3, "no count walk when no progress is asked"


def test_calling_the_walk_off_stops_it_before_the_next_decision() -> None:
    told: list[int] = []
    with pytest.raises(ReviewCancelled, match="seat 1 was cancelled after 1 decisions"):
        judge_moments(walked([2, 4, 7], []), 1, seed=0, budget=1, cancelled=lambda: len(told) >= 1,
                      on_judged=lambda d: told.append(d.turn))
    assert told == [2]


def test_a_seat_the_deal_lacks_is_refused() -> None:
    check_seat(3, 4)
    for seat in (4, -1, True, "1"):
        with pytest.raises(ValueError, match="seat must be a seat from 0 to 3"):
            check_seat(seat, 4)


def test_the_measured_figures_are_the_worlds_means_and_their_standard_errors() -> None:
    found = measured(1.5, 4, [8.0, -4.0], [[20.0, 4.0, 2.0], [0.0, 8.0, 4.0]], [32.0, 16.0], [])
    assert found.values == [3.5, 0.5]
    assert found.figures == [Figures(5.0, 1.0, 0.5), Figures(0.0, 2.0, 1.0)]
    assert found.errors[0] == pytest.approx(((32 - 4 * 4) / 3 / 4) ** 0.5)


def test_a_made_up_games_review_is_printed_and_read_back_in_both_forms() -> None:
    review = Verdicts(0, (Verdict(MINE, BEST, (BEST, MINE), 3, 2.0),))
    exact = json.loads(json.dumps(review.to_json(exact=True)))
    assert Verdicts.from_json(exact) == review
    printed = json.loads(json.dumps(review.to_json()))
    assert printed["decisions"][0]["chosen"] == {"play": "5S", "take": []}
    assert printed["decisions"][0]["label"] == "mistake", "14 points lost at twice the thresholds"
    again = Verdicts.from_json(printed).decisions[0]
    assert (again.chosen.expected, again.best.expected, again.chosen.stderr) == (-4.0, 10.0, 0.62)
    assert review.decisions[0].describe() == "turn 3: 5S> (-4.0); best 9H>AH (+10.0), lost 14.0 — mistake"
    assert review.decisions[0].option_words(BEST) == "9♥ taking A♥"


def test_a_game_with_one_kind_of_decision_reads_one_without_its_kind_and_another_game_refuses_it() -> None:
    data = Verdict(MINE, BEST, (BEST, MINE), 3).to_json(exact=True)
    del data["kind"]
    assert Verdict.from_json(data).kind == "play"
    ten_data = ten.Judgement(3, "play", ten.Choice(C("5S"), (), -4.0), ten.Choice(C("9H"), (C("AH"),), 10.0),
                             (ten.Choice(C("9H"), (C("AH"),), 10.0), ten.Choice(C("5S"), (), -4.0))).to_json()
    del ten_data["kind"]
    with pytest.raises(ValueError, match="kind must be play, take or flip_take, not None"):
        ten.Judgement.from_json(ten_data)


def _ten_review() -> dict[str, Any]:
    best = ten.Choice(C("9H"), (C("AH"),), 10.0, Figures(20.0, 0.0, 0.0), 0.5)
    mine = ten.Choice(C("5S"), (), -5.0, Figures(0.0, 10.0, 0.5), 0.5)
    return ten.Review(1, (ten.Judgement(2, "play", mine, best, (best, mine)),)).to_json(exact=True)


def _fishing_review() -> dict[str, Any]:
    best = fishing.Choice(C("KC"), ((C("KD"),),), 12.0, Figures(20.0, 0.0, 0.0), 0.5)
    mine = fishing.Choice(C("KC"), (), -5.0, Figures(0.0, 10.0, 0.5), 0.5)
    return fishing.Review(1, (fishing.Judgement(2, mine, best, (best, mine)),)).to_json(exact=True)


@pytest.mark.parametrize("review, made", [(ten.Review, _ten_review), (fishing.Review, _fishing_review)],
                         ids=["ten", "fishing"])
@pytest.mark.parametrize("mangle, words", [
    (lambda r: r.update(seat=True), "seat must be a seat number"),
    (lambda r: r.update(decisions={"a": 1}), "decisions must be a list"),
    (lambda r: r["decisions"][0].update(kind="pass"), "kind must be play"),
    (lambda r: r["decisions"][0].update(turn=0), "turn must be a whole number from 1"),
    (lambda r: r["decisions"][0].update(options=[]), "at least one option"),
    (lambda r: r["decisions"][0]["options"][0].update(play="1X\n" * 40), "1X"),
    (lambda r: r["decisions"][0]["options"][0].update(play=7), "card must be named by a string"),
    (lambda r: r["decisions"][0]["options"][0].update(expected=float("nan")), "expected margin must be a number"),
    (lambda r: r["decisions"][0]["chosen"].pop("take"), "needs 'play' and 'take'"),
    (lambda r: r["decisions"][0].update(scale=-1), "scale must be a positive number"),
    (lambda r: r["decisions"][0]["options"][1].update(stderr=-1), "stderr must be a number of at least 0"),
])
def test_a_malformed_kept_review_of_either_game_is_refused_in_one_short_line(
        review: Any, made: Callable[[], dict[str, Any]], mangle: Any, words: str) -> None:
    data = made()
    assert review.from_json(json.loads(json.dumps(data))).to_json(exact=True) == data
    mangle(data)
    with pytest.raises(ValueError) as refused:
        review.from_json(data)
    message = str(refused.value)
    assert words in message and "\n" not in message and len(message) < 200
