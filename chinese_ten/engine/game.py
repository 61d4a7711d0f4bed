"""The protocol a game implements so the table, the records and the computers can play it.

A game is a :class:`GameSpec` (its name, seat counts, record format, players and how
to deal and replay it) whose deals are :class:`GameState` values. A state is a small
state machine, as in OpenSpiel: ``to_act`` names the seat whose decision is next
(``next_forced()`` the step the rules take on their own, when nobody decides),
``legal_actions()`` lists every action it may take, ``apply()`` checks one and returns
the events it caused, ``observe(seat)`` is everything that seat may know and
``tell(events, seat)`` is the events as that seat may learn them (another seat's
drawn card face down). Computer players decide from ``observe(seat)`` alone.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from chinese_ten.engine.options import GameOptions, OptionError


@runtime_checkable
class Action(Protocol):
    """One thing a seat does; every game's actions print as text and parse back (``play 9S``)."""

    kind: str

    def __str__(self) -> str:
        """The action's text form, which the game's ``parse_action`` reads back."""
        ...


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
        """The seat whose decision is next; None once the deal is over or while the rules move on their own."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the deal has ended."""
        ...

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points so far."""
        ...

    def next_forced(self) -> Any | None:
        """The action the rules take next on their own, needing nobody's decision (Chinese Ten's turn of
        the stock card), or None when a seat decides next or the deal is over."""
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

    def dealt(self) -> Any:
        """The event that starts the deal's story: every hand, the layout and the stock's size as dealt
        (:meth:`tell` turns the hands a seat may not see face down)."""
        ...

    def observe(self, seat: int) -> Any:
        """Everything ``seat`` may know of the deal now, and nothing more."""
        ...

    def tell(self, events: Sequence[Any], seat: int) -> list[Any]:
        """``events`` as ``seat`` may learn them: hidden cards left out or face down. It depends on the events
        and the seat alone, so a session can tell an earlier deal's events with a later deal's state."""
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


class Wire(Protocol):
    """A game's seat views and events on the network (NETWORK.md), with no network in it: each game's
    ``wire`` module."""

    def event_json(self, event: Any, following: tuple[Any, ...] = ()) -> dict[str, Any]:
        """One event as JSON; ``following`` are the events after it in the same step."""
        ...

    def event_from_json(self, data: dict[str, Any]) -> Any:
        """The event a JSON object describes; ``ValueError``/``KeyError`` for one that is not as written."""
        ...

    def state_fields(self, view: Any) -> dict[str, Any]:
        """The game's part of a seat's ``state``: what its view holds, and nothing more."""
        ...

    def card_values(self, rules: Any, seats: int) -> dict[str, int]:
        """Every card's points under ``rules`` at this many seats, by its name."""
        ...

    def view_from_json(self, state: Mapping[str, Any], story: Sequence[Any], *, waiting: bool = False) -> Any:
        """A seat's view rebuilt from its ``state`` and its deal's events as told (``waiting``: its own decision
        is on its way, so nobody is to move yet)."""
        ...


