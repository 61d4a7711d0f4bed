"""A lean model of the rest of a Go Fishing deal, for search.

Suit never matters in Go Fishing, and a card's points follow from its value, so a
sampled world is held as values only: every hand a list of values, the stock a list
of values (top card last) and the layout a count per value with its count key (see
:mod:`~chinese_ten.games.fishing.legal`). :func:`rollout` plays such a world to its
end with a quick policy close to the reference player (the richest capture, else the
lowest card), with a little noise, and returns every seat's points won on the way.
"""

from __future__ import annotations

import random

from chinese_ten.games.fishing.legal import _BEST, BELOW, KEY_STEP, best_take
from chinese_ten.games.fishing.rules import LAYOUT_SIZE, VALUE_POINTS

NOISE: float = 0.1
"""How often a rollout seat plays a random card instead of the policy's card."""


def enter(counts: list[int], key: int, value: int, usage: tuple[tuple[int, int], ...], drop: int) -> int:
    """Play a card of ``value`` onto a lean layout, taking ``usage`` (none: it joins); the new count key."""
    if usage:
        for v, k in usage:
            counts[v] -= k
        return key - drop
    counts[value] += 1
    return key + KEY_STEP[value]


def best_capture(hand: list[int], counts: list[int], key: int, stock: list[int]) -> int:
    """The most points one card of ``hand`` would win at once once the layout is refilled from ``stock``
    (0 when none takes anything): the rollout's own choice of a capturing card, which it writes out for
    speed. Nothing passed in is changed."""
    counts = counts[:]
    size = sum(counts)
    depth = len(stock)
    while size < LAYOUT_SIZE and depth:
        depth -= 1
        v = stock[depth]
        counts[v] += 1
        key += KEY_STEP[v]
        size += 1
    best = 0
    for v in hand:
        t = _BEST.get((key % BELOW[v]) * 16 + v) or best_take(v, key, counts)
        if t[0] and t[0] + VALUE_POINTS[v] > best:
            best = t[0] + VALUE_POINTS[v]
    return best


Traced = tuple[int, int, tuple[tuple[int, int], ...]]
"""One turn of a rollout as :func:`rollout` traces it: the seat, the value it played and the ``(value, count)``
pairs it took (() when it laid the card down)."""


def rollout(hands: list[list[int]], counts: list[int], key: int, stock: list[int], seat: int,
            rng: random.Random, won: list[int], noise: float = NOISE, other_noise: float | None = None,
            me: int = -1, trace: list[Traced] | None = None, traced: int = 0) -> None:
    """Play the deal to its end from ``seat`` to move (its layout not yet refilled), adding each seat's points to ``won``.

    ``noise`` is how often a seat plays a random card; with ``other_noise``, every seat but
    ``me`` does so that often instead. Every list is changed in place; pass copies. ``hands`` and ``stock`` hold values,
    the stock's top card last; ``counts`` and ``key`` describe the layout. With ``trace``, the first ``traced``
    turns played (a seat with an empty hand is passed over, not a turn) are added to it (:data:`Traced`)."""
    memo = _BEST.get
    step = KEY_STEP
    below = BELOW
    vp = VALUE_POINTS
    rand = rng.random
    seats = len(hands)
    size = sum(counts)
    left = sum(len(h) for h in hands)
    theirs = noise if other_noise is None else other_noise
    while left:
        hand = hands[seat]
        if not hand:
            seat = seat + 1 if seat + 1 < seats else 0
            continue
        while size < LAYOUT_SIZE and stock:
            v = stock.pop()
            counts[v] += 1
            key += step[v]
            size += 1
        best = -1
        card = 0
        take = None
        nz = noise if seat == me else theirs
        if nz and rand() < nz:
            card = hand[int(rand() * len(hand))]
            take = memo((key % below[card]) * 16 + card) or best_take(card, key, counts)
            best = take[0]
        else:
            for v in hand:
                t = memo((key % below[v]) * 16 + v) or best_take(v, key, counts)
                if t[0] and t[0] + vp[v] > best:
                    best = t[0] + vp[v]
                    card = v
                    take = t
            if take is None:
                card = min(hand)
        hand.remove(card)
        left -= 1
        if traced and trace is not None:
            traced -= 1
            trace.append((seat, card, take[2] if take is not None and take[0] else ()))
        if take is not None and take[0]:
            for v, k in take[2]:
                counts[v] -= k
                size -= k
            key -= take[3]
            won[seat] += take[0] + vp[card]
        else:
            counts[card] += 1
            key += step[card]
            size += 1
        if stock:
            hand.append(stock.pop())
            left += 1
        seat = seat + 1 if seat + 1 < seats else 0
