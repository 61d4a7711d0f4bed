"""How every window names a seat of a network table: by the seat's label (NETWORK.md: host, guest 1, guest 2…)
and its name, the same from every seat, never by a side of the table that depends on where the viewer sits.

>>> from chinese_ten.i18n import use_language
>>> use_language("en")
>>> seat_label_text(0), seat_label_text(2)
('host', 'guest 2')
>>> network_seat_name(1, "Bo", "human")
'Bo (guest 1)'
>>> network_seat_name(2, "Computer (hard)", "computer", "hard")
'Guest 2 · Hard'
"""

from __future__ import annotations

from chinese_ten.engine.strengths import ORDER, strength_label
from typing import Any

from chinese_ten.i18n import N_, _


def seat_label_text(seat: int) -> str:
    """A seat's label in words, as within a sentence: the host's seat 0, a guest's its number."""
    return _("host") if seat == 0 else _("guest {number}").format(number=seat)


def seat_title(seat: int) -> str:
    """A seat's label in words where it stands for the seat's name ("Guest 2"), as the browser seat writes it."""
    return _("Host") if seat == 0 else _("Guest {number}").format(number=seat)


def network_seat_name(seat: int, name: str, kind: str, strength: str | None = None) -> str:
    """What every window calls a network seat: a computer by its label and strength ("Guest 2 · Hard"), anybody
    else by name and label ("Bo (guest 1)"), a seat with no name yet by its label."""
    if kind == "computer" and strength in ORDER:
        return _("{label} · {strength}").format(label=seat_title(seat), strength=strength_label(str(strength)))
    if not name:
        return seat_title(seat)
    return _("{name} ({label})").format(name=name, label=seat_label_text(seat))


def short_seat_name(seat: int, name: str, kind: str, strength: str | None = None) -> str:
    """A seat in a list of names ("Ann, Bo, Guest 2 · Hard"): a person by name alone, a computer as
    :func:`network_seat_name` names it, a seat with nobody in it by its label."""
    name = name.strip()
    if kind in ("human", "away") and name:
        return name
    return network_seat_name(seat, "", kind, strength)


WAITING_NEXT = N_("Waiting for the others to go on to the next deal.")
"""What a seat that has gone on from a count is told while it waits (when the server names nobody)."""


def waiting_next_words(seats: list[dict[str, Any]], me: int | None) -> str:
    """The line while this seat waits for the next deal: who has not gone on yet (the people whose seat in
    ``seats`` lacks ``ready``), or the others in general when the server names nobody."""
    if not any("ready" in entry for entry in seats):
        return _(WAITING_NEXT)
    late = [short_seat_name(seat, str(entry.get("name") or ""), "human") for seat, entry in enumerate(seats)
            if seat != me and entry.get("kind") == "human" and not entry.get("ready")]
    if not late:
        return _(WAITING_NEXT)
    return _("Waiting for {names} to go on to the next deal.").format(names=_(", ").join(late))
