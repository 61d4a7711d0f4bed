"""One deal of Chinese Go Fishing: the authority's copy, implementing the engine's GameState.

Before each turn the layout is refilled from the stock to five cards; the seat to act
plays one card, capturing any family of disjoint sets of layout cards that each sum to
its value (or nothing: the card joins the layout), then draws the top of the stock.
Seats with empty hands are passed over; the deal ends when every hand is empty (the
stock empties first). RULES.md, "Chinese Go Fishing", is the rule book.

>>> import random
>>> deal = FishingDeal.shuffled(4, random.Random(1))
>>> deal.to_act, len(deal.layout), deal.stock_left
(1, 5, 27)
"""

from __future__ import annotations

import random as _random
from collections.abc import Sequence
from fractions import Fraction

from chinese_ten.cards import ALL_CARDS, Card, CardError
from chinese_ten.engine.tablecards import TableCards
from chinese_ten.engine.errors import IllegalMove, InvalidAction
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.games.fishing.events import (CapturedSets, DealOver, Dealt, Drew, FishingEvent, JoinedLayout, LayoutRefilled,
                                             PassedOver, Played)
from chinese_ten.games.fishing.legal import _BEST, BELOW, KEY_STEP, assign_cards, best_take, card_families
from chinese_ten.games.fishing.rules import CARD_POINTS, CARD_VALUE, HAND_SIZE, LAYOUT_SIZE, SEAT_COUNTS, margins_of, next_seat
from chinese_ten.games.fishing.view import FishingTurn, FishingView


