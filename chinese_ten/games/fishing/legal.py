"""Which families of sets a played card can capture, enumerated without brute force.

A layout can hold ten or more cards late in a deal, and trying every subset of it
(2^n) for every card in the hand would be slow. Suit never matters for summing or
for points, so the enumeration works on the layout's **equal-value groups**: how
many cards of each value 2..14 it holds, kept as a small count vector and a bitmask
of the values present.

1. A *shape* is a multiset of values summing to a target (9 = 5+4 = 2+3+4 = 9 …).
   There are only a few dozen per target (34 for the ace's 14), listed once at import
   in :data:`SHAPES`, each with the bitmask of its values; a shape fits a layout when
   its mask is inside the layout's mask and no value is used more often than present.
2. A *family* is a multiset of fitting shapes whose combined use of each value does
   not exceed the layout's count. Shapes are chosen in non-decreasing index order, so
   each family is met once, never in its permutations; families that use the same
   number of cards of every value capture equal cards as a multiset of values and
   are kept once (the first partition found).
3. Only then are the value counts turned into cards: for each value used ``k`` times,
   every choice of ``k`` of the layout's cards of that value (in layout order). Each
   choice gives a distinct set of captured cards, so the card-level families come out
   with no duplicate and none missing.

The players' search uses the value-level families directly (cards of equal value
are interchangeable for the rest of the deal) through :func:`best_take`, which
remembers its answers by target and count vector.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.games.fishing.rules import CARD_VALUE, HIGH_VALUE, LOW_VALUE, VALUE_POINTS

Shape = tuple[tuple[int, int], ...]
"""A multiset of values as ``(value, count)`` pairs, values ascending."""

Usage = tuple[int, ...]
"""How many cards of each value (index 0..14) a family takes."""

KEY_STEP: tuple[int, ...] = tuple(0 if v < LOW_VALUE else 5 ** (v - LOW_VALUE) for v in range(HIGH_VALUE + 1))
"""The weight of one card of each value in a layout's count key (base 5: at most four of a value)."""


BELOW: tuple[int, ...] = tuple(5 ** max(0, t - 1) for t in range(HIGH_VALUE + 1))
"""Per target, the modulus that keeps of a count key only the values a card of that value can take (2..target)."""


def _shapes(target: int) -> list[Shape]:
    """Every multiset of values 2..14, at most four of each, summing to ``target``."""
    found: list[Shape] = []

    def extend(rest: int, low: int, acc: list[tuple[int, int]]) -> None:
        if rest == 0:
            found.append(tuple(acc))
            return
        for v in range(low, min(rest, HIGH_VALUE) + 1):
            for k in range(1, 5):
                if v * k > rest:
                    break
                acc.append((v, k))
                extend(rest - v * k, v + 1, acc)
                acc.pop()

    extend(target, LOW_VALUE, [])
    # singles first, then fewer cards, so the families a person sees first are the plain ones
    found.sort(key=lambda s: (sum(k for _, k in s), s))
    return found


SHAPES: tuple[tuple[Shape, ...], ...] = tuple(tuple(_shapes(t)) if t >= LOW_VALUE else () for t in range(HIGH_VALUE + 1))
"""Per target value, every shape summing to it."""

SHAPE_MASKS: tuple[tuple[int, ...], ...] = tuple(tuple(sum(1 << v for v, _ in s) for s in shapes) for shapes in SHAPES)
"""Per target value, the bitmask of the values each shape uses."""


def layout_counts(layout: Sequence[int]) -> list[int]:
    """How many layout cards there are of each value (index 0..14)."""
    counts = [0] * (HIGH_VALUE + 1)
    for c in layout:
        counts[CARD_VALUE[c]] += 1
    return counts


def fitting_shapes(target: int, counts: Sequence[int]) -> list[Shape]:
    """The shapes summing to ``target`` that the layout's value counts can supply."""
    present = 0
    for v in range(LOW_VALUE, HIGH_VALUE + 1):
        if counts[v]:
            present |= 1 << v
    fit = []
    for shape, mask in zip(SHAPES[target], SHAPE_MASKS[target]):
        if mask & ~present == 0 and all(counts[v] >= k for v, k in shape):
            fit.append(shape)
    return fit


def value_families(target: int, counts: Sequence[int]) -> list[tuple[Shape, ...]]:
    """Every distinct family of shapes a card of value ``target`` can take, the empty family first.

    Two families are the same when they use the same number of cards of each value."""
    shapes = fitting_shapes(target, counts)
    left = list(counts)
    seen: set[Usage] = set()
    out: list[tuple[Shape, ...]] = []

    def grow(start: int, chosen: list[Shape]) -> None:
        usage = tuple(c - r for c, r in zip(counts, left))
        if usage not in seen:
            seen.add(usage)
            out.append(tuple(chosen))
        for i in range(start, len(shapes)):
            shape = shapes[i]
            if all(left[v] >= k for v, k in shape):
                for v, k in shape:
                    left[v] -= k
                chosen.append(shape)
                grow(i, chosen)
                chosen.pop()
                for v, k in shape:
                    left[v] += k

    grow(0, [])
    return out


