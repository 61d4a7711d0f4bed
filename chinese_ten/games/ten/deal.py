"""One deal of Chinese Ten as a state machine.

A :class:`Deal` is dealt from a seed or from given hands, layout and stock. Its
one checked entry, :meth:`Deal.apply`, takes an :class:`Action` (a play with its
take, the flip, a choice of take), validates it, keeps the turn history and
returns the events; :meth:`Deal.legal_actions` lists what may be applied in
every phase, and :meth:`Deal.play`, :meth:`Deal.flip` and :meth:`Deal.choose`
are thin wrappers. The lean calls (:meth:`Deal.fast_turn`,
:meth:`Deal.play_out_random`) skip checks and events for search and simulation;
both paths share the capture logic. Every rule is read from the deal's
:class:`~chinese_ten.games.ten.rules.RuleSet`.

>>> deal = Deal.from_seed(2, seed=7)
>>> deal.to_move, len(deal.hand(1)), deal.stock_left
(1, 12, 24)
>>> action = deal.legal_actions()[0]
>>> Action.parse(str(action)) == action
True
"""

from __future__ import annotations

import random as _random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from chinese_ten.quote import or_list
from chinese_ten.cards import ALL_CARDS, Card, CardError, pack_faults
from chinese_ten.engine.tablecards import TableCards
from chinese_ten.engine.errors import IllegalMove, InvalidAction
from chinese_ten.games.ten.events import (
    Captured,
    ChoiceNeeded,
    DealerSweep,
    Dealt,
    DealOver,
    Event,
    JoinedLayout,
    NoFlip,
    Played,
    Redealt,
    Refilled,
    Source,
    ThrownIn,
    TripleCaptured,
    Turned,
)
from chinese_ten.games.ten.turns import PendingChoice, Phase, TurnRecord
from chinese_ten.games.ten.rules import CLASSIC, PARTNER_RANK, SELF_PAIRING, RuleSet
from chinese_ten.engine.scores import as_number

from chinese_ten.games.ten.view import SeatView

_PARTNER = PARTNER_RANK
_SELF = SELF_PAIRING


@dataclass(frozen=True)
class TurnInProgress:
    """A turn begun and not yet finished: the card played and what it took, then the turned card.

    A take of None means that capture still waits for the seat's choice. With
    the finished turns it is the whole position, so a position can be saved
    and restored exactly (:meth:`actions`).
    """

    seat: int
    play: Card
    take: tuple[Card, ...] | None = None
    flip: Card | None = None
    flip_take: tuple[Card, ...] | None = None

    def actions(self) -> list[Action]:
        """The actions that bring the turn from its start to this point."""
        actions = [Action("play", self.play, self.take or None)]
        if self.take is not None and self.flip is not None:
            actions.append(Action("flip", None, self.flip_take or None))
        return actions


ActionKind = Literal["play", "flip", "choose"]


