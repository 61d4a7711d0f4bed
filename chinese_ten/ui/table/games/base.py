"""The values every game's table adapter speaks in, and the protocol an adapter follows.

What the live table needs to know of each game, one small adapter per game.

The controller, the painter and the table scene are one code path for every game; a
:class:`TableGame` supplies what differs: the board laid from the seat's ``Dealt``
event, whose turn the seat's view shows, what playing a hand card would take and the
action it makes, the capture choice a play may owe (as :class:`Offer` of
:class:`Option` s), a hint's answer as :class:`Advice`, and the words of the rules, the
score note and the count. How each event is told, moved and sounded is one row per
event type of :mod:`chinese_ten.ui.table.presenters`, whichever game emits it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Protocol

from chinese_ten.cards import Card
from chinese_ten.engine.judging import HintBasis
from chinese_ten.i18n import _
from chinese_ten.ui.table.board import Board
from chinese_ten.ui.table.presenting import Presenter

Sets = tuple[tuple[Card, ...], ...]
"""Sets of layout cards taken together (one card each in Chinese Ten)."""


@dataclass(frozen=True)
class Option:
    """One way a played card may take: the sets of layout cards it takes (none: it joins the layout) and the
    points the play wins."""

    sets: Sets
    points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every layout card taken, set after set."""
        return tuple(c for s in self.sets for c in s)


@dataclass(frozen=True)
class Offer:
    """A capture choice the person owes: the card waiting and the ways it may take, in the order offered."""

    card: Card
    options: tuple[Option, ...]
    source: str = "play"
    """``play`` for a card from the hand, ``flip`` for a card turned from the stock."""

    @property
    def lit(self) -> tuple[Card, ...]:
        """Every layout card some option takes, each once, in the order met."""
        return tuple(dict.fromkeys(c for o in self.options for c in o.cards))


@dataclass(frozen=True)
class Preview:
    """What a hand card would do if played now: the layout cards it could take, whether it takes three at
    once, whether the person would choose, the most it wins and what each single card would win; in Go
    Fishing every way it may take, best first."""

    card: Card
    candidates: tuple[Card, ...]
    triple: bool
    choice: bool
    gain: int
    gains: dict[Card, int]
    options: tuple[Option, ...] = ()


@dataclass(frozen=True)
class Advice:
    """A hint: the card to play and, when it takes, the card (Chinese Ten) or the sets (Go Fishing) to take."""

    play: Card
    take: Card | None = None
    sets: Sets = ()
    basis: HintBasis | None = None
    """What Hard's search measured of the hinted option and of the next best (its reason's figures); None when
    no search was made."""

    @property
    def reason(self) -> str:
        """Why, in one sentence of the language in force, from the search's figures (empty without them)."""
        return self.basis.reason if self.basis is not None else ""

    def measured(self, basis: HintBasis | None) -> Advice:
        """This hint with what the search measured of it; when the search's option is this one, with every set
        it takes (a Chinese Ten triple: all three cards, where the action names one)."""
        best = basis.best if basis is not None else None
        if best is not None and best.play == str(self.play) and self.take is not None and best.take:
            return replace(self, sets=best.sets, basis=basis)
        return replace(self, basis=basis)


@dataclass(frozen=True)
class CountRow:
    """One seat's line of the count: the cards it captured that score, each with its points, and its result."""

    cards: tuple[Card, ...]
    card_points: tuple[int, ...]
    taken: int
    points: int
    margin: Fraction


@dataclass(frozen=True)
class Submit:
    """What a person's play makes: the action to send now, or a capture choice to offer first."""

    action: Any = None
    offer: Offer | None = None


def sets_text(sets: Sets) -> str:
    """Sets of cards in words: "5♦+4♥, 9♣"."""
    return _(", ").join("+".join(c.pretty for c in s) for s in sets)


def same_take(a: Sets, b: Sets) -> bool:
    """True when two families take the same cards."""
    return sorted(c for s in a for c in s) == sorted(c for s in b for c in s)


@dataclass(frozen=True)
class Replayed:
    """A deal record replayed for the review: the deal as dealt, and each turn with its events and the
    position after it, all the engine's own."""

    start: Any
    """The deal as dealt, before any turn (its opening events not yet shown)."""
    turns: tuple[Any, ...]
    """Each turn as the engine keeps it (its ``seat`` is the seat that played)."""
    events: tuple[tuple[Any, ...], ...]
    """Each turn's events, in order, the turned card's (Chinese Ten) or the refill and draw (Go Fishing) included."""
    positions: tuple[Any, ...]
    """The deal after each number of turns: ``positions[k]`` has ``k`` turns played."""


class GameTable:
    """What every game's adapter has alike: its game's name, its review found in the game's folder, and the ways
    of the table most games keep (a capture choice shown by lit cards alone, the deal reviewable, no points over
    the piles). An adapter subclasses it and gives its presenters and what else differs."""

    name: str = ""
    """The game's name in the registry."""
    lists_options: bool = False
    """True when a capture choice lists its options in a box (each a group of sets), not only lights cards."""
    reviewable: bool = True
    """True when a finished deal can be opened in the review."""
    points_at_piles: bool = False
    """True when each seat's points are written over its pile."""

    @property
    def review_module(self) -> str:
        """The game's review, ``games/NAME/review.py`` (named, not imported: the review's worker process imports
        it and none of the window)."""
        return f"chinese_ten.games.{self.name}.review"


