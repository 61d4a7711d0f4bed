"""Chinese Ten at the table: its board, its phases, its previews, its capture choice and its words."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from chinese_ten.cards import Card
from chinese_ten.games.ten.deal import Action, Deal
from chinese_ten.games.ten.events import (Captured, ChoiceNeeded, Dealt, DealerSweep, DealOver, Event, JoinedLayout,
                                          NoFlip, Played, Redealt, Refilled, ThrownIn, TripleCaptured, Turned)
from chinese_ten.games.ten.record import deal_of, record_of, replay
from chinese_ten.games.ten import helppages
from chinese_ten.games.ten.rules import CLASSIC, PRESETS, RuleSet
from chinese_ten.games.ten.texts import (count_explanation, lead_text, number_text, tagline, tie_score_text,
                                         winning_text)
from chinese_ten.games.ten.turns import Phase, TurnRecord
from chinese_ten.games.ten.view import SeatView
from chinese_ten.i18n import _, ngettext
from chinese_ten.ui.table.animation import overlap
from chinese_ten.ui.table.board import Board
from chinese_ten.ui.table.games.base import Advice, CountRow, GameTable, Offer, Option, Preview, Replayed, Submit
from chinese_ten.ui.table.presenting import (DEAL_OVER, FLIP_AFTER_LANDING, FLIP_AFTER_SWEEP, PLAYED, Presenter, Showing,
                                             Stage, Taking, Telling, always, card_name, cards_text, gain_text,
                                             move_taking, told_joined)


def turn_events(deal: Deal, turn: TurnRecord) -> list[Event]:
    """Play one resolved turn of a record on ``deal``; the events it caused, the turned card's included."""
    events = deal.play(turn.play, list(turn.take) or None)
    if deal.phase is Phase.FLIP:
        events += deal.flip(list(turn.flip_take) or None)
    return events


# ---------------------------------------------------------------------- how its events are presented


def thrown_in_text(dealer: str, event: ThrownIn) -> str:
    """A dead layout thrown in, in words."""
    return _("Dead layout {cards}: thrown in, {dealer} to deal again.").format(
        cards=cards_text(event.layout), dealer=dealer)


def redeal_text(event: Redealt) -> str:
    """A re-deal, in words."""
    return ngettext("Every hand is empty: {n} more card each from the stock.",
                    "Every hand is empty: {n} more cards each from the stock.", event.each).format(n=event.each)


def _told_turned(names: list[str], ev: Turned) -> tuple[str, Telling]:
    return _(" Turned {card}").format(card=ev.card.pretty), "extend"


def _told_triple(names: list[str], ev: TripleCaptured) -> tuple[str, Telling]:
    words = _(" and took all three: {cards}{gain}.") if ev.source == "play" else _(", took all three: {cards}{gain}.")
    return words.format(cards=cards_text(ev.taken), gain=gain_text(ev.points)), "extend"


def _told_captured(names: list[str], ev: Captured) -> tuple[str, Telling]:
    words = _(" and took {cards}{gain}.") if ev.source == "play" else _(", took {cards}{gain}.")
    return words.format(cards=cards_text(ev.taken), gain=gain_text(ev.points)), "extend"


def _told_sweep(names: list[str], ev: DealerSweep) -> tuple[str, Telling]:
    return _("Four of a kind in the layout: {name}, the dealer, took {cards}{gain}.").format(
        name=names[ev.seat], cards=cards_text(ev.cards), gain=gain_text(ev.points)), "entry"


def _told_thrown_in(names: list[str], ev: ThrownIn) -> tuple[str, Telling]:
    return thrown_in_text(names[ev.seat], ev), "entry"


def _told_refilled(names: list[str], ev: Refilled) -> tuple[str, Telling]:
    return _("{cards} turned from the stock to refill the layout.").format(cards=cards_text(ev.cards)), "entry"


def _told_no_flip(names: list[str], ev: NoFlip) -> tuple[str, Telling]:
    return " " + _("The stock is empty: no card to turn."), "extend"


def _told_redealt(names: list[str], ev: Redealt) -> tuple[str, Telling]:
    return redeal_text(ev), "entry"


def _reviewed_captured(ev: Captured) -> str:
    words = _("{card} took {cards}") if ev.source == "play" else _("turned {card} took {cards}")
    return words.format(card=ev.card.pretty, cards=cards_text(ev.taken))


def _reviewed_joined(ev: JoinedLayout) -> str:
    words = _("{card} to the layout") if ev.source == "play" else _("turned {card} to the layout")
    return words.format(card=ev.card.pretty)


def _sound_capture(ev: Captured | DealerSweep) -> str:
    return "capture-scoring" if ev.points else "capture"


def _move_turned(stage: Stage, ev: Turned, s: Showing) -> float | None:
    if s.flip_after is not None and not s.carry:
        s.out[-1] = overlap(s.out[-1], stage.flip(ev, s.carry), s.flip_after)
    else:
        s.out.append(stage.flip(ev, s.carry))
    s.carry = []
    return None


