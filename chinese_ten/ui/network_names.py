"""How every window names a seat of a network table: by the seat's label (NETWORK.md: host, guest 1, guest 2…)
and its name, the same from every seat, never by a side of the table that depends on where the viewer sits.

>>> from chinese_ten.i18n import use_language
>>> use_language("en")
>>> seat_label_text(0), seat_label_text(2)
('host', 'guest 2')
>>> network_seat_name(1, "Bo", "human")
'Bo (guest 1)'
>>> network_seat_name(2, "Computer (hard)", "computer", "hard")
'guest 2 · Hard'
"""

from __future__ import annotations

from chinese_ten.engine.strengths import ORDER, strength_label
from chinese_ten.i18n import _


def seat_label_text(seat: int) -> str:
    """A seat's label in words: the host's seat 0, a guest's its number."""
    return _("host") if seat == 0 else _("guest {number}").format(number=seat)


def network_seat_name(seat: int, name: str, kind: str, strength: str | None = None) -> str:
    """What every window calls a network seat: a computer by its label and strength ("guest 2 · Hard"), anybody
    else by name and label ("Bo (guest 1)"), a seat with no name yet by its label."""
    label = seat_label_text(seat)
    if kind == "computer" and strength in ORDER:
        return _("{label} · {strength}").format(label=label, strength=strength_label(str(strength)))
    if not name:
        return label
    return _("{name} ({label})").format(name=name, label=label)
