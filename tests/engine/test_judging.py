"""The marks and summary every game's review shares."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chinese_ten.engine.judging import Weighed, accuracy, label_of, review_json, review_text, worst


@dataclass(frozen=True)
class _Option:
    name: str
    expected: float


@dataclass(frozen=True)
class _Decision(Weighed):
    turn: int
    chosen: _Option
    best: _Option
    options: tuple[_Option, ...]
    scale: float = 1.0
    kind: str = "play"

    def to_json(self, exact: bool = False) -> dict[str, Any]:
        return self.weighed_json({"play": self.chosen.name}, {"play": self.best.name},
                                 [{"play": o.name} for o in self.options], exact)

    def describe(self) -> str:
        return f"turn {self.turn}: {self.chosen.name}"


def _decision(turn: int, chosen: float, values: tuple[float, ...], scale: float = 1.0) -> _Decision:
    options = tuple(_Option(f"o{v}", v) for v in sorted(values, reverse=True))
    mine = next(o for o in options if o.expected == chosen)
    return _Decision(turn, mine, options[0], options, scale)


def test_the_marks_start_at_their_thresholds_times_the_scale() -> None:
    assert [label_of(x) for x in (1.99, 2.0, 4.99, 5.0, 9.99, 10.0)] == [
        "best", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder"]
    assert label_of(10.0, scale=3.0) == "inaccuracy" and label_of(30.0, scale=3.0) == "blunder"


def test_a_decision_loses_what_the_best_stood_above_it_and_the_accuracy_is_what_was_kept() -> None:
    best, middle, forced = _decision(1, 8.0, (8.0, 0.0)), _decision(2, 2.0, (12.0, 2.0, -8.0)), _decision(3, 1.0, (1.0,))
    assert (best.loss, best.label) == (0.0, "best")
    assert (middle.loss, middle.spread, middle.label) == (10.0, 20.0, "blunder")
    assert forced.spread == 0.0
    assert accuracy([best, middle, forced]) == round(100 * (8 + 10) / (8 + 20))
    assert accuracy([forced]) == 100
    assert worst([best, middle, forced]) == (middle,)


def test_the_review_json_and_words_carry_every_decision_and_the_summary() -> None:
    decisions = [_decision(1, 8.0, (8.0, 0.0)), _decision(2, -3.0, (3.0, -3.0), scale=2.0)]
    data = review_json(4, decisions)
    assert data["seat"] == 4 and data["total_loss"] == 6.0 and data["accuracy"] == round(100 * 8 / 14)
    assert data["decisions"][1] == {"turn": 2, "kind": "play", "chosen": {"play": "o-3.0"}, "best": {"play": "o3.0"},
                                    "options": [{"play": "o3.0"}, {"play": "o-3.0"}], "loss": 6.0,
                                    "label": "inaccuracy", "line": []}
    assert review_json(4, decisions, exact=True)["decisions"][1]["scale"] == 2.0
    text = review_text(4, decisions)
    assert text.splitlines()[0] == "seat 4: 2 decisions" and "worst moments: turn 2 play (inaccuracy, 6.0)" in text


def test_a_reason_tells_averages_as_what_an_option_would_do_and_a_tie_as_a_tie() -> None:
    from chinese_ten.engine.judging import Figures, reason_text

    apart = reason_text("J♥", 12.0, Figures(10.0, 1.0, 0.5), "3♣", 6.1, Figures(4.4, 1.0, 0.5))
    assert apart.startswith("J♥ would win 10 this turn on average against 4.4 for 3♣")
    assert "won" not in apart and "5.9 better" in apart
    tied = reason_text("J♥", 6.02, Figures(4.0, 1.0, 0.5), "3♣", 6.0, Figures(4.0, 1.0, 0.5))
    assert tied.startswith("J♥ is as good as 3♣ on average") and "0 better" not in tied
