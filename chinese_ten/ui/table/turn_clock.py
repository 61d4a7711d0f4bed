"""The turn clock at a network table, as the window shows it: a ring on the seat whose decision is due, emptying
as its seconds run, with the seconds written in it for the last ten (NETWORK.md's "The turn clock").

The server tells the clock in each ``state`` (``{"seat": 1, "seconds": 30, "left": 23.4}``, ``left`` as the frame
was sent); :class:`TurnClock` counts it down from when the window took that state in, on whatever clock it is
given, so a test drives it by its own time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from chinese_ten.cards import Card
from chinese_ten.i18n import N_, _

SHOWN_SECONDS = 10
"""The ring shows its seconds in figures from this many left."""

RAN_OUT = N_("The clock ran out for {who}; a computer played {card}.")
"""The log's line when a seat's turn clock ran out and a computer played a card for it (its move follows)."""
RAN_OUT_DECIDED = N_("The clock ran out for {who}; a computer decided.")
"""The log's line when a seat's turn clock ran out on a decision that plays no card (a capture's choice)."""
YOURS_RAN_OUT = N_("Your clock ran out; a computer played {card} for you.")
YOURS_RAN_OUT_DECIDED = N_("Your clock ran out; a computer decided for you.")
"""The same two lines when the clock was the person's own."""


def ran_out_text(name: str, card: Card | None, yours: bool) -> str:
    """The log's line that the turn clock of ``name`` (the person's own when ``yours``) ran out and a computer
    played ``card`` for them (None: decided a choice that plays none), in the language in force.

    >>> ran_out_text("Bo", Card.parse("7C"), False)
    'The clock ran out for Bo; a computer played 7♣.'
    >>> ran_out_text("Ann", None, True)
    'Your clock ran out; a computer decided for you.'
    """
    if yours:
        return _(YOURS_RAN_OUT).format(card=card.pretty) if card is not None else _(YOURS_RAN_OUT_DECIDED)
    return _(RAN_OUT).format(who=name, card=card.pretty) if card is not None else _(RAN_OUT_DECIDED).format(who=name)


@dataclass(frozen=True)
class ClockReading:
    """A seat's turn clock now: whose, how long each decision may take and how long is left."""

    seat: int
    seconds: float
    left: float

    @property
    def fraction(self) -> float:
        """The part of the time still left, from 1 (just begun) to 0 (run out)."""
        return max(0.0, min(1.0, self.left / self.seconds)) if self.seconds > 0 else 0.0

    @property
    def figures(self) -> str:
        """The seconds written in the ring (whole seconds, rounded up) in the last ten; empty before."""
        return str(math.ceil(self.left)) if self.left <= SHOWN_SECONDS else ""


def reading_of(told: Any, left: float | None = None) -> ClockReading | None:
    """A ``state.clock`` as a reading (``left`` in place of the told one), None when it is none or malformed.

    >>> reading_of({"seat": 1, "seconds": 15, "left": 7.2})
    ClockReading(seat=1, seconds=15.0, left=7.2)
    >>> reading_of({"seat": "1"}) is None
    True
    """
    if not isinstance(told, Mapping):
        return None
    seat, seconds, was = told.get("seat"), told.get("seconds"), told.get("left")
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (seconds, was))
    if type(seat) is not int or not numbers:
        return None
    return ClockReading(seat, float(seconds), max(0.0, float(was if left is None else left)))  # type: ignore[arg-type]


class TurnClock:
    """The clock the latest state told, counted down from when it was taken in."""

    def __init__(self, now: Callable[[], float]) -> None:
        """A clock read on ``now`` (seconds, any origin)."""
        self.now = now
        self._told: Any = None
        self._at = 0.0

    def take(self, told: Any) -> None:
        """Take the ``state.clock`` now shown (the same value again changes nothing: its count goes on)."""
        if told is self._told:
            return
        self._told = told
        self._at = self.now()

    def reading(self) -> ClockReading | None:
        """Whose clock runs, and what is left of it now; None while no decision is timed."""
        first = reading_of(self._told)
        if first is None:
            return None
        return reading_of(self._told, first.left - (self.now() - self._at))

    def due_in(self) -> float | None:
        """Seconds until the ring next shows a change worth a frame: a tenth of a second while it runs, so a
        sleeping window wakes to count it down; None while no clock runs or it has run out."""
        now = self.reading()
        return None if now is None or now.left <= 0 else 0.1


def draw_clock(surface: pygame.Surface, kit: Any, centre: tuple[int, int], radius: int, reading: ClockReading) -> pygame.Rect:
    """The ring of ``reading`` at ``centre``: a dark disc, the time left as an arc from the top going round
    clockwise (the accent colour, red in the last ten seconds) and the seconds in figures then; where it went."""
    t = kit.theme
    box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    box.center = centre
    pygame.draw.circle(surface, (0, 0, 0), centre, radius)
    width = max(2, radius // 4)
    pygame.draw.circle(surface, t.panel_line, centre, radius - width // 2, 1)
    late = reading.left <= SHOWN_SECONDS
    colour = (220, 60, 50) if late else t.accent
    fraction = reading.fraction
    if fraction > 0:
        start = math.pi / 2 - 2 * math.pi * fraction  # pygame's angles run anticlockwise from the right
        pygame.draw.arc(surface, colour, box.inflate(-2, -2), start, math.pi / 2, width)
    figures = reading.figures
    if figures:
        words = kit.text.line(figures, max(10, round(radius * 1.1)), t.text, bold=True)
        surface.blit(words, words.get_rect(center=centre))
    return box

