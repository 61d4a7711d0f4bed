"""What a game's presentation rows are made of: the :class:`Presenter` a row is, the :class:`Stage` of movements
its ``move`` calls on, the :class:`Showing` it adds its steps to, and the rows two games share.

Each game's rows stand in its table adapter (``ui/table/games/NAME.py``, its ``presenters``);
:mod:`chinese_ten.ui.table.presenters` gathers every registered game's into one table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from chinese_ten.cards import Card
from chinese_ten.i18n import _
from chinese_ten.ui.table.animation import StepFactory

Event = Any
"""An event of any game the table shows."""

Telling = Literal["begin", "extend", "entry", "lead"]
"""How words join the log: ``begin`` a turn's entry (more words follow), ``extend`` the turn's entry
(or begin one), ``entry`` an entry of its own, ``lead`` the start of the next turn's entry (Go Fishing's
refill before a seat plays: the turn it begins goes on in the same entry)."""

FLIP_AFTER_SWEEP = 0.4
"""The stock card starts to turn this far into the sweep of the played card's capture."""

FLIP_AFTER_LANDING = 0.7
"""The stock card starts to turn this far into the played card's move to the layout."""


@dataclass(frozen=True)
class Taking:
    """A capture as the movements show it: the seat, the card that takes, the layout cards it takes, the points
    it wins and where the card came from (``play`` or ``flip``)."""

    seat: int
    card: Card
    taken: tuple[Card, ...]
    points: int
    source: str = "play"


class Stage(Protocol):
    """The movements an event's animation is made of
    (:class:`~chinese_ten.ui.table.choreography.Choreographer` makes them)."""

    @property
    def pace(self) -> Any:
        """Seconds per kind of movement."""

    def tell_only(self, events: list[Event]) -> StepFactory:
        """A step that only tells ``events``."""

    def flip(self, ev: Any, carry: list[Event]) -> StepFactory:
        """The stock card turned face up."""

    def to_stage(self, seat: int, card: object, carry: list[Event]) -> StepFactory:
        """A played card to the middle, where it waits for its capture to be chosen."""

    def enter(self, seat: int, card: object, tell: list[Event], capture: Taking | None) -> StepFactory:
        """A card to the layout (onto what it captures)."""

    def glow(self, ev: Taking, triple: bool = False) -> StepFactory:
        """A capture's cards glowing (longer for a triple)."""

    def sweep(self, ev: Taking, told: Event | None = None) -> StepFactory:
        """A capture swept to its seat's pile (telling ``told``, the game's own event, in its place)."""

    def sweep_glow(self, ev: Any) -> StepFactory:
        """The dealer's four of a kind glowing."""

    def sweep_opening(self, ev: Any) -> StepFactory:
        """The dealer's four of a kind swept to the dealer's pile."""

    def dead_glow(self, ev: Any) -> StepFactory:
        """A dead layout glowing."""

    def throw_in(self, ev: Any, following: tuple[Card, ...] | None) -> StepFactory:
        """A dead layout thrown in, and the next layout dealt."""

    def refill(self, ev: Any) -> StepFactory:
        """Cards turned from the stock to refill the layout."""

    def no_flip(self, ev: Any, carry: list[Event]) -> StepFactory:
        """No card to turn: the stock is empty."""

    def redeal(self, ev: Any, carry: list[Event]) -> StepFactory:
        """Every hand dealt again from the stock."""

    def turn_up(self, ev: Any) -> StepFactory:
        """Cards turned from the stock to the layout one by one."""

    def draw(self, ev: Any, carry: list[Event]) -> StepFactory:
        """The stock's top card to a hand (face down to another seat's)."""

    def passed(self, ev: Any, carry: list[Event]) -> StepFactory:
        """A seat with no cards passed over."""


@dataclass
class Showing:
    """The steps being made for one engine call's events, and what the next event's movement needs to know."""

    events: Sequence[Event]
    """Every event of the call."""

    out: list[StepFactory] = field(default_factory=list)
    """The steps so far, in order."""

    carry: list[Event] = field(default_factory=list)
    """Events waiting to be told with the next movement (a played card tells as it lands)."""

    flip_after: float | None = None
    """Where into the last step the next turned card may start to turn (None: after it)."""


@dataclass(frozen=True)
class Presenter:
    """How one kind of event is presented; a part left None means the event has none of it."""

    tell: Callable[[list[str], Any], tuple[str, Telling]] | None = None
    """Its words in the log, given the seats' names, and how they join it."""

    move: Callable[[Stage, Any, Showing], float | None] | None = None
    """Adds the steps that show it; returns where into them the next turned card may start to turn."""

    sound: Callable[[Any], str] | None = None
    """The effect that sounds as it is shown."""

    review: Callable[[Any], str] | None = None
    """Its words in the review's list of turns."""

    card: Callable[[Any], str] | None = None
    """Its card's name, by which the review lists a turn that has no words of its own."""


NOTHING = Presenter()
"""The presentation of an event with no row: nothing told, moved, sounded or listed."""


def cards_text(cards: Sequence[Card]) -> str:
    """Cards in words: "7♦, 3♥"."""
    return _(", ").join(c.pretty for c in cards)


def gain_text(points: int) -> str:
    """The points a capture wins, as it follows its cards: " (+3)", nothing for none."""
    return _(" (+{points})").format(points=points) if points else ""


def always(effect: str) -> Callable[[Any], str]:
    """A sound column that plays ``effect`` for every event of its row."""
    return lambda _ev: effect


def card_name(ev: Any) -> str:
    """The name of the card an event carries (its ``card``)."""
    return str(ev.card.pretty)


def told_played(names: list[str], ev: Any) -> tuple[str, Telling]:
    """A card played, beginning its turn's entry."""
    return _("{name} played {card}").format(name=names[ev.seat], card=ev.card.pretty), "begin"


def told_joined(names: list[str], ev: Any) -> tuple[str, Telling]:
    """A played card that took nothing."""
    return _(", which joined the layout."), "extend"


def told_deal_over(names: list[str], ev: Any) -> tuple[str, Telling]:
    """The deal's end."""
    return _("The deal is over."), "entry"


def move_played(stage: Stage, ev: Any, s: Showing) -> float | None:
    """A card played is told as it lands."""
    s.carry.append(ev)
    return None


def move_deal_over(stage: Stage, ev: Any, s: Showing) -> float | None:
    """The deal's end is told, with whatever waits to be."""
    s.out.append(stage.tell_only(s.carry + [ev]))
    s.carry = []
    return None


PLAYED = Presenter(tell=told_played, move=move_played, sound=always("lay"), card=card_name)
"""A card played from a hand, in every game."""

DEAL_OVER = Presenter(tell=told_deal_over, move=move_deal_over, sound=always("deal-over"))
"""A deal's end, in every game."""


def move_taking(stage: Stage, taking: Taking, told: Event, s: Showing, triple: bool = False) -> None:
    """A card onto what it takes, the capture glowing, then swept to its seat's pile telling ``told`` (the game's
    own event) with whatever waits to be told."""
    s.out.append(stage.enter(taking.seat, taking.card, s.carry, taking))
    s.out.append(stage.glow(taking, triple))
    s.out.append(stage.sweep(taking, told))
    s.carry = []
