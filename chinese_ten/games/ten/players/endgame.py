"""The last turns of a sampled world, searched exactly instead of played out.

At the end of a deal only a few cards are left in the hands, so every way to play
them can be tried: :func:`exact_points` walks the whole tree of the remaining turns
of one world (hands and stock known, as in every sampled world) and lets every seat
play the card that ends best for itself (max-n search; at two seats that is
minimax, since what one seat wins the other does not). An entering card takes its
best candidate, as in the rollout. Cards of one rank worth the same points are one
choice. It works on the lean world of :mod:`~chinese_ten.games.ten.players.rollout`.
"""

from __future__ import annotations

from chinese_ten.games.ten.rules import CARD_PARTNER, SELF_PAIRING


def _enter(lay: list[list[int]], card: int, pts: tuple[int, ...]) -> tuple[int, int | list[int] | None]:
    """Resolve an entering card on a lean layout, taking its best: the points won and what :func:`_undo`
    needs (None: the card was laid down; the points of the card taken; the three a triple took)."""
    p = CARD_PARTNER[card]
    group = lay[p]
    if not group:
        lay[card >> 2].append(pts[card])
        return 0, None
    if SELF_PAIRING[p] and len(group) == 3:
        taken = group[:]
        group.clear()
        return pts[card] + sum(taken), taken
    t = max(group)
    group.remove(t)
    return pts[card] + t, t


def _undo(lay: list[list[int]], card: int, pts: tuple[int, ...], taken: int | list[int] | None) -> None:
    """Take back what :func:`_enter` did."""
    if taken is None:
        lay[card >> 2].remove(pts[card])
    elif isinstance(taken, list):
        lay[CARD_PARTNER[card]].extend(taken)
    else:
        lay[CARD_PARTNER[card]].append(taken)


def exact_points(hands: list[list[int]], lay: list[list[int]], stock: list[int], seat: int,
                 step: int, pts: tuple[int, ...]) -> list[int]:
    """Per seat, the points it wins from here to the end of the deal when every seat plays its best.

    ``stock`` has its top card last and must run out no later than the hands (no re-deal
    left). The lists are changed during the search and restored before it returns."""
    seats = len(hands)
    hand = hands[seat]
    if not hand:
        return [0] * seats
    nxt = (seat + step) % seats
    best: list[int] | None = None
    tried: set[tuple[int, int]] = set()
    for i, c in enumerate(hand):
        kind = (c >> 2, pts[c])
        if kind in tried:
            continue
        tried.add(kind)
        hand[i] = hand[-1]
        hand.pop()
        won, taken = _enter(lay, c, pts)
        if stock:
            f = stock.pop()
            fwon, ftaken = _enter(lay, f, pts)
            result = exact_points(hands, lay, stock, nxt, step, pts)
            _undo(lay, f, pts, ftaken)
            stock.append(f)
            won += fwon
        else:
            result = exact_points(hands, lay, stock, nxt, step, pts)
        result[seat] += won
        _undo(lay, c, pts, taken)
        hand.append(c)
        hand[i], hand[-1] = hand[-1], hand[i]
        if best is None or result[seat] > best[seat]:
            best = result
    assert best is not None
    return best