def _card(value: object, what: str) -> Card:
    if type(value) is Card:
        return value
    try:
        if isinstance(value, str):
            return Card.parse(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return Card(value)
    except CardError as exc:
        raise InvalidAction(f"{what}: {exc}") from None
    raise InvalidAction(f"{what} must be a card, not {value!r}")


class FishingDeal(TableCards):
    """A Go Fishing deal from its first turn to its end; every change goes through :meth:`apply` (its cards read
    as every game's deal reads them, :class:`~chinese_ten.engine.tablecards.TableCards`)."""

    __slots__ = ("_seats", "_dealer", "_hands", "_layout", "_stock", "_piles", "_turns", "_to_act", "_seen",
                 "_initial", "_opening", "_key", "_counts")
    _hands: list[list[Card]]
    _layout: list[Card]
    _stock: list[Card]
    _piles: list[list[Card]]
    _seen: set[Card]

    def __init__(self, hands: Sequence[Sequence[Card | int | str]], layout: Sequence[Card | int | str],
                 stock: Sequence[Card | int | str], dealer: int = 0) -> None:
        """A deal from given hands, layout and stock (top card first); no card may appear twice.

        A shuffled deal gives 5 cards to each seat and 5 to the layout; other sizes make
        positions for study (a short layout is refilled before the first turn)."""
        seats = len(hands)
        if seats not in SEAT_COUNTS:
            raise IllegalMove(f"a deal has 2 to 8 seats, not {seats}")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < seats:
            raise IllegalMove(f"dealer must be a seat from 0 to {seats - 1}, not {dealer!r}")
        hand_cards = [[_card(c, f"seat {s}'s hand") for c in h] for s, h in enumerate(hands)]
        lay = [_card(c, "layout") for c in layout]
        stk = [_card(c, "stock") for c in stock]
        every = [c for h in hand_cards for c in h] + lay + stk
        if len(set(every)) != len(every):
            twice = next(c for c in every if every.count(c) > 1)
            raise IllegalMove(f"{twice} is dealt twice")
        self._seats = seats
        self._dealer = dealer
        self._initial = (tuple(tuple(h) for h in hand_cards), tuple(lay), tuple(stk))
        self._hands = hand_cards
        self._layout: list[Card] = []
        self._counts = [0] * 15
        self._key = 0
        for c in lay:
            self._join(c)
        self._stock = stk[::-1]  # top card last, so a draw is a pop
        self._piles: list[list[Card]] = [[] for _ in range(seats)]
        self._turns: list[FishingTurn] = []
        self._seen: set[Card] = set(lay)
        self._to_act: int | None = None
        self._opening: list[FishingEvent] = []
        self._advance(next_seat(dealer, seats), self._opening)

    @classmethod
    def shuffled(cls, seats: int, rng: _random.Random, dealer: int = 0) -> FishingDeal:
        """A deal of a pack shuffled with ``rng``: five cards a seat, five face up, the rest the stock."""
        if seats not in SEAT_COUNTS:
            raise IllegalMove(f"a deal has 2 to 8 seats, not {seats}")
        pack = list(ALL_CARDS)
        rng.shuffle(pack)
        hands = [pack[s * HAND_SIZE:(s + 1) * HAND_SIZE] for s in range(seats)]
        start = seats * HAND_SIZE
        return cls(hands, pack[start:start + LAYOUT_SIZE], pack[start + LAYOUT_SIZE:], dealer)

    @classmethod
    def numbered(cls, seats: int, number: int, dealer: int = 0) -> FishingDeal:
        """The deal with deal number ``number`` (0 to 2^53 - 1) at ``seats`` seats, as ``simulate`` deals it."""
        return cls.shuffled(seats, _random.Random(number), dealer)

    # --- what anybody may read -------------------------------------------------------------

    @property
    def seats(self) -> int:
        """How many seats the deal has."""
        return self._seats

    @property
    def dealer(self) -> int:
        """The seat that dealt."""
        return self._dealer

    @property
    def to_act(self) -> int | None:
        """The seat to play next; None once the deal is over."""
        return self._to_act

    @property
    def is_over(self) -> bool:
        """True once every hand is empty."""
        return self._to_act is None

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points so far."""
        return tuple(sum(CARD_POINTS[c] for c in p) for p in self._piles)

    @property
    def turns(self) -> tuple[FishingTurn, ...]:
        """Every turn played so far."""
        return tuple(self._turns)

    @property
    def initial(self) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
        """The deal as dealt: hands, layout and stock (top card first)."""
        return self._initial

    @property
    def opening_events(self) -> tuple[FishingEvent, ...]:
        """What happened before the first turn (a refill of a short dealt layout, seats passed over)."""
        return tuple(self._opening)

    def returns(self) -> tuple[Fraction, ...]:
        """Each seat's points minus the mean of all seats' points, exactly (they add up to zero)."""
        return margins_of(self.points)

    def next_forced(self) -> None:
        """None: in Go Fishing every step is a seat's decision (the refill and the draw happen within a turn)."""
        return None

    def legal_actions(self) -> list[FishingAction]:
        """Every action the seat to act may take: each card with each distinct family it can capture."""
        if self._to_act is None:
            return []
        layout = self._layout
        return [FishingAction(c, f) for c in sorted(self._hands[self._to_act]) for f in card_families(c, layout)]

    def observe(self, seat: int) -> FishingView:
        """Everything ``seat`` may know now: its hand, the table, the sizes of the rest."""
        if not 0 <= seat < self._seats:
            raise ValueError(f"no seat {seat} at a {self._seats}-seat deal")
        return FishingView(
            seat=seat, seats=self._seats, dealer=self._dealer, hand=tuple(sorted(self._hands[seat])),
            layout=tuple(self._layout), piles=self.piles, hand_sizes=tuple(len(h) for h in self._hands),
            stock_left=len(self._stock), to_act=self._to_act, seen=frozenset(self._seen), turns=tuple(self._turns))

    def tell(self, events: Sequence[FishingEvent], seat: int) -> list[FishingEvent]:
        """``events`` as ``seat`` may learn them: another seat's drawn card and the other hands as dealt
        face down."""
        return [Drew(e.seat, None) if isinstance(e, Drew) and e.seat != seat
                else e.told_to(seat) if isinstance(e, Dealt) else e for e in events]

    def dealt(self) -> Dealt:
        """The deal as it was dealt, every hand shown (:meth:`tell` turns the others face down)."""
        hands, layout, stock = self._initial
        return Dealt(hands, layout, len(stock))

    def copy(self) -> FishingDeal:
        """An independent copy of the deal."""
        other = FishingDeal.__new__(FishingDeal)
        other._seats = self._seats
        other._dealer = self._dealer
        other._initial = self._initial
        other._hands = [h[:] for h in self._hands]
        other._layout = self._layout[:]
        other._counts = self._counts[:]
        other._key = self._key
        other._stock = self._stock[:]
        other._piles = [p[:] for p in self._piles]
        other._turns = self._turns[:]
        other._seen = set(self._seen)
        other._to_act = self._to_act
        other._opening = self._opening[:]
        return other

    # --- changing the deal -------------------------------------------------------------------

    def check(self, action: object) -> FishingAction:
        """The action with empty sets left out, if the seat to act may apply it now; IllegalMove says why not."""
        if not isinstance(action, FishingAction):
            raise InvalidAction(f"not a Go Fishing action: {action!r}")
        seat = self._to_act
        if seat is None:
            raise IllegalMove(f"the deal is over after {len(self._turns)} turns")
        card = action.card
        if card not in self._hands[seat]:
            raise IllegalMove(f"{card} is not in seat {seat}'s hand")
        target = CARD_VALUE[card]
        on_table = set(self._layout)
        used: set[Card] = set()
        sets = []
        for s in action.sets:
            if not s:
                continue
            for c in s:
                if c in used:
                    raise IllegalMove(f"{c} is taken twice")
                if c not in on_table:
                    raise IllegalMove(f"{c} is not in the layout")
                used.add(c)
            total = sum(CARD_VALUE[c] for c in s)
            if total != target:
                if len(s) == 1:
                    raise IllegalMove(f"{s[0]} counts {total}, not {target}")
                raise IllegalMove(f"{' + '.join(map(str, s))} make {total}, not {target}")
            sets.append(tuple(s))
        return FishingAction(card, tuple(sets))

    def apply(self, action: FishingAction) -> list[FishingEvent]:
        """Check ``action`` and play it; the events it caused, in order (changes nothing if refused)."""
        checked = self.check(action)
        seat = self._to_act
        assert seat is not None
        events: list[FishingEvent] = []
        self._play(seat, checked.card, checked.sets, events)
        return events

    def play_out_random(self, rng: _random.Random) -> None:
        """Finish the deal as the random player would: a uniformly random card, taking the most points it can.

        The lean path of ``simulate --players random``: the turns of :meth:`apply`, written
        out with no checks and no events."""
        rand = rng.random
        hands, layout, stock, piles, counts = self._hands, self._layout, self._stock, self._piles, self._counts
        turns, seen, seats = self._turns, self._seen, self._seats
        value, step, below, memo = CARD_VALUE, KEY_STEP, BELOW, _BEST.get
        key = self._key
        seat = self._to_act
        while seat is not None:
            hand = hands[seat]
            card = hand[int(rand() * len(hand))]
            hand.remove(card)
            seen.add(card)
            v = value[card]
            best = memo((key % below[v]) * 16 + v) or best_take(v, key, counts)
            if best[0]:
                sets = assign_cards(best[1], layout)
                pile = piles[seat]
                for group in sets:
                    for c in group:
                        layout.remove(c)
                        pile.append(c)
                pile.append(card)
                for w, k in best[2]:
                    counts[w] -= k
                key -= best[3]
            else:
                sets = ()
                layout.append(card)
                counts[v] += 1
                key += step[v]
            turns.append(FishingTurn(seat, card, sets))
            if stock:
                hand.append(stock.pop())
            nxt = seat + 1 if seat + 1 < seats else 0
            for _ in range(seats):
                if hands[nxt]:
                    break
                nxt = nxt + 1 if nxt + 1 < seats else 0
            else:
                seat = None
                break
            seat = nxt
            while len(layout) < LAYOUT_SIZE and stock:
                c = stock.pop()
                layout.append(c)
                seen.add(c)
                w = value[c]
                counts[w] += 1
                key += step[w]
        self._key = key
        self._to_act = seat

    def _best_sets(self, card: int) -> tuple[tuple[Card, ...], ...]:
        _, family, _, _ = best_take(CARD_VALUE[card], self._key, self._counts)
        return assign_cards(family, self._layout) if family else ()

    def _join(self, card: Card) -> None:
        self._layout.append(card)
        v = CARD_VALUE[card]
        self._counts[v] += 1
        self._key += KEY_STEP[v]

    def _play(self, seat: int, card: Card, sets: tuple[tuple[Card, ...], ...], events: list[FishingEvent] | None) -> None:
        hand = self._hands[seat]
        hand.remove(card)
        self._seen.add(card)
        if events is not None:
            events.append(Played(seat, card))
        if sets:
            taken = [c for s in sets for c in s]
            layout = self._layout
            counts = self._counts
            for c in taken:
                layout.remove(c)
                v = CARD_VALUE[c]
                counts[v] -= 1
                self._key -= KEY_STEP[v]
            pile = self._piles[seat]
            pile.extend(taken)
            pile.append(card)
            if events is not None:
                events.append(CapturedSets(seat, card, sets, CARD_POINTS[card] + sum(CARD_POINTS[c] for c in taken)))
        else:
            self._join(card)
            if events is not None:
                events.append(JoinedLayout(seat, card))
        self._turns.append(FishingTurn(seat, card, sets))
        if self._stock:
            drawn = self._stock.pop()
            hand.append(drawn)
            if events is not None:
                events.append(Drew(seat, drawn))
        self._advance(next_seat(seat, self._seats), events)

    def _advance(self, seat: int, events: list[FishingEvent] | None) -> None:
        """Make ``seat`` (or the next seat with cards) the one to act, refilling the layout first."""
        hands = self._hands
        for _ in range(self._seats):
            if hands[seat]:
                break
            if events is not None:
                events.append(PassedOver(seat))
            seat = next_seat(seat, self._seats)
        else:
            self._to_act = None
            if events is not None:
                points = self.points
                events.append(DealOver(points, margins_of(points), tuple(self._layout)))
            return
        self._to_act = seat
        if len(self._layout) < LAYOUT_SIZE and self._stock:
            turned = []
            while len(self._layout) < LAYOUT_SIZE and self._stock:
                c = self._stock.pop()
                self._join(c)
                self._seen.add(c)
                turned.append(c)
            if events is not None:
                events.append(LayoutRefilled(seat, tuple(turned)))
