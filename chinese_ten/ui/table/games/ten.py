"""Chinese Ten at the table: its board, its phases, its previews, its capture choice and its words."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from chinese_ten.cards import Card
from chinese_ten.games.ten.deal import Action, Deal
from chinese_ten.games.ten.events import Dealt, Event, Played, ThrownIn
from chinese_ten.games.ten.record import deal_of, record_of, replay
from chinese_ten.games.ten.rules import PRESETS, RuleSet
from chinese_ten.games.ten.texts import count_explanation, number_text, tie_score_text, winning_text
from chinese_ten.games.ten.turns import Phase, TurnRecord
from chinese_ten.games.ten.view import SeatView
from chinese_ten.i18n import _
from chinese_ten.ui.table.board import Board
from chinese_ten.ui.table.games.base import Advice, CountRow, Offer, Option, Preview, Replayed, Submit


def turn_events(deal: Deal, turn: TurnRecord) -> list[Event]:
    """Play one resolved turn of a record on ``deal``; the events it caused, the turned card's included."""
    events = deal.play(turn.play, list(turn.take) or None)
    if deal.phase is Phase.FLIP:
        events += deal.flip(list(turn.flip_take) or None)
    return events


class TenTable:
    """Chinese Ten's part of the table (see :class:`~chinese_ten.ui.table.games.TableGame`)."""

    name = "ten"
    lists_options = False
    reviewable = True
    points_at_piles = False
    review_module = "chinese_ten.games.ten.review"

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


TEN = TenTable()
"""Chinese Ten's adapter."""
