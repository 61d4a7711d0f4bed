"""How each game's events reach the screen, in one table: its words in the table's log,
the movement that shows it, the sound it makes, and its words in the review's list of turns.

:data:`PRESENTERS` has a row per event type; :func:`presenter_for` finds an event's row (a
subclass without a row of its own, such as a triple capture for the movement, takes its parent's).
The narration, the choreographer, the sound and the review each read their column.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from chinese_ten.cards import Card
from chinese_ten.games.fishing import events as fishing
from chinese_ten.games.ten.events import (
    Captured,
    ChoiceNeeded,
    DealerSweep,
    DealOver,
    JoinedLayout,
    NoFlip,
    Played,
    Redealt,
    Refilled,
    ThrownIn,
    TripleCaptured,
    Turned,
)
from chinese_ten.games.ten.events import Event as TenEvent
from chinese_ten.i18n import _, ngettext
from chinese_ten.ui.table.animation import StepFactory, overlap
from chinese_ten.ui.table.games.base import sets_text

Event = TenEvent | fishing.FishingEvent
"""An event of any game the table shows."""

Telling = Literal["begin", "extend", "entry", "lead"]
"""How words join the log: ``begin`` a turn's entry (more words follow), ``extend`` the turn's entry
(or begin one), ``entry`` an entry of its own, ``lead`` the start of the next turn's entry (Go Fishing's
refill before a seat plays: the turn it begins goes on in the same entry)."""

FLIP_AFTER_SWEEP = 0.4
"""The stock card starts to turn this far into the sweep of the played card's capture."""

FLIP_AFTER_LANDING = 0.7
"""The stock card starts to turn this far into the played card's move to the layout."""


# ---------------------------------------------------------------------- words


def cards_text(cards: Sequence[Card]) -> str:
    """Cards in words: "7♦, 3♥"."""
    return _(", ").join(c.pretty for c in cards)


def _gain(points: int) -> str:
    return _(" (+{points})").format(points=points) if points else ""


def thrown_in_text(dealer: str, event: ThrownIn) -> str:
    """A dead layout thrown in, in words."""
    return _("Dead layout {cards}: thrown in, {dealer} to deal again.").format(
        cards=cards_text(event.layout), dealer=dealer)


def redeal_text(event: Redealt) -> str:
    """A re-deal, in words."""
    return ngettext("Every hand is empty: {n} more card each from the stock.",
                    "Every hand is empty: {n} more cards each from the stock.", event.each).format(n=event.each)


def _told_played(names: list[str], ev: Played) -> tuple[str, Telling]:
    return _("{name} played {card}").format(name=names[ev.seat], card=ev.card.pretty), "begin"


def _told_turned(names: list[str], ev: Turned) -> tuple[str, Telling]:
    return _(" Turned {card}").format(card=ev.card.pretty), "extend"


def _told_triple(names: list[str], ev: TripleCaptured) -> tuple[str, Telling]:
    words = _(" and took all three: {cards}{gain}.") if ev.source == "play" else _(", took all three: {cards}{gain}.")
    return words.format(cards=cards_text(ev.taken), gain=_gain(ev.points)), "extend"


def _told_captured(names: list[str], ev: Captured) -> tuple[str, Telling]:
    words = _(" and took {cards}{gain}.") if ev.source == "play" else _(", took {cards}{gain}.")
    return words.format(cards=cards_text(ev.taken), gain=_gain(ev.points)), "extend"


def _told_joined(names: list[str], ev: JoinedLayout) -> tuple[str, Telling]:
    return _(", which joined the layout."), "extend"


def _told_sweep(names: list[str], ev: DealerSweep) -> tuple[str, Telling]:
    return _("Four of a kind in the layout: {name}, the dealer, took {cards}{gain}.").format(
        name=names[ev.seat], cards=cards_text(ev.cards), gain=_gain(ev.points)), "entry"


def _told_thrown_in(names: list[str], ev: ThrownIn) -> tuple[str, Telling]:
    return thrown_in_text(names[ev.seat], ev), "entry"


