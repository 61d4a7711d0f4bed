"""How scores are written: results as whole numbers where they are whole, and signed margins.

>>> as_number(Fraction(7, 2)), as_number(Fraction(-4))
(3.5, -4)
>>> signed(0), signed(12), signed(-3.5)
('+0', '+12', '-3.5')
"""

from __future__ import annotations

from fractions import Fraction


def as_number(value: Fraction) -> int | float:
    """A margin as a whole number, or with one decimal where it is not whole."""
    if value.denominator == 1:
        return int(value)
    return round(float(value), 1)


def signed(value: float | Fraction) -> str:
    """A margin with its sign, ``+0`` for nothing: ``+12``, ``-3.5`` (one decimal where not whole)."""
    number = as_number(Fraction(value)) if not isinstance(value, float) else value
    if float(number) == int(number):
        return f"{int(number):+d}"
    return f"{float(number):+.1f}"