class TableGame(Protocol):
    """What the table reads of one game (see the module's words)."""

    name: str
    lists_options: bool
    """True when a capture choice lists its options in a box (each a group of sets), not only lights cards."""
    reviewable: bool
    """True when a finished deal can be opened in the review."""
    points_at_piles: bool
    """True when each seat's points are written over its pile."""

    @property
    def review_module(self) -> str:
        """The module whose ``review_record`` judges a deal of this game and whose ``REVIEW_TURNS`` is its effort
        (named, not imported: the review's worker process imports it and none of the window)."""

    @property
    def presenters(self) -> Mapping[type, Presenter]:
        """How each of its events is told, moved, sounded and listed, by event type."""

    def board(self, dealt: Any, opening: Sequence[Any]) -> Board:
        """The table as the seat was told the cards were dealt."""

    def to_move(self, view: Any) -> int | None:
        """The seat to move in the seat's view."""

    def is_over(self, view: Any) -> bool:
        """True once the deal in the seat's view is over."""

    def may_play(self, view: Any, seat: int) -> bool:
        """True when ``seat`` may play a hand card now."""

    def waiting(self, view: Any) -> bool:
        """True while the rules are still playing out the last move (nobody may act)."""

    def points_of(self, view: Any, card: Card) -> int:
        """What ``card`` scores in the deal."""

    def preview(self, view: Any, card: Card) -> Preview:
        """What playing ``card`` now would take."""

    def preview_text(self, preview: Preview) -> str:
        """A preview in words."""

    def play(self, view: Any, card: Card, choose: bool = False) -> Submit:
        """The person plays ``card``: the action, or the capture choice to offer first (with ``choose``,
        whenever there is a choice at all)."""

    def owed(self, view: Any, seat: int) -> Offer | None:
        """The capture choice the rules wait for ``seat`` to make, if any."""

    def take(self, offer: Offer, option: Option) -> Any:
        """The action that takes ``option`` of ``offer``."""

    def starts_turn(self, events: Sequence[Any]) -> bool:
        """True when ``events`` begin a turn (a card played)."""

    def hint_owed(self, view: Any) -> str:
        """What decision a hint now would be for (a play, or a take of a played or turned card)."""

    def advice(self, answer: Any, offer: Offer | None, may_play: bool) -> Advice | None:
        """A hint player's answer as advice, or None when it does not fit the decision owed."""

    def rules_words(self, rules: Any) -> list[str]:
        """The rules in force, in words, for the side panel."""

    def description(self) -> str:
        """The game's one line under its name on the start screen, with ``{low}`` and ``{high}`` for its fewest
        and most players, in the language in force."""

    def tagline(self, rules: Any, seats: int) -> str:
        """The start screen's line about the game (``rules``: the house rules in force, which a game without
        them passes over)."""

    def lead_words(self, rules: Any, seats: int) -> str:
        """Who deals and who leads the first deal against the computers (the person always leads it)."""

    def rules_blocks(self, rules: Any, seats: int) -> tuple[tuple[str, object], ...]:
        """Its Rules page of Help (its numbers from ``rules``, None for its default ones; the examples at
        ``seats`` players), each block ("head", text), ("text", text), ("cards", (caption, codes)) or ("table",
        rows)."""

    def values_blocks(self, rules: Any) -> tuple[tuple[str, object], ...]:
        """Its Card values page of Help, in blocks as :meth:`rules_blocks`'s."""

    def winning_words(self, rules: Any) -> str | None:
        """How the match is won, in words, when the rules make it other than the highest total (None)."""

    def score_note(self, view: Any, rules: Any, seats: int) -> tuple[str, ...]:
        """The note under the score table, longest first (the first that fits is shown)."""

    def margins(self, deal: Any) -> list[Fraction]:
        """Each seat's result in a finished deal."""

    def count(self, deal: Any) -> list[CountRow]:
        """Every seat's line of the count of a finished deal."""

    def count_explanation(self, rules: Any, seats: int) -> str:
        """How the count's results are reached, in a line."""

    def record_of(self, deal: Any, **extra: Any) -> dict[str, Any]:
        """A finished deal as its record, with ``extra`` keys (the players, the deal's number)."""

    def replayed(self, record: dict[str, Any]) -> Replayed:
        """The record replayed turn by turn for the review; refuses an illegal record (a ``ValueError``, one line)."""

    def dealt_board(self, start: Any) -> Board:
        """The deal as dealt with every hand open, before its opening events (for the review)."""

    def option_cards(self, choice: Any, kind: str) -> tuple[Card, ...]:
        """The cards of a reviewed option that lie on the table before the decision, the one its margin is
        written on first."""

    def shares_option(self, kind: str, card: Card, other: Card, points: Callable[[Card], int]) -> bool:
        """True when the review counts ``other`` as the same option as ``card`` at a decision of ``kind``
        (``points`` telling what a card scores): it judges the two once, under one of them."""

    def take_words(self, take: Any) -> str:
        """What a reviewed option takes, in words."""