def _told_refilled(names: list[str], ev: Refilled) -> tuple[str, Telling]:
    return _("{cards} turned from the stock to refill the layout.").format(cards=cards_text(ev.cards)), "entry"


def _told_no_flip(names: list[str], ev: NoFlip) -> tuple[str, Telling]:
    return " " + _("The stock is empty: no card to turn."), "extend"


def _told_redealt(names: list[str], ev: Redealt) -> tuple[str, Telling]:
    return redeal_text(ev), "entry"


def _told_deal_over(names: list[str], ev: DealOver) -> tuple[str, Telling]:
    return _("The deal is over."), "entry"


def _reviewed_captured(ev: Captured) -> str:
    words = _("{card} took {cards}") if ev.source == "play" else _("turned {card} took {cards}")
    return words.format(card=ev.card.pretty, cards=cards_text(ev.taken))


def _reviewed_joined(ev: JoinedLayout) -> str:
    words = _("{card} to the layout") if ev.source == "play" else _("turned {card} to the layout")
    return words.format(card=ev.card.pretty)


def _told_sets(names: list[str], ev: fishing.CapturedSets) -> tuple[str, Telling]:
    return _(" and took {cards} (+{points}).").format(cards=sets_text(ev.sets), points=ev.points), "extend"


def _reviewed_sets(ev: fishing.CapturedSets) -> str:
    return _("{card} took {cards}").format(card=ev.card.pretty, cards=sets_text(ev.sets))


def _reviewed_joined_fishing(ev: fishing.JoinedLayout) -> str:
    return _("{card} to the layout").format(card=ev.card.pretty)


def _told_drew(names: list[str], ev: fishing.Drew) -> tuple[str, Telling]:
    if ev.card is None:
        return " " + _("{name} drew a card.").format(name=names[ev.seat]), "extend"
    return " " + _("{name} drew {card}.").format(name=names[ev.seat], card=ev.card.pretty), "extend"


def _told_layout_refilled(names: list[str], ev: fishing.LayoutRefilled) -> tuple[str, Telling]:
    return _("{cards} turned up for the layout.").format(cards=cards_text(ev.cards)), "lead"


def _told_passed(names: list[str], ev: fishing.PassedOver) -> tuple[str, Telling]:
    if names[ev.seat] == _("You"):
        return " " + _("You have no cards: passed over."), "extend"
    return " " + _("{name} has no cards: passed over.").format(name=names[ev.seat]), "extend"


# ---------------------------------------------------------------------- sounds


def _sound_capture(ev: Captured | DealerSweep) -> str:
    return "capture-scoring" if ev.points else "capture"


# ---------------------------------------------------------------------- movements


class Stage(Protocol):
    """The movements an event's animation is made of
    (:class:`~chinese_ten.ui.table.choreography.Choreographer` makes them)."""

    @property
    def pace(self) -> Any:
        """Seconds per kind of movement."""

    def tell_only(self, events: list[Event]) -> StepFactory:
        """A step that only tells ``events``."""

    def flip(self, ev: Turned, carry: list[Event]) -> StepFactory:
        """The stock card turned face up."""

    def to_stage(self, seat: int, card: object, carry: list[Event]) -> StepFactory:
        """A played card to the middle, where it waits for its capture to be chosen."""

    def enter(self, seat: int, card: object, tell: list[Event], capture: Captured | None) -> StepFactory:
        """A card to the layout (onto what it captures)."""

    def glow(self, ev: Captured) -> StepFactory:
        """A capture's cards glowing."""

    def sweep(self, ev: Captured, told: Event | None = None) -> StepFactory:
        """A capture swept to its seat's pile (telling ``told``, the game's own event, in its place)."""

    def sweep_glow(self, ev: DealerSweep) -> StepFactory:
        """The dealer's four of a kind glowing."""

    def sweep_opening(self, ev: DealerSweep) -> StepFactory:
        """The dealer's four of a kind swept to the dealer's pile."""

    def dead_glow(self, ev: ThrownIn) -> StepFactory:
        """A dead layout glowing."""

    def throw_in(self, ev: ThrownIn, following: tuple[Card, ...] | None) -> StepFactory:
        """A dead layout thrown in, and the next layout dealt."""

    def refill(self, ev: Refilled) -> StepFactory:
        """Cards turned from the stock to refill the layout."""

    def no_flip(self, ev: NoFlip, carry: list[Event]) -> StepFactory:
        """No card to turn: the stock is empty."""

    def redeal(self, ev: Redealt, carry: list[Event]) -> StepFactory:
        """Every hand dealt again from the stock."""

    def turn_up(self, ev: fishing.LayoutRefilled) -> StepFactory:
        """Cards turned from the stock to the layout one by one."""

    def draw(self, ev: fishing.Drew, carry: list[Event]) -> StepFactory:
        """The stock's top card to a hand (face down to another seat's)."""

    def passed(self, ev: fishing.PassedOver, carry: list[Event]) -> StepFactory:
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


