"""How scores are written, in one rule for every screen and record, and a record's ``result``.

A margin is shown exact when it is whole, a half or a quarter (two decimals at most) and to one
decimal otherwise, half a tenth rounded away from zero; the same margin is the same figure
everywhere. Records also carry the exact fractions, which add up to zero.

>>> as_number(Fraction(7, 2)), as_number(Fraction(-4)), as_number(Fraction(-265, 4)), as_number(Fraction(320, 3))
(3.5, -4, -66.25, 106.7)
>>> signed(0), signed(12), signed(-3.5), signed(Fraction(-265, 4)), signed(-66.125)
('+0', '+12', '-3.5', '-66.25', '-66.1')
>>> exact_text(Fraction(-265, 4)), exact_text(Fraction(25))
('-265/4', '25')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from chinese_ten.engine.records import RecordError
from chinese_ten.i18n import ngettext
from chinese_ten.quote import quote

SLACK = Fraction(1, 20) + Fraction(1, 10**9)
"""How far a margin written in a record may be from the exact one: half a tenth (and a hair for the
binary fraction a decimal is read as), so a record rounded to one decimal by any rule, this one or an
earlier one, is read as agreeing."""


def as_number(value: Fraction | float | int) -> int | float:
    """A margin as it is shown: whole where it is whole, exact where it is a half or a quarter, else to
    one decimal (half a tenth away from zero), so the same margin is the same figure on every screen."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return int(exact)
    if (exact * 4).denominator == 1:
        return float(exact)
    tenths = math.floor(abs(exact) * 10 + Fraction(1, 2))
    shown = (tenths if exact > 0 else -tenths) / 10
    return int(shown) if tenths % 10 == 0 else shown


def signed(value: Fraction | float | int) -> str:
    """A margin with its sign, by the rule of :func:`as_number`: ``+12``, ``-3.5``, ``-66.25``, ``+0`` for
    nothing (and for anything that shows as nothing)."""
    number = as_number(value)
    if number == int(number):
        return f"{int(number):+d}"
    return ("+" if number > 0 else "-") + f"{abs(number):.2f}".rstrip("0")


def exact_text(value: Fraction) -> str:
    """An exact margin as a record writes it: ``"25"``, ``"-265/4"``."""
    return str(Fraction(value))


def result_of(points: Sequence[int], margins: Sequence[Fraction],
              players: Sequence[str] | None = None) -> dict[str, Any]:
    """A deal's ``result`` as every record carries it (INTERFACE.md): the players when known, each seat's
    points, its margin as shown and its exact margin."""
    result: dict[str, Any] = {} if players is None else {"players": list(players)}
    result["points"] = list(points)
    result["margins"] = [as_number(m) for m in margins]
    result["margins_exact"] = [exact_text(m) for m in margins]
    return result


class ResultMismatch(RecordError):
    """A record's ``result`` disagrees with its deal, or is not a result at all; says where in one sentence."""


def check_result(result: Any, points: Sequence[int], margins: Sequence[Fraction]) -> None:
    """Refuse a record's ``result`` that disagrees with the deal it was replayed to (``points`` and exact
    ``margins``), naming the seat. A bare list is read as margins (as kept matches once wrote them)."""
    seats = len(points)
    if isinstance(result, list):
        result = {"margins": result}
    if not isinstance(result, dict):
        raise ResultMismatch("result must be an object with points and margins")
    told_points = result.get("points")
    if told_points is not None:
        _check_length(told_points, seats, "points")
        for seat, (told, had) in enumerate(zip(told_points, points)):
            if not _is_number(told) or told != had:
                raise ResultMismatch(f"result: seat {seat} has {had} points, not {quote(told)}")
    told_margins = result.get("margins")
    if told_margins is not None:
        _check_length(told_margins, seats, "margins")
        for seat, (told, real) in enumerate(zip(told_margins, margins)):
            if not _is_number(told) or not math.isfinite(told) or abs(Fraction(told) - real) > SLACK:
                raise ResultMismatch(f"result: seat {seat}'s margin is {signed(real)}, not {quote(told)}")
    told_exact = result.get("margins_exact")
    if told_exact is not None:
        _check_length(told_exact, seats, "margins_exact")
        for seat, (told, real) in enumerate(zip(told_exact, margins)):
            try:
                same = isinstance(told, str) and Fraction(told) == real
            except (ValueError, ZeroDivisionError):
                same = False
            if not same:
                raise ResultMismatch(f"result: seat {seat}'s exact margin is {exact_text(real)}, not {quote(told)}")
    players = result.get("players")
    if players is not None and not (isinstance(players, list) and len(players) == seats
                                    and all(isinstance(p, str) for p in players)):
        raise ResultMismatch(f"result: players must be {seats} names")


def _check_length(values: Any, seats: int, what: str) -> None:
    if not isinstance(values, list) or len(values) != seats:
        raise ResultMismatch(f"result: {what} must list {seats} seats")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)



def points_words(n: int) -> str:
    """``n`` points in words of the language in force: "1 point", "7 points"."""
    return ngettext("{count} point", "{count} points", n).format(count=n)