@dataclass(frozen=True)
class Action:
    """One thing a seat does: play a card (with its take), turn the stock (with its take), or choose a take.

    ``take`` of None leaves the take to the rules: the only or the
    highest-scoring candidate, or a choice to make when candidates differ in
    points. Prints and parses as ``play 7D``, ``play 7D take 3H``,
    ``play 5S take 5H 5D 5C``, ``flip``, ``flip take QD`` and ``choose 3H``.

    >>> Action.parse("play 7d take 3h")
    Action.parse('play 7D take 3H')
    """

    kind: ActionKind
    card: Card | None = None
    take: tuple[Card, ...] | None = None

    @classmethod
    def play(cls, card: Card | str, take: Card | str | Sequence[Card | str] | None = None) -> Action:
        """Play ``card`` from the hand, taking ``take`` (None: as the rules take)."""
        return cls("play", Card.parse(card) if isinstance(card, str) else ALL_CARDS[card], _takes(take))

    @classmethod
    def flip(cls, take: Card | str | Sequence[Card | str] | None = None) -> Action:
        """Turn the top of the stock, the turned card taking ``take`` (None: as the rules take)."""
        return cls("flip", None, _takes(take))

    @classmethod
    def choose(cls, target: Card | str) -> Action:
        """Pick which candidate the waiting card takes."""
        return cls("choose", Card.parse(target) if isinstance(target, str) else ALL_CARDS[target])

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action as :meth:`__str__` prints it (cards in any accepted notation)."""
        keywords = ("play", "take", "flip", "choose")
        words = [w.lower() if w.lower() in keywords else w for w in text.split()] if isinstance(text, str) else []
        try:
            if words[:1] == ["play"] and len(words) == 2:
                return cls.play(words[1])
            if words[:1] == ["play"] and len(words) >= 4 and words[2] == "take":
                return cls.play(words[1], words[3:])
            if words == ["flip"]:
                return cls.flip()
            if words[:2] == ["flip", "take"] and len(words) >= 3:
                return cls.flip(words[2:])
            if words[:1] == ["choose"] and len(words) == 2:
                return cls.choose(words[1])
        except CardError as exc:
            raise InvalidAction(f"not an action: {text!r} ({exc})") from None
        raise InvalidAction(f"not an action: {text!r}")

    def __str__(self) -> str:
        parts: list[str] = [self.kind]
        if self.card is not None:
            parts.append(str(self.card))
        if self.take is not None:
            parts.append("take")
            parts.extend(str(c) for c in self.take)
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _takes(take: Card | str | Sequence[Card | str] | None) -> tuple[Card, ...] | None:
    if take is None:
        return None
    if isinstance(take, (str, int)):
        take = [take]
    return tuple(Card.parse(t) if isinstance(t, str) else ALL_CARDS[t] for t in take)


def _as_card(value: object, what: str) -> Card:
    try:
        if isinstance(value, int) and not isinstance(value, bool):
            return ALL_CARDS[value] if 0 <= value < 52 else Card(value)
        return Card.parse(value)  # type: ignore[arg-type]
    except CardError as exc:
        raise IllegalMove(f"{what}: {exc}") from None


class Deal(TableCards):
    """The state of one deal: hands, layout, stock, piles, whose turn and what comes next (its cards read as
    every game's deal reads them, :class:`~chinese_ten.engine.tablecards.TableCards`)."""

    __slots__ = (
        "seats", "dealer", "rules", "_hands", "_layout", "_stock", "_rc", "_piles",
        "_points", "_pts", "_to_move", "_phase", "_turns", "_pending", "_partial",
        "_initial", "opening_events", "_seen", "_step", "_start_layout", "_total_turns",
    )
    _hands: list[list[int]]
    _layout: list[int]
    _stock: list[int]
    _piles: list[list[int]]
    _seen: set[int]

    def __init__(
        self,
        hands: Sequence[Iterable[Card | str]],
        layout: Iterable[Card | str],
        stock: Iterable[Card | str],
        dealer: int = 0,
        rules: RuleSet = CLASSIC,
    ) -> None:
        """Deal from given hands, layout and stock (stock top card first)."""
        seats = len(hands)
        _check_seats(rules, seats)
        hand_cards = [[_as_card(c, f"seat {i}'s hand") for c in h] for i, h in enumerate(hands)]
        layout_cards = [_as_card(c, "layout") for c in layout]
        stock_cards = [_as_card(c, "stock") for c in stock]
        size = rules.hand_size(seats)
        for i, h in enumerate(hand_cards):
            if len(h) != size:
                raise IllegalMove(f"seat {i}'s hand has {len(h)} cards, the rules deal {size}")
        if len(layout_cards) != rules.layout_size(seats):
            raise IllegalMove(f"the layout has {len(layout_cards)} cards, the rules deal {rules.layout_size(seats)}")
        twice, missing = pack_faults([c for h in hand_cards for c in h] + layout_cards + stock_cards)
        if twice is not None:
            raise IllegalMove(f"{twice} is dealt twice")
        if missing:
            raise IllegalMove(f"the deal is missing {' '.join(map(str, missing))}")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < seats:
            raise IllegalMove(f"dealer must be a seat from 0 to {seats - 1}, not {dealer!r}")
        if rules.is_dead([int(c) for c in layout_cards]):
            raise IllegalMove("the layout is dead under these rules (three or four fives, jacks, queens or kings); "
                              "that deal is thrown in, never played")
        self._setup([[int(c) for c in h] for h in hand_cards], [int(c) for c in layout_cards],
                    [int(c) for c in stock_cards], dealer, rules)

    @classmethod
    def from_seed(cls, seats: int, seed: int | str | None = None, dealer: int = 0,
                  rules: RuleSet = CLASSIC) -> Deal:
        """A shuffled deal; the same seed always gives the same deal."""
        return cls.shuffled(seats, _random.Random(seed), dealer, rules)

    @classmethod
    def shuffled(cls, seats: int, rng: _random.Random, dealer: int = 0,
                 rules: RuleSet = CLASSIC) -> Deal:
        """A deal shuffled with ``rng``; a dead layout is thrown in and shuffled again by the same dealer."""
        _check_seats(rules, seats)
        if not 0 <= dealer < seats:
            raise IllegalMove(f"dealer must be a seat from 0 to {seats - 1}, not {dealer!r}")
        size = rules.hand_size(seats)
        start = seats * size
        end = start + rules.layout_size(seats)
        thrown: list[Event] = []
        deck = list(range(52))
        while True:
            rng.shuffle(deck)
            if not rules.is_dead(deck[start:end]):
                break
            thrown.append(ThrownIn(dealer, tuple(ALL_CARDS[c] for c in deck[start:end])))
        hands = [deck[i * size:(i + 1) * size] for i in range(seats)]
        deal = cls.__new__(cls)
        deal._setup(hands, deck[start:end], deck[end:], dealer, rules)
        if thrown:
            deal.opening_events = (*thrown, *deal.opening_events)
        return deal

    def _setup(self, hands: list[list[int]], layout: list[int], stock: list[int],
               dealer: int, rules: RuleSet) -> None:
        seats = len(hands)
        self.seats = seats
        self.dealer = dealer
        self.rules = rules
        self._step = rules.step
        self._initial = (tuple(tuple(h) for h in hands), tuple(layout), tuple(stock))
        self._hands = [list(h) for h in hands]
        self._layout = list(layout)
        self._stock = list(reversed(stock))
        self._piles: list[list[int]] = [[] for _ in range(seats)]
        self._points = [0] * seats
        self._pts = rules.points_table(seats)
        self._to_move: int | None = rules.first_to_play(dealer, seats)
        self._phase = Phase.PLAY
        self._turns: list[TurnRecord] = []
        self._pending: PendingChoice | None = None
        self._partial: TurnInProgress | None = None
        self._seen: set[int] = set(layout)
        self.opening_events: tuple[Event, ...] = tuple(self._open(dealer))
        rc = [0] * 13
        for c in self._layout:
            rc[c >> 2] += 1
        self._rc = rc
        self._start_layout = tuple(self._layout)
        self._total_turns = self._count_turns()

    def _open(self, dealer: int) -> list[Event]:
        """The opening exceptions: every four of a kind to the dealer, refilled from the stock if the rules say so."""
        events: list[Event] = []
        layout = self._layout
        while True:
            if len(layout) - len({c >> 2 for c in layout}) < 3:
                return events  # no rank appears four times
            counts = [0] * 13
            for c in layout:
                counts[c >> 2] += 1
            fours = [r for r in range(13) if counts[r] == 4 and _SELF[r]]
            if not fours:
                return events
            for r in fours:
                cards = [c for c in layout if c >> 2 == r]
                for c in cards:
                    layout.remove(c)
                self._piles[dealer].extend(cards)
                pts = sum(self._pts[c] for c in cards)
                self._points[dealer] += pts
                events.append(DealerSweep(dealer, tuple(ALL_CARDS[c] for c in cards), pts))
            if self.rules.four_of_a_kind != "refill" or not self._stock:
                return events
            turned = [self._stock.pop() for _ in range(min(4 * len(fours), len(self._stock)))]
            layout.extend(turned)
            self._seen.update(turned)
            events.append(Refilled(dealer, tuple(ALL_CARDS[c] for c in turned)))

    def _count_turns(self) -> int:
        """Turns the whole deal has: every card that passes through a hand, re-deals included."""
        in_hands = sum(len(h) for h in self._hands)
        if not self.rules.redeal_size:
            return in_hands
        stock = len(self._stock)
        total = 0
        while in_hands:
            total += in_hands
            stock -= min(stock, in_hands)
            each = self.rules.redeal_count(self.seats, stock)
            stock -= each * self.seats
            in_hands = each * self.seats
        return total


    # ------------------------------------------------------------------ reading

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, or None once the deal is over."""
        return self._to_move

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is next: the seat to move, or the seat choosing a take; None while
        the stock card waits to be turned (:meth:`next_forced`) and once the deal is over."""
        if self._phase is Phase.PLAY:
            return self._to_move
        if self._phase is Phase.CHOOSE and self._pending is not None:
            return self._pending.seat
        return None

    def next_forced(self) -> Action | None:
        """The turn of the stock card while it waits (nobody decides it), else None."""
        return Action.flip() if self._phase is Phase.FLIP else None

    @property
    def phase(self) -> Phase:
        """What the deal waits for next."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True once every turn has been played."""
        return self._phase is Phase.OVER

    @property
    def pending(self) -> PendingChoice | None:
        """The entering card whose capture the seat must choose, while the phase is CHOOSE."""
        return self._pending

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points so far."""
        return tuple(self._points)

    def points_of(self, card: Card | int) -> int:
        """A card's points in this deal's scoring table."""
        return self._pts[card]

    @property
    def tie_score(self) -> Fraction:
        """The points that make a result of zero: the pack total over the seats.

        Once the deal is over, cards left in the layout or stock score for nobody,
        so their points leave the total and the results still add up to zero.
        """
        pts = self._pts
        total = sum(pts)
        if self._phase is Phase.OVER:
            total -= sum(pts[c] for c in self._layout) + sum(pts[c] for c in self._stock)
        return Fraction(total, self.seats)

    @property
    def margins(self) -> tuple[int | float, ...]:
        """Each seat's points minus the tie score, at this moment."""
        tie = self.tie_score
        return tuple(as_number(p - tie) for p in self._points)

    @property
    def exact_margins(self) -> tuple[Fraction, ...]:
        """Each seat's margin as an exact fraction."""
        tie = self.tie_score
        return tuple(Fraction(p) - tie for p in self._points)

    @property
    def turns(self) -> tuple[TurnRecord, ...]:
        """The finished turns, oldest first."""
        return tuple(self._turns)

    @property
    def turn_number(self) -> int:
        """The number of the turn under way (1 for the first), or of the last once over."""
        return len(self._turns) + (0 if self._phase is Phase.OVER else 1)

    @property
    def total_turns(self) -> int:
        """How many turns the whole deal has (re-deals included)."""
        return self._total_turns

    @property
    def turn_in_progress(self) -> TurnInProgress | None:
        """The turn begun and not yet finished (between a play and its flip, or waiting for a choice)."""
        return self._partial

    @property
    def start_layout(self) -> tuple[Card, ...]:
        """The layout when play began: after any four of a kind went to the dealer and any refill."""
        return tuple(ALL_CARDS[c] for c in self._start_layout)

    @property
    def leftovers(self) -> tuple[Card, ...]:
        """Once the deal is over, the cards left in the layout and the stock: they score for nobody."""
        if self._phase is not Phase.OVER:
            return ()
        return self.layout + self.stock

    @property
    def initial(self) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
        """The deal as dealt: hands, layout and stock (top first), before any capture."""
        hands, layout, stock = self._initial
        return (tuple(tuple(ALL_CARDS[c] for c in h) for h in hands),
                tuple(ALL_CARDS[c] for c in layout), tuple(ALL_CARDS[c] for c in stock))

    def candidates(self, card: Card | str) -> tuple[Card, ...]:
        """The layout cards an entering card would capture (all three for a triple)."""
        c = _as_card(card, "card")
        p = _PARTNER[c >> 2]
        return tuple(ALL_CARDS[x] for x in self._layout if x >> 2 == p)

    def is_triple(self, card: Card | str) -> bool:
        """True when the card would take three of its rank at once."""
        c = _as_card(card, "card")
        r = c >> 2
        return _SELF[r] and self._rc[r] == 3

    def choice_matters(self, card: Card | str) -> bool:
        """True when the card could take layout cards worth different points."""
        if self.is_triple(card):
            return False
        pts = {self._pts[x] for x in self.candidates(card)}
        return len(pts) > 1

    def default_take(self, card: Card | str) -> Card | None:
        """The candidate taken when nobody chooses: highest points, earliest on a tie."""
        c = _as_card(card, "card")
        best = self._best(_PARTNER[c >> 2])
        return None if best < 0 else ALL_CARDS[best]

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the seat to move may play now (none outside the PLAY phase)."""
        if self._phase is not Phase.PLAY:
            return ()
        return self.hand(self._to_move)  # type: ignore[arg-type]

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action that may be applied now, each take named (none once the deal is over).

        :meth:`apply` also accepts a play or flip with no take named: the rules
        then take the only or highest-scoring candidate, or wait for a choice.
        """
        if self._phase is Phase.PLAY:
            return tuple(a for c in self.hand(self._to_move) for a in self._entries("play", c))  # type: ignore[arg-type]
        if self._phase is Phase.FLIP:
            return self._entries("flip", ALL_CARDS[self._stock[-1]])
        if self._phase is Phase.CHOOSE and self._pending is not None:
            return tuple(Action("choose", t) for t in self._pending.candidates)
        return ()

    def _entries(self, kind: ActionKind, card: Card) -> tuple[Action, ...]:
        play = card if kind == "play" else None
        cands = self.candidates(card)
        if not cands:
            return (Action(kind, play),)
        if self.is_triple(card):
            return (Action(kind, play, cands),)
        return tuple(Action(kind, play, (t,)) for t in cands)

    def view(self, seat: int) -> SeatView:
        """What this seat may know, and nothing more."""
        if not 0 <= seat < self.seats:
            raise ValueError(f"no seat {seat} at a {self.seats}-seat deal")
        return SeatView(
            seat=seat,
            seats=self.seats,
            dealer=self.dealer,
            rules=self.rules,
            hand=tuple(sorted(self.hand(seat))),
            layout=self.layout,
            piles=self.piles,
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_left=self.stock_left,
            to_move=self.to_move,
            phase=self.phase,
            pending=self.pending,
            turns=self.turns,
            opening_layout=self.start_layout,
            seen=self.seen,
        )

    def observe(self, seat: int) -> SeatView:
        """What this seat may know, and nothing more (the game protocol's name for :meth:`view`)."""
        return self.view(seat)

    def tell(self, events: Sequence[Event], seat: int) -> list[Event]:
        """The events as ``seat`` may learn them: a deal or a re-deal with the other hands face down;
        every other event names only cards that lie face up."""
        return [ev.told_to(seat) if isinstance(ev, (Dealt, Redealt)) else ev for ev in events]

    def dealt(self) -> Dealt:
        """The deal as it was dealt, every hand shown (:meth:`tell` turns the others face down)."""
        hands, layout, stock = self.initial
        return Dealt(hands, layout, len(stock))

    def returns(self) -> tuple[Fraction, ...]:
        """Each seat's result so far, exactly (the game protocol's name for :attr:`exact_margins`)."""
        return self.exact_margins

    # ------------------------------------------------------------------ checked play

    def apply(self, action: Action) -> list[Event]:
        """Apply one action of the seat to move, checked; the events it caused, in order."""
        if not isinstance(action, Action):
            raise InvalidAction(f"not an action: {action!r}")
        take = None if action.take is None else (action.take[0] if len(action.take) == 1 else action.take)
        if action.kind == "play":
            return self._play(action.card, take)
        if action.kind == "flip":
            return self._flip(take)
        if action.kind == "choose":
            return self._choose(action.card)
        raise InvalidAction(f"not an action: {action!r}")

    def play(self, card: Card | str, take: Card | str | Sequence[Card | str] | None = None) -> list[Event]:
        """Play a card from the hand of the seat to move and resolve its capture.

        ``take`` names the candidate to capture. When it is None and the
        candidates differ in points, the deal waits in the CHOOSE phase.
        """
        return self.apply(Action("play", _as_card(card, "play"), _takes_checked(take, "take")))

    def flip(self, take: Card | str | Sequence[Card | str] | None = None) -> list[Event]:
        """Turn the top card of the stock and resolve its capture for the seat to move.

        ``take`` works as for :meth:`play`; it is checked against the turned card.
        """
        return self.apply(Action("flip", None, _takes_checked(take, "flip_take")))

    def choose(self, target: Card | str) -> list[Event]:
        """Pick which candidate the waiting card captures."""
        return self.apply(Action("choose", _as_card(target, "choice")))

    def _play(self, card: Card | None, take: object) -> list[Event]:
        if self._phase is not Phase.PLAY:
            raise IllegalMove(self._wrong_phase("play a card"))
        seat = self._to_move
        assert seat is not None
        c = _as_card(card, "play")
        hand = self._hands[seat]
        if c not in hand:
            raise IllegalMove(f"{c} is not in seat {seat}'s hand")
        resolved = self._check_take(c, take, "take")
        hand.remove(c)
        self._seen.add(c)
        self._partial = TurnInProgress(seat, ALL_CARDS[c])
        events: list[Event] = [Played(seat, ALL_CARDS[c])]
        self._enter_checked(seat, c, resolved, "play", events)
        return events

    def _flip(self, take: object) -> list[Event]:
        if self._phase is not Phase.FLIP:
            raise IllegalMove(self._wrong_phase("turn the stock"))
        seat = self._to_move
        assert seat is not None
        c = self._stock[-1]
        resolved = self._check_take(ALL_CARDS[c], take, "flip_take")
        self._stock.pop()
        self._seen.add(c)
        self._partial = replace(self._partial, flip=ALL_CARDS[c])  # type: ignore[type-var]
        events: list[Event] = [Turned(seat, ALL_CARDS[c])]
        self._enter_checked(seat, c, resolved, "flip", events)
        return events

    def _choose(self, target: Card | None) -> list[Event]:
        pending = self._pending
        if self._phase is not Phase.CHOOSE or pending is None:
            raise IllegalMove(self._wrong_phase("choose a capture"))
        t = _as_card(target, "choice")
        if t not in pending.candidates:
            names = ", ".join(str(x) for x in pending.candidates)
            raise IllegalMove(f"{t} is not a card {pending.card} can take (it can take {names})")
        self._pending = None
        events: list[Event] = []
        self._enter_checked(pending.seat, int(pending.card), int(t), pending.source, events)
        return events

    def peek_top(self) -> Card | None:
        """The top stock card; for records and tests, never for a player."""
        return ALL_CARDS[self._stock[-1]] if self._stock else None

    def _check_take(self, c: int, take: object, what: str) -> int | None:
        """Validate a named take against an entering card; -1 means ask, None means nothing."""
        p = _PARTNER[c >> 2]
        cands = [x for x in self._layout if x >> 2 == p]
        if take is None:
            if not cands:
                return None
            if _SELF[p] and self._rc[p] == 3:
                return cands[0]
            if len({self._pts[x] for x in cands}) > 1:
                return -1
            return self._best(p)
        if isinstance(take, (list, tuple)):
            named = [_as_card(t, what) for t in take]
            if len(named) == 1:
                take = named[0]
            else:
                if len(cands) == 3 and _SELF[p] and sorted(named) == sorted(cands):
                    return cands[0]
                shown = " ".join(str(t) for t in named)
                raise IllegalMove(f"{ALL_CARDS[c]} cannot take {shown} together")
        t = _as_card(take, what)
        if not cands:
            raise IllegalMove(f"{ALL_CARDS[c]} takes nothing, so it cannot take {t}")
        if t not in cands:
            names = ", ".join(str(x) for x in cands)
            raise IllegalMove(f"{t} is not a card {ALL_CARDS[c]} can take (it can take {names})")
        return int(t)

    def _enter_checked(self, seat: int, c: int, take: int | None, source: Source,
                       events: list[Event]) -> None:
        card = ALL_CARDS[c]
        if take == -1:
            p = _PARTNER[c >> 2]
            cands = tuple(ALL_CARDS[x] for x in self._layout if x >> 2 == p)
            self._pending = PendingChoice(seat, card, cands, source)
            self._phase = Phase.CHOOSE
            events.append(ChoiceNeeded(seat, card, cands, source))
            return
        before = self._points[seat]
        taken = self._resolve(seat, c, take)
        if taken:
            cls = TripleCaptured if len(taken) == 3 else Captured
            events.append(cls(seat, card, tuple(ALL_CARDS[x] for x in taken),
                              self._points[seat] - before, source))
        else:
            events.append(JoinedLayout(seat, card, source))
        got = tuple(ALL_CARDS[x] for x in taken)
        part = self._partial
        assert part is not None
        self._partial = replace(part, take=got) if source == "play" else replace(part, flip_take=got)
        if source == "play":
            if self._stock:
                self._phase = Phase.FLIP
                return
            events.append(NoFlip(seat))
        self._finish_turn(seat, events)

    def _finish_turn(self, seat: int, events: list[Event]) -> None:
        part = self._partial
        assert part is not None and part.take is not None
        self._turns.append(TurnRecord(seat, part.play, part.take, part.flip, part.flip_take or ()))
        self._partial = None
        redealt = self._advance(seat)
        if redealt:
            hands = tuple(tuple(ALL_CARDS[c] for c in h) for h in self._hands)
            events.append(Redealt(self._to_move, redealt, self.seats, hands))  # type: ignore[arg-type]
        if self._phase is Phase.OVER:
            events.append(DealOver(self.points, self.margins, self.leftovers))

    def _advance(self, seat: int) -> int:
        """Pass the turn on; when every hand is empty, re-deal or end the deal. The cards each got in a re-deal."""
        seats = self.seats
        step = self._step
        nxt = (seat + step) % seats
        hands = self._hands
        for _ in range(seats):
            if hands[nxt]:
                self._to_move = nxt
                self._phase = Phase.PLAY
                return 0
            nxt = (nxt + step) % seats
        each = self.rules.redeal_count(seats, len(self._stock))
        if each:
            stock = self._stock
            s = nxt
            for _ in range(each * seats):
                hands[s].append(stock.pop())
                s = (s + step) % seats
            self._to_move = nxt
            self._phase = Phase.PLAY
            return each
        self._to_move = None
        self._phase = Phase.OVER
        return 0

    def _wrong_phase(self, action: str) -> str:
        if self._phase is Phase.OVER:
            return f"the deal is over; nobody can {action}"
        if self._phase is Phase.CHOOSE:
            return f"seat {self._to_move} must choose a capture first"
        if self._phase is Phase.FLIP:
            return f"seat {self._to_move} must turn the stock first"
        return f"seat {self._to_move} must play a card first"

    # ------------------------------------------------------------------ shared core

    def _best(self, p: int) -> int:
        """The highest-scoring layout card of rank index ``p``, earliest on a tie; -1 if none."""
        if not self._rc[p]:
            return -1
        pts = self._pts
        best = -1
        best_pts = -1
        for x in self._layout:
            if x >> 2 == p and pts[x] > best_pts:
                best = x
                best_pts = pts[x]
        return best

    def _resolve(self, seat: int, c: int, take: int | None) -> list[int]:
        """Put an entering card into play: capture (``take`` or the default) or join the layout."""
        r = c >> 2
        p = _PARTNER[r]
        rc = self._rc
        n = rc[p]
        layout = self._layout
        if not n:
            layout.append(c)
            rc[r] += 1
            return []
        pts = self._pts
        pile = self._piles[seat]
        if n == 3 and _SELF[p]:
            taken = [x for x in layout if x >> 2 == p]
            for x in taken:
                layout.remove(x)
            rc[p] = 0
            pile.append(c)
            pile.extend(taken)
            self._points[seat] += pts[c] + pts[taken[0]] + pts[taken[1]] + pts[taken[2]]
            return taken
        if take is None:
            if n == 1:
                for x in layout:
                    if x >> 2 == p:
                        take = x
                        break
                else:
                    raise AssertionError("the rank counts and the layout disagree")
            else:
                take = self._best(p)
        layout.remove(take)
        rc[p] = n - 1
        pile.append(c)
        pile.append(take)
        self._points[seat] += pts[c] + pts[take]
        return [take]

    # ------------------------------------------------------------------ lean path

    def copy(self) -> Deal:
        """An independent copy that shares nothing mutable with this deal."""
        d = Deal.__new__(Deal)
        d.seats = self.seats
        d.dealer = self.dealer
        d.rules = self.rules
        d._initial = self._initial
        d._hands = [h[:] for h in self._hands]
        d._layout = self._layout[:]
        d._stock = self._stock[:]
        d._rc = self._rc[:]
        d._piles = [p[:] for p in self._piles]
        d._points = self._points[:]
        d._pts = self._pts
        d._to_move = self._to_move
        d._phase = self._phase
        d._turns = self._turns[:]
        d._pending = self._pending
        d._partial = self._partial
        d._seen = set(self._seen)
        d.opening_events = self.opening_events
        d._step = self._step
        d._start_layout = self._start_layout
        d._total_turns = self._total_turns
        return d

    def fast_turn(self, card: int, take: int | None = None, flip_take: int | None = None) -> None:
        """Play a whole turn without checks, events or history (for search).

        ``take`` and ``flip_take`` of None take the default candidate. The turn
        is not added to :attr:`turns`; use the checked calls for a deal a person sees.
        """
        seat = self._to_move
        assert seat is not None, "fast_turn is for a deal in play"
        self._hands[seat].remove(card)
        self._resolve(seat, card, take)
        stock = self._stock
        if stock:
            self._resolve(seat, stock.pop(), flip_take)
        self._advance(seat)

    def play_out_random(self, random: _random.Random) -> None:
        """Finish the deal with uniformly random plays and default takes (lean path)."""
        rand = random.random
        hands = self._hands
        stock = self._stock
        resolve = self._resolve
        seats = self.seats
        step = self._step
        if self._phase is not Phase.PLAY or self._to_move is None:
            raise IllegalMove(self._wrong_phase("play a card"))
        seat: int = self._to_move
        while True:
            hand = hands[seat]
            if not hand:
                if not stock or not self._advance((seat - step) % seats):
                    break
                seat = self._to_move
                hand = hands[seat]
            i = int(rand() * len(hand))
            c = hand[i]
            hand[i] = hand[-1]
            hand.pop()
            resolve(seat, c, None)
            if stock:
                resolve(seat, stock.pop(), None)
            seat = (seat + step) % seats
        self._advance((seat - step) % seats)


def _takes_checked(take: object, what: str) -> tuple[Card, ...] | None:
    if take is None:
        return None
    if isinstance(take, (list, tuple)):
        return tuple(_as_card(t, what) for t in take)
    return (_as_card(take, what),)


def _check_seats(rules: RuleSet, seats: int) -> None:
    if seats not in rules.seat_counts():
        raise IllegalMove(f"the {rules.name} rules deal {or_list(rules.seat_counts())} seats, not {seats}")