def _move_played(stage: Stage, ev: Played, s: Showing) -> float | None:
    s.carry.append(ev)
    return None


def _move_turned(stage: Stage, ev: Turned, s: Showing) -> float | None:
    if s.flip_after is not None and not s.carry:
        s.out[-1] = overlap(s.out[-1], stage.flip(ev, s.carry), s.flip_after)
    else:
        s.out.append(stage.flip(ev, s.carry))
    s.carry = []
    return None


def _move_captured(stage: Stage, ev: Captured, s: Showing) -> float | None:
    s.out.append(stage.enter(ev.seat, ev.card, s.carry, ev))
    s.out.append(stage.glow(ev))
    s.out.append(stage.sweep(ev))
    s.carry = []
    return stage.pace.sweep * FLIP_AFTER_SWEEP if ev.source == "play" else None


def _move_joined(stage: Stage, ev: JoinedLayout, s: Showing) -> float | None:
    s.out.append(stage.enter(ev.seat, ev.card, s.carry + [ev], None))
    s.carry = []
    return stage.pace.move * FLIP_AFTER_LANDING if ev.source == "play" else None


def _move_choice(stage: Stage, ev: ChoiceNeeded, s: Showing) -> float | None:
    if ev.source == "play":
        s.out.append(stage.to_stage(ev.seat, ev.card, s.carry))
    s.carry = []
    return None


def _move_sweep(stage: Stage, ev: DealerSweep, s: Showing) -> float | None:
    s.out.append(stage.sweep_glow(ev))
    s.out.append(stage.sweep_opening(ev))
    return None


def _move_deal_over(stage: Stage, ev: DealOver, s: Showing) -> float | None:
    s.out.append(stage.tell_only(s.carry + [ev]))
    s.carry = []
    return None


def _move_thrown_in(stage: Stage, ev: ThrownIn, s: Showing) -> float | None:
    later = [e for e in s.events if isinstance(e, ThrownIn)]
    following = later[later.index(ev) + 1:]
    s.out.append(stage.dead_glow(ev))
    s.out.append(stage.throw_in(ev, following[0].layout if following else None))
    return None


def _move_refilled(stage: Stage, ev: Refilled, s: Showing) -> float | None:
    s.out.append(stage.refill(ev))
    return None


def _move_no_flip(stage: Stage, ev: NoFlip, s: Showing) -> float | None:
    s.out.append(stage.no_flip(ev, s.carry))
    s.carry = []
    return None


def _move_redealt(stage: Stage, ev: Redealt, s: Showing) -> float | None:
    s.out.append(stage.redeal(ev, s.carry))
    s.carry = []
    return None


def _move_sets(stage: Stage, ev: fishing.CapturedSets, s: Showing) -> float | None:
    taken = Captured(ev.seat, ev.card, tuple(c for group in ev.sets for c in group), ev.points, "play")
    s.out.append(stage.enter(ev.seat, ev.card, s.carry, taken))
    s.out.append(stage.glow(taken))
    s.out.append(stage.sweep(taken, ev))
    s.carry = []
    return stage.pace.sweep * FLIP_AFTER_SWEEP