class Commands(Protocol):
    """What the command line asks of a game beyond playing it: each game's ``commands`` module."""

    def replayed_position(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """The position a record reaches, as ``replay --json`` prints it; a ``ValueError`` names what is wrong."""
        ...

    def advice(self, record: Mapping[str, Any], ai: str, think_ms: int | None,
               seed: int) -> tuple[dict[str, Any], str] | None:
        """Computer ``ai``'s decision at the record's position, as JSON and in words; None once the deal is over."""
        ...

    def review(self) -> Any:
        """The game's review module: its ``review_record(record, seat, seed=...)`` judges every decision a seat
        made in a record (a result with ``to_json()`` and ``describe()``), and its ``Review.from_json`` reads a
        kept review back."""
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
    default_rules: Any
    """The rules a match is dealt under unless it names others (a :class:`~chinese_ten.engine.match.MatchRules`)."""
    deal: Callable[[int, random.Random, int, Any], GameState]
    """A shuffled deal: ``deal(seats, rng, dealer, rules)``; every match and ``simulate`` deal from
    ``random.Random(number)`` with the deal's number (:func:`~chinese_ten.engine.streams.deal_number`),
    so ``deal(seats, random.Random(number), dealer, rules)`` deals exactly its cards again."""
    parse_action: Callable[[str], Any]
    """An action read from its text form; raises InvalidAction on a text that is none."""
    replay: Callable[[Mapping[str, Any]], GameState]
    """The position a deal record reaches; raises a ``ValueError`` naming the turn and the reason."""
    record_of: Callable[[GameState], dict[str, Any]]
    """A deal as its record (the deal as dealt and every turn so far)."""
    match_lengths: tuple[str, ...] = field(default=("per-seat",))
    """The match lengths offered, the default first."""
    options: GameOptions = field(default_factory=GameOptions)
    """Its house rules as data: the options, the presets and how a record's ``rules`` value is read (none: the
    game is played one way, and only its default rules are read)."""
    commands: Commands | None = None
    """What ``replay``, ``advise`` and ``review`` ask of it, and its review (its ``commands`` module); None: they
    refuse its records, and its deals are not reviewed."""
    wire: Wire | None = None
    """Its seat views and events on the network (its ``wire`` module, read by :mod:`chinese_ten.net.wire` and
    :mod:`chinese_ten.net.seatviews`); None for a game no table serves."""
    play_out_random: Callable[[Any, random.Random], None] | None = None
    """A lean play-out of a deal by random choices, for measuring the engine's speed (None: none)."""
    record_actions: Callable[[Mapping[str, Any]], Sequence[Any]] | None = None
    """Every action a deal record's turns make, in order from the deal as dealt (a ``ValueError`` naming the
    turn when the record cannot be replayed); None when a table cannot start from a record's position."""
    lesson: Callable[[], Any] | None = None
    practice: str | None = None
    """The module of its practice positions, whose ``POSITION`` is their class (a
    :class:`~chinese_ten.engine.practice.Judged` with ``REVIEW``, the review class whose judgements it is made
    from, and ``from_json``); named, not imported, as it loads the game's review (see :meth:`practice_class`).
    None: its decisions are not practised."""
    """A new guide through the game's guided first deal (Learn to play), a session's director; None: no lesson."""
    help_pages: Callable[[], tuple[tuple[str, tuple[tuple[str, object], ...]], ...]] | None = None
    """Its pages of Help under its default rules, each with its title, in the language in use: the rules in short,
    then the cards' values, as blocks (``("head", text)``, ``("text", text)``, ``("cards", (caption, codes))``,
    ``("table", rows)``); the table site's rules page shows them. None: the game has none."""

    def practice_class(self) -> Any:
        """Its practice positions' class, its module loaded when first asked for (None: none)."""
        return None if self.practice is None else importlib.import_module(self.practice).POSITION

    def rules_from_json(self, value: Any) -> Any:
        """The rules a record's or a ``create``'s ``rules`` value names (None: the default rules); ``ValueError``
        names rules the game does not have."""
        if self.options.read is not None:
            return self.options.read(value)
        if value not in (None, "standard", self.default_rules.to_json()):
            raise OptionError(f"{self.name} has no house rules")
        return self.default_rules

    def rules_named(self, preset: str | None, options: Sequence[str] = ()) -> Any:
        """The rules a preset's name and ``KEY=VALUE`` options name, as the command line gives them (None: the
        default preset); ``ValueError`` names a bad one."""
        changed = dict(self.options.parse_option(text) for text in options)
        if self.options.read is None:
            if changed:
                raise OptionError(f"{self.name} has no house rules")
            return self.rules_from_json(preset)
        return self.options.read({"preset": preset or self.options.presets[0].name, **changed})


def make_player(game: GameSpec, name: str, think_ms: int | None = None) -> Player:
    """A new computer player of ``game`` by name; ``ValueError`` names an unknown one.

    ``think_ms`` sets the thinking time of players that search."""
    return player_from(game.players, name, think_ms)


def player_from(players: Mapping[str, Callable[[], Any]], name: str, think_ms: int | None = None) -> Any:
    """A new player from a game's table of constructors, by name (``ValueError`` names an unknown one),
    thinking for ``think_ms`` where it searches."""
    key = name.strip().lower() if isinstance(name, str) else name
    factory = players.get(key)
    if factory is None:
        raise ValueError(f"unknown player {name!r} (known: {', '.join(players)})")
    player = factory()
    if think_ms is not None and hasattr(player, "think_ms"):
        player.think_ms = think_ms  # type: ignore[attr-defined]
    return player