def _move_captured(stage: Stage, ev: Captured, s: Showing) -> float | None:
    move_taking(stage, Taking(ev.seat, ev.card, ev.taken, ev.points, ev.source), ev, s, isinstance(ev, TripleCaptured))
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


PRESENTERS: dict[type, Presenter] = {
    Played: PLAYED,
    Turned: Presenter(tell=_told_turned, move=_move_turned, sound=always("turn"), card=card_name),
    Captured: Presenter(tell=_told_captured, move=_move_captured, sound=_sound_capture, review=_reviewed_captured),
    TripleCaptured: Presenter(tell=_told_triple, move=_move_captured, sound=_sound_capture, review=_reviewed_captured),
    JoinedLayout: Presenter(tell=told_joined, move=_move_joined, sound=always("lay"), review=_reviewed_joined),
    ChoiceNeeded: Presenter(move=_move_choice),
    DealerSweep: Presenter(tell=_told_sweep, move=_move_sweep, sound=_sound_capture),
    ThrownIn: Presenter(tell=_told_thrown_in, move=_move_thrown_in, sound=always("shuffle")),
    Refilled: Presenter(tell=_told_refilled, move=_move_refilled, sound=always("turn")),
    NoFlip: Presenter(tell=_told_no_flip, move=_move_no_flip),
    Redealt: Presenter(tell=_told_redealt, move=_move_redealt, sound=always("shuffle")),
    DealOver: DEAL_OVER,
}
"""How each of Chinese Ten's events is presented (see :mod:`chinese_ten.ui.table.presenters`)."""


