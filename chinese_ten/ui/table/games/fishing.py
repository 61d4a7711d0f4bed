"""Chinese Go Fishing at the table: its board, its turns, its previews and capture choice, and its words.

A played card may take any of several families of sets (RULES.md, "Chinese Go Fishing"); when
more than one family is open to it the table offers them, the most points first and taking
nothing last, before the action goes to the session; with one family (or none) the card is
played at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from chinese_ten.cards import Card
from chinese_ten.games.fishing import helppages
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.events import (CapturedSets, DealOver, Dealt, Drew, JoinedLayout, LayoutRefilled,
                                              PassedOver, Played)
from chinese_ten.games.fishing.legal import card_families
from chinese_ten.games.fishing.record import FishingRecordError, deal_of, record_of, replay, turn_action
from chinese_ten.games.fishing.rules import CARD_POINTS, CARD_VALUE, LAYOUT_SIZE, FishingRules
from chinese_ten.games.fishing.state import FishingDeal
from chinese_ten.games.fishing.view import FishingView
from chinese_ten.i18n import _
from chinese_ten.ui.table.animation import overlap
from chinese_ten.ui.table.board import Board
from chinese_ten.ui.table.geometry import slot_capacity
from chinese_ten.ui.table.games.base import Advice, CountRow, GameTable, Offer, Option, Preview, Replayed, Submit, sets_text
from chinese_ten.ui.table.presenting import (DEAL_OVER, FLIP_AFTER_LANDING, FLIP_AFTER_SWEEP, PLAYED, Presenter, Showing,
                                             Stage, Taking, Telling, always, cards_text, move_taking,
                                             told_joined)


def options_of(card: Card, layout: Sequence[Card]) -> tuple[Option, ...]:
    """Every way ``card`` may take from ``layout``: the families of :func:`card_families` that take
    something, the most points first (in the rules' order on a tie), then taking nothing."""
    own = CARD_POINTS[card]
    taking = [Option(f, own + sum(CARD_POINTS[c] for s in f for c in s)) for f in card_families(card, layout) if f]
    taking.sort(key=lambda o: -o.points)
    return (*taking, Option((), 0))


# ---------------------------------------------------------------------- how its events are presented


def _told_sets(names: list[str], ev: CapturedSets) -> tuple[str, Telling]:
    return _(" and took {cards} (+{points}).").format(cards=sets_text(ev.sets), points=ev.points), "extend"


def _reviewed_sets(ev: CapturedSets) -> str:
    return _("{card} took {cards}").format(card=ev.card.pretty, cards=sets_text(ev.sets))


def _reviewed_joined(ev: JoinedLayout) -> str:
    return _("{card} to the layout").format(card=ev.card.pretty)


def _told_drew(names: list[str], ev: Drew) -> tuple[str, Telling]:
    if ev.card is None:
        return " " + _("{name} drew a card.").format(name=names[ev.seat]), "extend"
    return " " + _("{name} drew {card}.").format(name=names[ev.seat], card=ev.card.pretty), "extend"


def _told_layout_refilled(names: list[str], ev: LayoutRefilled) -> tuple[str, Telling]:
    return _("{cards} turned up for the layout.").format(cards=cards_text(ev.cards)), "lead"


def _told_passed(names: list[str], ev: PassedOver) -> tuple[str, Telling]:
    if names[ev.seat] == _("You"):
        return " " + _("You have no cards: passed over."), "extend"
    return " " + _("{name} has no cards: passed over.").format(name=names[ev.seat]), "extend"


def _move_sets(stage: Stage, ev: CapturedSets, s: Showing) -> float | None:
    move_taking(stage, Taking(ev.seat, ev.card, tuple(c for group in ev.sets for c in group), ev.points), ev, s)
    return stage.pace.sweep * FLIP_AFTER_SWEEP


def _move_joined(stage: Stage, ev: JoinedLayout, s: Showing) -> float | None:
    s.out.append(stage.enter(ev.seat, ev.card, s.carry + [ev], None))
    s.carry = []
    return stage.pace.move * FLIP_AFTER_LANDING


def _move_drew(stage: Stage, ev: Drew, s: Showing) -> float | None:
    draw = stage.draw(ev, s.carry)
    if s.flip_after is not None and not s.carry and s.out:
        s.out[-1] = overlap(s.out[-1], draw, s.flip_after)
    else:
        s.out.append(draw)
    s.carry = []
    return None


def _move_layout_refilled(stage: Stage, ev: LayoutRefilled, s: Showing) -> float | None:
    s.out.append(stage.turn_up(ev))
    return None


def _move_passed(stage: Stage, ev: PassedOver, s: Showing) -> float | None:
    ending = any(isinstance(e, DealOver) for e in s.events)  # at the end every seat is passed: no news
    s.out.append(stage.tell_only(s.carry) if ending else stage.passed(ev, s.carry))
    s.carry = []
    return None


PRESENTERS: dict[type, Presenter] = {
    Played: PLAYED,
    CapturedSets: Presenter(tell=_told_sets, move=_move_sets, sound=always("capture-scoring"), review=_reviewed_sets),
    JoinedLayout: Presenter(tell=told_joined, move=_move_joined, sound=always("lay"), review=_reviewed_joined),
    Drew: Presenter(tell=_told_drew, move=_move_drew),
    LayoutRefilled: Presenter(tell=_told_layout_refilled, move=_move_layout_refilled, sound=always("turn")),
    PassedOver: Presenter(tell=_told_passed, move=_move_passed),
    DealOver: DEAL_OVER,
}
"""How each of Go Fishing's events is presented (see :mod:`chinese_ten.ui.table.presenters`)."""


class FishingTable(GameTable):
    """Go Fishing's part of the table (see :class:`~chinese_ten.ui.table.games.TableGame`): a capture choice
    listed in a box, each seat's points over its pile."""

    name = "fishing"
    lists_options = True
    points_at_piles = True
    presenters: Mapping[type, Presenter] = PRESENTERS
    """How each of its events is presented."""

    def board(self, dealt: Dealt, opening: Sequence[Any]) -> Board:
        """The hands (the others face down), the layout in its first slots, the stock."""
        return Board.dealt(dealt.hands, dealt.layout, dealt.stock, capacity=slot_capacity(LAYOUT_SIZE))

    def to_move(self, view: FishingView) -> int | None:
        """The seat to play."""
        return view.to_act

    def is_over(self, view: FishingView) -> bool:
        """True once every hand is empty."""
        return view.is_over

    def may_play(self, view: FishingView, seat: int) -> bool:
        """True when ``seat`` is to play."""
        return view.to_act == seat

    def waiting(self, view: FishingView) -> bool:
        """True only while nobody may play before the deal's end: a network seat's decision on its way to the
        server (at a local table the refill and the draw are part of a turn)."""
        return view.to_act is None and not view.is_over

    def points_of(self, view: FishingView, card: Card) -> int:
        """What ``card`` scores when captured."""
        return CARD_POINTS[card]

    def preview(self, view: FishingView, card: Card) -> Preview:
        """Every way ``card`` may take now, best first; the cards lit are those any of them takes."""
        options = options_of(card, view.layout)
        taking = options[:-1]
        lit = tuple(dict.fromkeys(c for o in taking for c in o.cards))
        gains = {c: max(o.points for o in taking if c in o.cards) for c in lit}
        gain = taking[0].points if taking else 0
        return Preview(card, lit, False, len(taking) > 1, gain, gains, options)

    def preview_text(self, p: Preview) -> str:
        """What a hand card would take, in words."""
        c = p.card.pretty
        taking = [o for o in p.options if o.sets]
        if not taking:
            return _("{card} takes nothing: it would join the layout.").format(card=c)
        best = taking[0]
        if len(taking) == 1:
            return _("{card} takes {cards} for +{points} (Shift to take nothing instead).").format(
                card=c, cards=sets_text(best.sets), points=best.points)
        return _("{card} can take {count} ways, best {cards} for +{points}: you pick.").format(
            card=c, count=len(taking), cards=sets_text(best.sets), points=best.points)

    def play(self, view: FishingView, card: Card, choose: bool = False) -> Submit:
        """Play ``card`` at once with its one family (or nothing), or offer its families first; with
        ``choose``, offer even one family beside taking nothing."""
        options = options_of(card, view.layout)
        if len(options) > 2 or (choose and len(options) > 1):
            return Submit(offer=Offer(card, options))
        return Submit(FishingAction(card, options[0].sets))

    def owed(self, view: FishingView, seat: int) -> Offer | None:
        """None: the rules never wait for a choice (the table offers it before the play goes in)."""
        return None

    def take(self, offer: Offer, option: Option) -> FishingAction:
        """Play the offer's card taking ``option``."""
        return FishingAction(offer.card, option.sets)

    def starts_turn(self, events: Sequence[Any]) -> bool:
        """True when a card is played among ``events``."""
        return any(isinstance(e, Played) for e in events)

    def hint_owed(self, view: FishingView) -> str:
        """Always a play."""
        return "play-card"

    def advice(self, answer: Any, offer: Offer | None, may_play: bool) -> Advice | None:
        """The card to play and the sets it takes."""
        if not isinstance(answer, FishingAction) or not (may_play or offer is not None):
            return None
        return Advice(answer.card, answer.taken[0] if len(answer.taken) == 1 else None, answer.sets)

    def rules_words(self, rules: FishingRules) -> list[str]:
        """The game's name (it has no house rules)."""
        return [_("Chinese Go Fishing")]

    def description(self) -> str:
        """Sets that add up to the card played."""
        return _("Sets that add up to your card · {low} to {high} players")

    def tagline(self, rules: Any, seats: int) -> str:
        """What a turn does and who wins."""
        return _("Play a card worth the sum of layout cards to take them all; the most points win.")

    def lead_words(self, rules: Any, seats: int) -> str:
        """The person leads the first deal."""
        return _("You lead the first deal.")

    def rules_blocks(self, rules: Any, seats: int) -> tuple[tuple[str, object], ...]:
        """The rules in short with a turn worked through (played one way: ``rules`` passed over)."""
        return helppages.rules_blocks()

    def values_blocks(self, rules: Any) -> tuple[tuple[str, object], ...]:
        """Each card's value and points, and a worked count."""
        return helppages.values_blocks()

    def winning_words(self, rules: FishingRules) -> str | None:
        """None: the highest total wins a match."""
        return None

    def score_note(self, view: FishingView, rules: FishingRules, seats: int) -> tuple[str, ...]:
        """The deal's result explained: points less the mean of every seat's points."""
        return (_("Deal: points less the mean of all seats' points"), _("Deal: points less the mean"))

    def margins(self, deal: FishingDeal) -> list[Fraction]:
        """Points less the mean."""
        return list(deal.returns())

    def count(self, deal: FishingDeal) -> list[CountRow]:
        """Every captured card of each seat, most points first."""
        rows = []
        margins = deal.returns()
        for seat, pile in enumerate(deal.piles):
            cards = tuple(sorted(pile, key=lambda c: (-CARD_POINTS[c], c.rank, c.suit)))
            rows.append(CountRow(cards, tuple(CARD_POINTS[c] for c in cards), len(pile), deal.points[seat],
                                 margins[seat]))
        return rows

    def count_explanation(self, rules: FishingRules, seats: int) -> str:
        """Each result is the seat's points less the mean."""
        return _("2–10 score 10, J 20, Q 30, K 40, A 50  ·  result = points minus the mean of all {seats} "
                 "players' points").format(seats=seats)

    def record_of(self, deal: FishingDeal, **extra: Any) -> dict[str, Any]:
        """The deal as a ``chinese-ten/fishing-v1`` record."""
        return record_of(deal, **extra)

    def replayed(self, record: dict[str, Any]) -> Replayed:
        """Every turn of the record played on its deal (a FishingRecordError refuses an illegal one)."""
        replay(record)  # checks the whole record first, naming the turn of anything wrong
        start = deal_of(record)
        deal = start.copy()
        turns, events, positions = [], [], [deal.copy()]
        for number, raw in enumerate(record.get("turns", []), start=1):
            try:
                events.append(tuple(deal.apply(turn_action(deal, raw))))
            except ValueError as exc:  # replay passed it: never, but say which turn if it does
                raise FishingRecordError(f"turn {number}: {exc}") from None
            turns.append(deal.turns[-1])
            positions.append(deal.copy())
        return Replayed(start, tuple(turns), tuple(events), tuple(positions))

    def dealt_board(self, start: FishingDeal) -> Board:
        """The deal as dealt, every hand open."""
        return self.board(start.dealt(), start.opening_events)

    def option_cards(self, choice: Any, kind: str) -> tuple[Card, ...]:
        """The card played, then every card of the sets it takes."""
        return (choice.play, *(c for s in choice.take for c in s))

    def shares_option(self, kind: str, card: Card, other: Card, points: Callable[[Card], int]) -> bool:
        """Cards of one value played are one option (they score and capture alike)."""
        return CARD_VALUE[card] == CARD_VALUE[other]

    def take_words(self, take: Any) -> str:
        """The sets taken: "5♦+4♥, 9♣"."""
        return sets_text(take)


TABLE = FishingTable()
"""Go Fishing's adapter."""

__all__ = ["FishingTable", "TABLE", "options_of"]
