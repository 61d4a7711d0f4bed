"""Guessing the hidden cards from what one seat may know.

:class:`Position` reads a :class:`SeatView` once and then samples complete
worlds from it: the cards the seat has not seen are dealt into the other hands
(with their known sizes) and the stock. The public history sharpens the guess:
an opponent who played a card without capturing, or captured less than some
card could have won, probably holds no such card, so those cards are dealt to
that opponent less often (``avoid_weight``). With ``discards`` the guess also reads
the cards an opponent laid down: a player that lays down its cheapest card (as the
reference heuristic does) holds nothing cheaper to give away, so unseen cards that
would have cost it less are dealt to it less often too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from chinese_ten.games.ten.rules import CARD_PARTNER, RuleSet
from chinese_ten.games.ten.view import SeatView

AVOID_WEIGHT: float = 0.2
"""Relative chance of dealing an opponent a card its past play suggests it lacks."""


def _rank_totals(rules: RuleSet, layout: list[int], pts: tuple[int, ...]) -> list[int | None]:
    """Per rank index of an entering card, the best points its capture adds beyond the card itself."""
    totals: list[int | None] = []
    for r in range(13):
        card = r * 4
        gain = rules.capture_gain(card, rules.candidates(card, layout), pts)
        totals.append(None if gain is None else gain - pts[card])
    return totals


def _enter_public(layout: list[int], card: int, take: tuple[int, ...]) -> None:
    """Apply one entering card of the public history to a layout."""
    if take:
        for x in take:
            layout.remove(x)
    else:
        layout.append(card)


@dataclass
class Position:
    """What a seat knows, in the lean form search needs, and a sampler of worlds."""

    me: int
    seats: int
    pts: tuple[int, ...]
    lay: list[list[int]]
    seen: list[int]
    hand: list[int]
    unseen: list[int]
    others: list[int]
    sizes: list[int]
    stock_left: int
    avoid: list[frozenset[int]]
    avoid_weight: float

    @classmethod
    def of(cls, view: SeatView, avoid_weight: float = AVOID_WEIGHT, discards: bool = False) -> Position:
        """The position of the view's seat, with inference from the public history (from the cards laid
        down too, with ``discards``)."""
        pts = view.points_table
        me = view.seat
        lay: list[list[int]] = [[] for _ in range(13)]
        for c in view.layout:
            lay[c >> 2].append(pts[c])
        seen = [0] * 13
        for c in view.seen:
            seen[c >> 2] += 1
        hand = sorted(int(c) for c in view.hand)
        mine = set(hand)
        unseen = [c for c in range(52) if c not in mine and c not in view.seen]
        others = [s for s in range(view.seats) if s != me]
        sizes = [view.hand_sizes[s] for s in others]
        avoid: list[frozenset[int]] = [frozenset()] * len(others)
        if avoid_weight < 1.0 and view.turns:
            avoid = _inferred_avoid(view, others, unseen, discards)
        return cls(me, view.seats, pts, lay, seen, hand, unseen, others, sizes,
                   view.stock_left, avoid, avoid_weight)

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """One world: every seat's hand (this seat's as known) and the stock, top card last."""
        cards = self.unseen[:]
        rng.shuffle(cards)
        hands: list[list[int]] = [[] for _ in range(self.seats)]
        hands[self.me] = self.hand[:]
        others = self.others
        if not any(self.avoid):
            i = 0
            for s, n in zip(others, self.sizes):
                hands[s] = cards[i:i + n]
                i += n
            return hands, cards[i:]
        rem = self.sizes[:] + [self.stock_left]
        avoid = self.avoid
        w = self.avoid_weight
        k = len(others)
        stock: list[int] = []
        rand = rng.random
        for c in cards:
            weights = [rem[j] * (w if c in avoid[j] else 1.0) for j in range(k)]
            weights.append(float(rem[k]))
            total = sum(weights)
            x = rand() * total
            j = 0
            while j < k and (x >= weights[j] or weights[j] == 0.0):
                x -= weights[j]
                j += 1
            if j >= k and rem[k] == 0:
                j = max(range(k), key=lambda i: rem[i])
            rem[j] -= 1
            if j == k:
                stock.append(c)
            else:
                hands[others[j]].append(c)
        return hands, stock


def _lay_down_cost(card: int, pts: tuple[int, ...], big: float, seen: list[int]) -> tuple[int, int, int]:
    """What laying ``card`` down costs as the reference heuristic ranks it (lower is cheaper), judged from
    the public ``seen`` counts per rank alone: (big and still pairable, points, still pairable)."""
    p = CARD_PARTNER[card]
    exposed = seen[p] + (p == card >> 2) < 4
    return (1 if exposed and pts[card] >= big else 0, pts[card], 1 if exposed else 0)


def _inferred_avoid(view: SeatView, others: list[int], unseen: list[int],
                    discards: bool = False) -> list[frozenset[int]]:
    """Per other seat, the unseen cards its past plays suggest it does not hold."""
    pts = view.points_table
    layout = [int(c) for c in view.opening_layout]
    rules = view.rules
    big = float(rules.big_points(view.seats))
    seen = [0] * 13
    for c in layout:
        seen[c >> 2] += 1
    index = {s: i for i, s in enumerate(others)}
    avoid: list[set[int]] = [set() for _ in others]
    for turn in view.turns:
        i = index.get(turn.seat)
        if i is not None:
            take = tuple(int(x) for x in turn.take)
            got = pts[turn.play] + sum(pts[x] for x in take) if take else None
            extra = _rank_totals(rules, layout, pts)
            for u in unseen:
                t = extra[u >> 2]
                if t is not None and (got is None or pts[u] + t > got):
                    avoid[i].add(u)
            if discards and not take:
                cost = _lay_down_cost(int(turn.play), pts, big, seen)
                for u in unseen:
                    if extra[u >> 2] is None and _lay_down_cost(u, pts, big, seen) < cost:
                        avoid[i].add(u)
        seen[turn.play >> 2] += 1
        _enter_public(layout, int(turn.play), tuple(int(x) for x in turn.take))
        if turn.flip is not None:
            seen[turn.flip >> 2] += 1
            _enter_public(layout, int(turn.flip), tuple(int(x) for x in turn.flip_take))
    return [frozenset(a) for a in avoid]
