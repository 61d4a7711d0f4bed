"""A preset's title on its button: one line when it fits, else two lines as even as its spaces allow."""

from __future__ import annotations

from chinese_ten.ui.widgets.button import balanced_lines


def _width(text: str) -> int:
    return 10 * len(text)


def _wrap(text: str) -> list[str]:
    return [text]


def test_a_title_that_fits_stays_on_one_line() -> None:
    assert balanced_lines("Classic", _width, 200, _wrap) == ["Classic"]


def test_a_long_title_breaks_into_two_even_lines_not_a_lone_last_word() -> None:
    # "Red Frog Black" fits 150 px, but "Red Frog / Black Frog" is the even break
    assert balanced_lines("Red Frog Black Frog", _width, 150, _wrap) == ["Red Frog", "Black Frog"]


def test_a_title_with_no_space_to_break_at_is_wrapped() -> None:
    assert balanced_lines("红蛙黑蛙红蛙黑蛙", _width, 50, lambda t: [t[:4], t[4:]]) == ["红蛙黑蛙", "红蛙黑蛙"]
