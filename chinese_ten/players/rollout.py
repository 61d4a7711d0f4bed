"""A lean model of the rest of a deal, for search.

A sampled world is held in plain lists: every hand, the stock (top card last)
and the layout kept as the points of its cards grouped by rank. Within one
rank, cards worth the same points are interchangeable for the rest of the
deal, so nothing else is needed. :func:`rollout` plays the deal to its end with a quick policy that mirrors the
reference heuristic (biggest capture, else the cheapest safe card), with a
little noise, and returns the points the searching seat ends with.
"""

from __future__ import annotations

import random

from ..rules import PARTNER_RANK, SELF_PAIRING_RANKS

CARD_RANK: tuple[int, ...] = tuple(c >> 2 for c in range(52))
"""The rank index of every card number."""

CARD_PARTNER: tuple[int, ...] = tuple(PARTNER_RANK[c >> 2] for c in range(52))
"""The rank index each card number captures."""

SELF_RANK: tuple[bool, ...] = tuple(r in SELF_PAIRING_RANKS for r in range(13))
"""For each rank index, whether only its own rank captures it."""

NOISE: float = 0.08
"""How often a rollout seat plays a random card instead of the policy's card."""


def rollout(hands: list[list[int]], lay: list[list[int]], stock: list[int], seen: list[int],
            seat: int, me: int, pts: tuple[int, ...], rng: random.Random,
            noise: float = NOISE) -> int:
    """Play the deal to its end from ``seat`` to move; the points ``me`` wins on the way.

    Every argument list is changed in place; pass copies. ``stock`` has its top
    card last, ``lay`` holds per rank the points of the layout cards of that rank,
    ``seen`` counts per rank the cards no longer in a hand or the stock.
    """
    partner = CARD_PARTNER
    rank = CARD_RANK
    selfr = SELF_RANK
    rand = rng.random
    seats = len(hands)
    gained = 0
    hand = hands[seat]
    while hand:
        if noise and rand() < noise:
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
                        if k > 19:
                            k += 1000
                    k = k * 64 + x
                    if k < key:
                        key = k
                        c = x
        hand.remove(c)
        got = 0
        # the played card
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
        # the turned card
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
        seat += 1
        if seat == seats:
            seat = 0
        hand = hands[seat]
    return gained
