"""One rule for every margin shown and one ``result`` shape for every record (INTERFACE.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chinese_ten.engine.scores import ResultMismatch, as_number, check_result, result_of, signed


@pytest.mark.parametrize(("exact", "shown", "text"), [
    (Fraction(-265, 4), -66.25, "-66.25"),
    (Fraction(25, 2), 12.5, "+12.5"),
    (Fraction(-1, 4), -0.25, "-0.25"),
    (Fraction(320, 3), 106.7, "+106.7"),
    (Fraction(-19, 8), -2.4, "-2.4"),
    (Fraction(-15, 8), -1.9, "-1.9"),
    (Fraction(3, 8), 0.4, "+0.4"),
    (Fraction(-1, 30), 0, "+0"),
    (Fraction(299, 100), 3, "+3"),
    (Fraction(40), 40, "+40"),
])
def test_margins_are_exact_to_the_quarter_and_to_a_tenth_otherwise(exact: Fraction, shown: float, text: str) -> None:
    assert as_number(exact) == shown
    assert signed(exact) == text


@given(st.fractions(min_value=-500, max_value=500, max_denominator=24))
def test_the_same_margin_is_the_same_figure_whether_it_comes_exact_or_as_it_was_shown(value: Fraction) -> None:
    shown = as_number(value)
    assert as_number(shown) == shown, "a shown figure read back shows the same"
    assert signed(shown) == signed(value) == signed(float(shown))
    assert abs(Fraction(shown) - value) <= Fraction(1, 20) + Fraction(1, 10**9)
    check_result({"margins": [shown]}, [0], [value])


def test_a_result_carries_the_exact_margins_that_add_up_to_zero() -> None:
    margins = [Fraction(-265, 4), Fraction(265, 4)]
    result = result_of([10, 275], margins, ["you", "hard"])
    assert result == {"players": ["you", "hard"], "points": [10, 275], "margins": [-66.25, 66.25],
                      "margins_exact": ["-265/4", "265/4"]}
    assert sum(Fraction(m) for m in result["margins_exact"]) == 0
    check_result(result, [10, 275], margins)


@pytest.mark.parametrize(("result", "words"), [
    ({"points": [999, 275], "margins": [-66.25, 66.25]}, "seat 0 has 10 points, not 999"),
    ({"points": [10, 275], "margins": [-66.25, 60]}, "seat 1's margin is +66.25, not 60"),
    ({"margins_exact": ["-265/4", "264/4"]}, "seat 1's exact margin is 265/4"),
    ({"points": [10]}, "points must list 2 seats"),
    ("won", "result must be an object"),
    ([-66.2, 33], "seat 1's margin"),
])
def test_a_result_that_disagrees_with_the_deal_is_refused_naming_the_seat(result: object, words: str) -> None:
    with pytest.raises(ResultMismatch, match=words.replace("+", r"\+")):
        check_result(result, [10, 275], [Fraction(-265, 4), Fraction(265, 4)])


def test_a_result_rounded_to_one_decimal_by_the_earlier_rule_still_agrees() -> None:
    check_result([-66.2, 66.2], [10, 275], [Fraction(-265, 4), Fraction(265, 4)])
