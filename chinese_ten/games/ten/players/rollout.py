"""A lean model of the rest of a deal, for search.

A sampled world is held in plain lists: every hand, the stock (top card last)
and the layout kept as the points of its cards grouped by rank. Within one
rank, cards worth the same points are interchangeable for the rest of the
deal, so nothing else is needed. :func:`rollout` plays the deal to its end with
a quick policy that mirrors the reference heuristic (biggest capture, else the
cheapest safe card), with a little noise, and returns the points the searching
seat ends with.

This model is only an optimisation of :class:`~chinese_ten.games.ten.deal.Deal`: it reads
the same :class:`~chinese_ten.games.ten.rules.RuleSet` (through :class:`LeanRules`), and a
test plays it against the engine under every preset.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from chinese_ten.games.ten.players.endgame import exact_points
from chinese_ten.games.ten.rules import CARD_PARTNER, SELF_PAIRING, RuleSet

CARD_RANK: tuple[int, ...] = tuple(c >> 2 for c in range(52))
"""The rank index of every card number."""

NOISE: float = 0.08
"""How often a rollout seat plays a random card instead of the policy's card."""


@dataclass(frozen=True)
class LeanRules:
    """The rules in force at one seat count, as the flat tables the lean model reads."""

    pts: tuple[int, ...]
    big: tuple[bool, ...]
    step: int
    redeal: int
    seats: int

    @classmethod
    def of(cls, rules: RuleSet, seats: int) -> LeanRules:
        """The lean tables of ``rules`` at ``seats`` seats."""
        pts = rules.points_table(seats)
        threshold = rules.big_points(seats)
        return cls(pts, tuple(p >= threshold for p in pts), rules.step, rules.redeal_size, seats)

    def redeal_count(self, stock_left: int) -> int:
        """Cards each seat gets in a re-deal with this much stock left (0: none)."""
        if not self.redeal or not stock_left:
            return 0
        return min(self.redeal, stock_left // (2 * self.seats))


def enter(lay: list[list[int]], card: int, take_pts: int | None, pts: tuple[int, ...]) -> int:
    """Resolve an entering card on a lean layout (``take_pts`` None: the best); the points it wins."""
    p = CARD_PARTNER[card]
    group = lay[p]
    if not group:
        lay[card >> 2].append(pts[card])
        return 0
    if SELF_PAIRING[p] and len(group) == 3:
        won = pts[card] + sum(group)
        group.clear()
        return won
    t = max(group) if take_pts is None else take_pts
    group.remove(t)
    return pts[card] + t


def best_capture(hand: list[int], lay: list[list[int]], pts: tuple[int, ...]) -> int:
    """The most points one card of ``hand`` would win at once on a lean layout (0 when none takes anything);
    the rollout's own choice of a capturing card, which it writes out for speed."""
    best = 0
    for x in hand:
        g = lay[CARD_PARTNER[x]]
        if g:
            v = pts[x] + (sum(g) if len(g) == 3 and SELF_PAIRING[CARD_PARTNER[x]] else max(g))
            if v > best:
                best = v
    return best


def rollout(hands: list[list[int]], lay: list[list[int]], stock: list[int], seen: list[int],
            seat: int, me: int, lean: LeanRules, rng: random.Random,
            noise: float = NOISE, other_noise: float | None = None, exact_at: int = 0,
            into: list[int] | None = None, trace: list[int] | None = None, traced: int = 0) -> int:
    """Play the deal to its end from ``seat`` to move; the points ``me`` wins on the way (with ``into``, every
    seat's points are added to it too; with ``trace``, the first ``traced`` turns are added to it, three numbers
    each: the seat, the card it played and the card turned from the stock, -1 for none).

    ``noise`` is how often ``me`` plays a random card, ``other_noise`` how often every
    other seat does (None: ``noise`` too). Once no more than ``exact_at`` cards are left in the hands
    (and no re-deal), the rest is searched exactly (:func:`~chinese_ten.games.ten.players.endgame.exact_points`)
    instead of played out. Every argument list is changed in place; pass copies. ``stock`` has its top
    card last, ``lay`` holds per rank the points of the layout cards of that rank,
    ``seen`` counts per rank the cards no longer in a hand or the stock.
    """
    partner = CARD_PARTNER
    rank = CARD_RANK
    selfr = SELF_PAIRING
    pts = lean.pts
    big = lean.big
    step = lean.step
    rand = rng.random
    seats = len(hands)
    gained = 0
    theirs = noise if other_noise is None else other_noise
    left = sum(len(h) for h in hands) if exact_at else 0
    while True:
        hand = hands[seat]
        if not hand:
            each = lean.redeal_count(len(stock))
            if not each:
                break
            s = seat
            for _ in range(each * seats):
                hands[s].append(stock.pop())
                s = (s + step) % seats
            left += each * seats
        if exact_at and left <= exact_at and len(stock) <= left:
            tail = exact_points(hands, lay, stock, seat, step, pts)
            if into is not None:
                for s, won in enumerate(tail):
                    into[s] += won
            return gained + tail[me]
        left -= 1
        nz = noise if seat == me else theirs
        if nz and rand() < nz:
            c = hand[int(rand() * len(hand))]
        else:
            c = -1
            best = -1
            for x in hand:
                g = lay[partner[x]]
                if g:
                    v = pts[x] + (sum(g) if len(g) == 3 and selfr[partner[x]] else max(g))
                    if v > best:
                        best = v
                        c = x
            if c < 0:
                key = 1 << 30
                held = [0] * 13
                for x in hand:
                    held[rank[x]] += 1
                for x in hand:
                    p = partner[x]
                    k = pts[x] * 2
                    if seen[p] + held[p] < 4:
                        k += 1
                        if big[x]:
                            k += 1000
                    k = k * 64 + x
                    if k < key:
                        key = k
                        c = x
        hand.remove(c)
        if trace is not None and traced:
            traced -= 1
            trace.extend((seat, c, stock[-1] if stock else -1))
        got = 0
        # the played card, then the turned one: :func:`enter`, written out for speed
        r = rank[c]
        seen[r] += 1
        p = partner[c]
        g = lay[p]
        if g:
            if len(g) == 3 and selfr[p]:
                got = pts[c] + sum(g)
                g.clear()
            else:
                m = max(g)
                g.remove(m)
                got = pts[c] + m
        else:
            lay[r].append(pts[c])
        if stock:
            c = stock.pop()
            r = rank[c]
            seen[r] += 1
            p = partner[c]
            g = lay[p]
            if g:
                if len(g) == 3 and selfr[p]:
                    got += pts[c] + sum(g)
                    g.clear()
                else:
                    m = max(g)
                    g.remove(m)
                    got += pts[c] + m
            else:
                lay[r].append(pts[c])
        if seat == me:
            gained += got
        if into is not None:
            into[seat] += got
        seat += step
        if seat == seats:
            seat = 0
        elif seat < 0:
            seat = seats - 1
    return gained