def _expand(family: tuple[Shape, ...], by_value: dict[int, list[Card]]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every way to give a value-level family real layout cards."""
    need: dict[int, int] = {}
    for shape in family:
        for v, k in shape:
            need[v] = need.get(v, 0) + k
    values = sorted(need)
    for picks in product(*(combinations(by_value[v], need[v]) for v in values)):
        pools = {v: list(p) for v, p in zip(values, picks)}
        sets = []
        for shape in family:
            cards: list[Card] = []
            for v, k in shape:
                cards.extend(pools[v][:k])
                del pools[v][:k]
            sets.append(tuple(cards))
        yield tuple(sets)


def card_families(card: int, layout: Sequence[int]) -> list[tuple[tuple[Card, ...], ...]]:
    """Every distinct family of disjoint sets of ``layout`` cards that ``card`` can capture, taking nothing first.

    Families that capture the same cards are listed once."""
    target = CARD_VALUE[card]
    counts = layout_counts(layout)
    by_value: dict[int, list[Card]] = {}
    for c in layout:
        by_value.setdefault(CARD_VALUE[c], []).append(ALL_CARDS[c])
    out: list[tuple[tuple[Card, ...], ...]] = []
    for family in value_families(target, counts):
        out.extend(_expand(family, by_value))
    return out


def family_points(family: tuple[Shape, ...]) -> int:
    """The points of the layout cards a value-level family takes."""
    return sum(VALUE_POINTS[v] * k for shape in family for v, k in shape)


def usage_of(family: tuple[Shape, ...]) -> tuple[tuple[int, int], ...]:
    """A value-level family as the ``(value, count)`` pairs it takes in all."""
    need: dict[int, int] = {}
    for shape in family:
        for v, k in shape:
            need[v] = need.get(v, 0) + k
    return tuple(sorted(need.items()))


Best = tuple[int, tuple[Shape, ...], tuple[tuple[int, int], ...], int]
"""The best take: its points, its family of shapes, its ``(value, count)`` use and its drop of the count key."""

_BEST: dict[int, Best] = {}
_BEST_LIMIT = 100_000
"""The most best takes remembered (about 40 MB); past it the memory starts afresh."""
_NOTHING: Best = (0, (), (), 0)


def best_take(target: int, key: int, counts: Sequence[int]) -> Best:
    """The most points a card of value ``target`` can take from a layout, as ``(points, family, usage, key drop)``.

    ``key`` is the layout's count key (the sum of :data:`KEY_STEP` over its cards; only its
    digits for values up to ``target`` matter, so answers are remembered by those) and
    ``counts`` its value counts; ``usage`` lists the ``(value, count)`` taken, and ``key
    drop`` is what the key loses. ``(0, (), (), 0)`` when nothing can be taken.

    Only the best family is wanted here, so instead of listing every family it solves a
    small knapsack over the fitting shapes: the best from shape ``i`` on with the counts
    left, either skipping shape ``i`` or taking it once more, remembered by ``(i, counts
    left)``. On equal points the family taking the earliest shapes (singles first) wins."""
    rem0 = key % BELOW[target]
    memo = rem0 * 16 + target
    hit = _BEST.get(memo)
    if hit is not None:
        return hit
    shapes = fitting_shapes(target, counts)
    best = _NOTHING
    if shapes:
        n = len(shapes)
        deltas = [sum(KEY_STEP[v] * k for v, k in shape) for shape in shapes]
        gains = [sum(VALUE_POINTS[v] * k for v, k in shape) for shape in shapes]
        digits = [tuple((KEY_STEP[v], k) for v, k in shape) for shape in shapes]
        table: dict[int, int] = {}

        def fits(i: int, rem: int) -> bool:
            return all((rem // step) % 5 >= k for step, k in digits[i])

        def solve(i: int, rem: int) -> int:
            if i == n:
                return 0
            slot = rem * 64 + i
            found = table.get(slot)
            if found is None:
                found = solve(i + 1, rem)
                if fits(i, rem):
                    found = max(found, gains[i] + solve(i, rem - deltas[i]))
                table[slot] = found
            return found

        total = solve(0, rem0)
        family: list[Shape] = []
        i, rem = 0, rem0
        while i < n:
            if fits(i, rem) and gains[i] + solve(i, rem - deltas[i]) == solve(i, rem):
                family.append(shapes[i])
                rem -= deltas[i]
            else:
                i += 1
        chosen = tuple(family)
        usage = usage_of(chosen)
        best = (total, chosen, usage, rem0 - rem)
    if len(_BEST) > _BEST_LIMIT:
        _BEST.clear()
    _BEST[memo] = best
    return best


def assign_cards(family: tuple[Shape, ...], layout: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
    """A value-level family given real layout cards: for each value, the earliest in the layout first."""
    taken: set[int] = set()
    sets = []
    for shape in family:
        cards: list[Card] = []
        for v, k in shape:
            for c in layout:
                if CARD_VALUE[c] == v and c not in taken:
                    taken.add(c)
                    cards.append(ALL_CARDS[c])
                    k -= 1
                    if not k:
                        break
        sets.append(tuple(cards))
    return tuple(sets)


def layout_key(layout: Sequence[int]) -> int:
    """A layout's count key for :func:`best_take`: the sum of :data:`KEY_STEP` over its cards."""
    return sum(KEY_STEP[CARD_VALUE[c]] for c in layout)


def best_sets(card: int, layout: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
    """The family of layout cards worth the most points that ``card`` could capture (the first such; () for none)."""
    _, family, _, _ = best_take(CARD_VALUE[card], layout_key(layout), layout_counts(layout))
    return assign_cards(family, layout) if family else ()