def _move_joined_fishing(stage: Stage, ev: fishing.JoinedLayout, s: Showing) -> float | None:
    s.out.append(stage.enter(ev.seat, ev.card, s.carry + [ev], None))
    s.carry = []
    return stage.pace.move * FLIP_AFTER_LANDING


def _move_drew(stage: Stage, ev: fishing.Drew, s: Showing) -> float | None:
    draw = stage.draw(ev, s.carry)
    if s.flip_after is not None and not s.carry and s.out:
        s.out[-1] = overlap(s.out[-1], draw, s.flip_after)
    else:
        s.out.append(draw)
    s.carry = []
    return None


def _move_layout_refilled(stage: Stage, ev: fishing.LayoutRefilled, s: Showing) -> float | None:
    s.out.append(stage.turn_up(ev))
    return None


def _move_passed(stage: Stage, ev: fishing.PassedOver, s: Showing) -> float | None:
    ending = any(isinstance(e, fishing.DealOver) for e in s.events)  # at the end every seat is passed: no news
    s.out.append(stage.tell_only(s.carry) if ending else stage.passed(ev, s.carry))
    s.carry = []
    return None


# ---------------------------------------------------------------------- the table


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


def _always(effect: str) -> Callable[[Any], str]:
    return lambda _ev: effect


def _card_name(ev: Played | Turned) -> str:
    return ev.card.pretty


NOTHING = Presenter()
"""The presentation of an event with no row: nothing told, moved, sounded or listed."""

PRESENTERS: dict[type, Presenter] = {
    Played: Presenter(tell=_told_played, move=_move_played, sound=_always("lay"), card=_card_name),
    Turned: Presenter(tell=_told_turned, move=_move_turned, sound=_always("turn"), card=_card_name),
    Captured: Presenter(tell=_told_captured, move=_move_captured, sound=_sound_capture, review=_reviewed_captured),
    TripleCaptured: Presenter(tell=_told_triple, move=_move_captured, sound=_sound_capture, review=_reviewed_captured),
    JoinedLayout: Presenter(tell=_told_joined, move=_move_joined, sound=_always("lay"), review=_reviewed_joined),
    ChoiceNeeded: Presenter(move=_move_choice),
    DealerSweep: Presenter(tell=_told_sweep, move=_move_sweep, sound=_sound_capture),
    ThrownIn: Presenter(tell=_told_thrown_in, move=_move_thrown_in, sound=_always("shuffle")),
    Refilled: Presenter(tell=_told_refilled, move=_move_refilled, sound=_always("turn")),
    NoFlip: Presenter(tell=_told_no_flip, move=_move_no_flip),
    Redealt: Presenter(tell=_told_redealt, move=_move_redealt, sound=_always("shuffle")),
    DealOver: Presenter(tell=_told_deal_over, move=_move_deal_over, sound=_always("deal-over")),
    # Go Fishing
    fishing.Played: Presenter(tell=_told_played, move=_move_played, sound=_always("lay"), card=_card_name),
    fishing.CapturedSets: Presenter(tell=_told_sets, move=_move_sets, sound=_always("capture-scoring"),
                                    review=_reviewed_sets),
    fishing.JoinedLayout: Presenter(tell=_told_joined, move=_move_joined_fishing, sound=_always("lay"),
                                    review=_reviewed_joined_fishing),
    fishing.Drew: Presenter(tell=_told_drew, move=_move_drew),
    fishing.LayoutRefilled: Presenter(tell=_told_layout_refilled, move=_move_layout_refilled, sound=_always("turn")),
    fishing.PassedOver: Presenter(tell=_told_passed, move=_move_passed),
    fishing.DealOver: Presenter(tell=_told_deal_over, move=_move_deal_over, sound=_always("deal-over")),
}
"""Every game's events and how each is presented (Chinese Ten's, then Go Fishing's)."""


def presenter_for(event: object) -> Presenter:
    """The row of ``event``'s type, or of the nearest type it derives from; :data:`NOTHING` when none has one."""
    for kind in type(event).__mro__:
        row = PRESENTERS.get(kind)
        if row is not None:
            return row
    return NOTHING
