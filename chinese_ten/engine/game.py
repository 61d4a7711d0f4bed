"""The protocol a game implements so the table, the records and the computers can play it.

A game is a :class:`GameSpec` (its name, seat counts, record format, players and how
to deal and replay it) whose deals are :class:`GameState` values. A state is a small
state machine, as in OpenSpiel: ``to_act`` names the seat whose decision is next,
``legal_actions()`` lists every action it may take, ``apply()`` checks one and returns
the events it caused, ``observe(seat)`` is everything that seat may know and
``tell(events, seat)`` is the events as that seat may learn them (another seat's
drawn card face down). Computer players decide from ``observe(seat)`` alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Action(Protocol):
    """One thing a seat does; every game's actions print as text and parse back (``play 9S``)."""

    kind: str

    def __str__(self) -> str:
        """The action's text form, which the game's ``parse_action`` reads back."""
        ...


class Event(Protocol):
    """Something that happened in a deal; ``seat`` is the seat it concerns (None: the table)."""


class GameState(Protocol):
    """One deal of a game, seen whole (the authority's copy)."""

    @property
    def seats(self) -> int:
        """How many seats the deal has."""
        ...

    @property
    def dealer(self) -> int:
        """The seat that dealt."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is next; None once the deal is over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the deal has ended."""
        ...

    def legal_actions(self) -> Sequence[Any]:
        """Every action the seat to act may apply now (empty once the deal is over)."""
        ...

    def apply(self, action: Any) -> list[Any]:
        """Check ``action`` and carry it out; the events it caused, in order.

        Raises :class:`~chinese_ten.engine.errors.IllegalMove` (or its subclass
        :class:`~chinese_ten.engine.errors.InvalidAction`) and changes nothing when it
        cannot be applied."""
        ...

    def observe(self, seat: int) -> Any:
        """Everything ``seat`` may know of the deal now, and nothing more."""
        ...

    def tell(self, events: Sequence[Any], seat: int) -> list[Any]:
        """``events`` as ``seat`` may learn them: hidden cards left out or face down."""
        ...

    def returns(self) -> tuple[Fraction, ...]:
        """Each seat's result for the deal so far (exact; they add up to zero)."""
        ...

    def copy(self) -> GameState:
        """An independent copy: applying to one never changes the other."""
        ...


class Player(Protocol):
    """A computer player: a function of one seat's view and a random source."""

    name: str

    def act(self, view: Any, rng: random.Random) -> Any:
        """The action the view's seat takes next."""
        ...


@dataclass(frozen=True)
class GameSpec:
    """A game as the registry knows it: what the table, the records and the command line need."""

    name: str
    """The game's name on the command line and in kept matches (``ten``, ``fishing``)."""
    title: str
    """Its name for people, marked for translation (``N_("Chinese Go Fishing")``)."""
    record_format: str
    """The ``format`` its deal records carry (``chinese-ten/fishing-v1``)."""
    seat_counts: tuple[int, ...]
    """The seat counts a deal can have."""
    players: Mapping[str, Callable[[], Player]]
    """Every computer player's constructor, by name (``random`` included, for calibration)."""
    strengths: tuple[str, ...]
    """The computer strengths a person may choose, weakest first."""
    deal: Callable[[int, random.Random, int], GameState]
    """A shuffled deal: ``deal(seats, rng, dealer)``."""
    parse_action: Callable[[str], Any]
    """An action read from its text form; raises InvalidAction on a text that is none."""
    replay: Callable[[Mapping[str, Any]], GameState]
    """The position a deal record reaches; raises a ``ValueError`` naming the turn and the reason."""
    record_of: Callable[[GameState], dict[str, Any]]
    """A deal as its record (the deal as dealt and every turn so far)."""
    match_lengths: tuple[str, ...] = field(default=("per-seat",))
    """The match lengths offered, the default first."""