class TenTable(GameTable):
    """Chinese Ten's part of the table (see :class:`~chinese_ten.ui.table.games.TableGame`): a capture choice
    shown by lit cards alone, no points over the piles."""

    name = "ten"
    presenters: Mapping[type, Presenter] = PRESENTERS
    """How each of its events is presented."""

    def board(self, dealt: Dealt, opening: Sequence[Any]) -> Board:
        """The table as dealt, before any opening capture; a dead layout thrown in first shows first."""
        thrown = [ev for ev in opening if isinstance(ev, ThrownIn)]
        return Board.dealt(dealt.hands, dealt.layout, dealt.stock, thrown=thrown[0].layout if thrown else None)

    def to_move(self, view: SeatView) -> int | None:
        """The seat to move."""
        return view.to_move

    def is_over(self, view: SeatView) -> bool:
        """True once the deal is over."""
        return view.phase is Phase.OVER

    def may_play(self, view: SeatView, seat: int) -> bool:
        """True when the deal waits for ``seat`` to play a hand card."""
        return view.phase is Phase.PLAY and view.to_move == seat

    def waiting(self, view: SeatView) -> bool:
        """True while the stock card is still to be turned."""
        return view.phase is Phase.FLIP

    def points_of(self, view: SeatView, card: Card) -> int:
        """What ``card`` scores at this deal's seat count."""
        return view.points_of(card)

    def preview(self, view: SeatView, card: Card) -> Preview:
        """What playing ``card`` now would take, and the points it would win."""
        cands = view.candidates(card)
        triple = view.is_triple(card)
        own = view.points_of(card)
        gains = {c: own + view.points_of(c) for c in cands}
        if triple:
            gain = own + sum(view.points_of(c) for c in cands)
        elif cands:
            gain = max(gains.values())
        else:
            gain = 0
        return Preview(card, cands, triple, view.choice_matters(card) if cands else False, gain, gains)

    def preview_text(self, p: Preview) -> str:
        """What a hand card would do, in words."""
        c = p.card.pretty
        if not p.candidates:
            return _("{card} takes nothing: it would join the layout.").format(card=c)
        if p.triple:
            return _("{card} takes all three: {cards} for +{points}.").format(
                card=c, cards=_(", ").join(x.pretty for x in p.candidates), points=p.gain)
        if p.choice:
            opts = _(" or ").join(_("{card} (+{points})").format(card=x.pretty, points=p.gains[x])
                                  for x in p.candidates)
            return _("{card} can take {options}: you pick.").format(card=c, options=opts)
        best = max(p.candidates, key=lambda x: p.gains[x])
        return _("{card} takes {target} for +{points}.").format(card=c, target=best.pretty, points=p.gain)

    def play(self, view: SeatView, card: Card, choose: bool = False) -> Submit:
        """Play ``card``: the rules ask for a choice afterwards, when there is one."""
        return Submit(Action.play(card))

    def owed(self, view: SeatView, seat: int) -> Offer | None:
        """The waiting card's candidates, each an option, when ``seat`` owes the choice."""
        pending = view.pending
        if pending is None or pending.seat != seat:
            return None
        own = view.points_of(pending.card)
        options = tuple(Option(((c,),), own + view.points_of(c)) for c in pending.candidates)
        return Offer(pending.card, options, pending.source)

    def take(self, offer: Offer, option: Option) -> Action:
        """Take the option's one card."""
        return Action.choose(option.cards[0])

    def starts_turn(self, events: Sequence[Any]) -> bool:
        """True when a card is played among ``events``."""
        return any(isinstance(e, Played) for e in events)

    def hint_owed(self, view: SeatView) -> str:
        """A play, or the take of the played or turned card waiting."""
        pending = view.pending
        return pending.source if pending is not None else "play-card"

    def advice(self, answer: Any, offer: Offer | None, may_play: bool) -> Advice | None:
        """In a capture choice, the waiting card with the candidate to take; else the card to play."""
        if not isinstance(answer, Action):
            return None
        if offer is not None:
            ok = answer.kind == "choose" and answer.card in offer.lit
            return Advice(offer.card, answer.card, ((answer.card,),)) if ok and answer.card is not None else None
        if not may_play or answer.kind != "play" or answer.card is None:
            return None
        take = answer.take[0] if answer.take is not None and len(answer.take) == 1 else None
        return Advice(answer.card, take, ((take,),) if take is not None else ())

    def rules_words(self, rules: RuleSet) -> list[str]:
        """The preset, and the direction of play when it is not clockwise."""
        parts = [_("{preset} rules").format(preset=_(PRESETS[rules.preset].title))]
        if rules.direction != "clockwise":
            parts.append(_("Counter-clockwise"))
        return parts

    def description(self) -> str:
        """Pairs that make ten."""
        return _("Pairs that make ten · {low} to {high} players")

    def tagline(self, rules: RuleSet, seats: int) -> str:
        """What scores under the rules and at the seats chosen."""
        return tagline(rules, seats)

    def lead_words(self, rules: RuleSet, seats: int) -> str:
        """Whether the person deals the first deal too, as the rules have it."""
        return lead_text(rules, seats)

    def rules_blocks(self, rules: RuleSet | None, seats: int) -> tuple[tuple[str, object], ...]:
        """The rules in short with two turns worked through, under ``rules`` (the classic ones for None)."""
        return helppages.rules_blocks(rules or CLASSIC, seats)

    def values_blocks(self, rules: RuleSet | None) -> tuple[tuple[str, object], ...]:
        """Each card's points by the number of players, and a worked count."""
        return helppages.values_blocks(rules or CLASSIC)

    def winning_words(self, rules: RuleSet) -> str | None:
        """Who wins a match played to the tie score; None for the highest total."""
        return winning_text(rules) if rules.win == "target" else None

    def score_note(self, view: SeatView, rules: RuleSet, seats: int) -> tuple[str, ...]:
        """The deal's margin explained with its tie score, shorter and shorter."""
        tie = number_text(view.tie_score)
        return (_("Deal: points beyond an even share so far (tie score {tie})").format(tie=tie),
                _("Deal: beyond an even share · tie {tie}").format(tie=tie),
                tie_score_text(rules, seats))

    def margins(self, deal: Deal) -> list[Fraction]:
        """Points less the tie score."""
        return list(deal.exact_margins)

    def count(self, deal: Deal) -> list[CountRow]:
        """Each seat's scoring cards, most points first."""
        rows = []
        for seat in range(deal.seats):
            pile = deal.pile(seat)
            scoring = tuple(sorted((c for c in pile if deal.points_of(c)),
                                   key=lambda c: (-deal.points_of(c), c.rank, c.suit)))
            rows.append(CountRow(scoring, tuple(deal.points_of(c) for c in scoring), len(pile), deal.points[seat],
                                 deal.exact_margins[seat]))
        return rows

    def count_explanation(self, rules: RuleSet, seats: int) -> str:
        """The pack's points over the seats make the tie score."""
        return count_explanation(rules, seats)

    def record_of(self, deal: Deal, **extra: Any) -> dict[str, Any]:
        """The deal as a ``chinese-ten/deal-v1`` record."""
        return record_of(deal, **extra)

    def replayed(self, record: dict[str, Any]) -> Replayed:
        """Every resolved turn of the record played on its deal (a RecordError refuses an illegal one)."""
        turns = replay(record).turns
        start = deal_of(record)
        deal = start.copy()
        events, positions = [], [deal.copy()]
        for turn in turns:
            events.append(tuple(turn_events(deal, turn)))
            positions.append(deal.copy())
        return Replayed(start, tuple(turns), tuple(events), tuple(positions))

    def dealt_board(self, start: Deal) -> Board:
        """The deal as dealt, every hand open, before any opening capture."""
        return self.board(start.dealt(), start.opening_events)

    def option_cards(self, choice: Any, kind: str) -> tuple[Card, ...]:
        """A play's card then what it takes; a take's card (the card taking it waits off the layout)."""
        if kind == "play" and choice.play is not None:
            return (choice.play, *choice.take)
        return tuple(reversed(choice.take))

    def shares_option(self, kind: str, card: Card, other: Card, points: Callable[[Card], int]) -> bool:
        """Cards of one rank worth the same points, played or taken, are one option."""
        return card.rank == other.rank and points(card) == points(other)

    def take_words(self, take: Sequence[Card]) -> str:
        """The cards taken: "7♦, 3♥"."""
        return _(", ").join(c.pretty for c in take)


TABLE = TenTable()
"""Chinese Ten's adapter."""
