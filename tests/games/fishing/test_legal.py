"""The families of sets a card can capture: the seed's example, and agreement with brute force."""

import itertools
import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.games.fishing.legal import (SHAPES, best_sets, best_take, card_families, layout_counts, layout_key,
                                             value_families)
from chinese_ten.games.fishing.rules import CARD_POINTS, CARD_VALUE

from .kit import cards


def brute_force(card: int, layout: list[Card]) -> set[frozenset[Card]]:
    """Every set of captured cards any family of disjoint summing subsets gives, found by trying them all."""
    target = CARD_VALUE[card]
    subsets = [frozenset(s) for n in range(1, len(layout) + 1) for s in itertools.combinations(layout, n)
               if sum(CARD_VALUE[c] for c in s) == target]
    found: set[frozenset[Card]] = {frozenset()}
    frontier = [(frozenset(), 0)]
    while frontier:
        taken, start = frontier.pop()
        for i in range(start, len(subsets)):
            if not subsets[i] & taken:
                union = taken | subsets[i]
                found.add(union)
                frontier.append((union, i + 1))
    return found


def test_the_seeds_nine_takes_five_and_four_and_a_nine_at_once() -> None:
    families = card_families(Card.parse("9S"), cards("5D 4H 9C KD 2S"))
    as_sets = {frozenset(frozenset(map(str, s)) for s in f) for f in families}
    assert frozenset({frozenset({"5D", "4H"}), frozenset({"9C"})}) in as_sets
    assert frozenset() in as_sets
    assert len(families) == 4  # nothing, the 9, 5+4, both


def test_taking_nothing_comes_first_and_every_set_sums_to_the_value() -> None:
    layout = cards("2S 3H 4D 5C 6S 7H 8D")
    families = card_families(Card.parse("KS"), layout)
    assert families[0] == ()
    for family in families:
        used = [c for s in family for c in s]
        assert len(used) == len(set(used))
        assert all(sum(CARD_VALUE[c] for c in s) == 13 for s in family)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=9, unique=True), st.sampled_from(ALL_CARDS))
def test_the_families_equal_a_brute_force_over_every_subset(layout: list[Card], card: Card) -> None:
    if card in layout:
        return
    families = card_families(card, layout)
    unions = [frozenset(c for s in f for c in s) for f in families]
    assert len(unions) == len(set(unions)), "families capturing the same cards are listed once"
    assert set(unions) == brute_force(card, layout)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=10, unique=True), st.sampled_from(ALL_CARDS))
def test_best_take_is_the_richest_family(layout: list[Card], card: Card) -> None:
    families = card_families(card, layout)
    richest = max(sum(CARD_POINTS[c] for s in f for c in s) for f in families)
    points = best_take(CARD_VALUE[card], layout_key(layout), layout_counts(layout))[0]
    assert points == richest
    assert sum(CARD_POINTS[c] for s in best_sets(card, layout) for c in s) == richest


def test_shapes_are_every_multiset_of_values_summing_to_the_target() -> None:
    assert SHAPES[2] == (((2, 1),),)
    assert len(SHAPES[9]) == 8  # 9, 2+7, 3+6, 4+5, 2+2+5, 2+3+4, 3+3+3, 2+2+2+3
    for target, shapes in enumerate(SHAPES):
        for shape in shapes:
            assert sum(v * k for v, k in shape) == target and all(k <= 4 for _, k in shape)


def test_a_layout_of_fourteen_cards_is_enumerated_quickly() -> None:
    layout = cards("2S 2H 3D 3C 4S 4H 5D 5C 6S 6H 7D 7C 8S 9H")
    counts = layout_counts(layout)
    start = time.thread_time()  # this thread's processor time: what other work on the machine takes is not counted
    families = card_families(Card.parse("AS"), layout)
    value_level = value_families(14, counts)
    elapsed = time.thread_time() - start
    assert len(families) > 1000 and len(value_level) < len(families)
    # A guard against a combinatorial blow-up, not a measure of speed: about 0.03 s of processor time on a
    # quiet machine; the bound is ten times that.
    assert elapsed < 0.3, f"{len(families)} families took {elapsed:.2f} s of processor time"


def test_value_families_in_random_layouts_have_no_permutation_duplicates() -> None:
    rng = random.Random(7)
    for _ in range(200):
        layout = rng.sample(ALL_CARDS, rng.randint(3, 12))
        counts = layout_counts(layout)
        for target in range(2, 15):
            fams = value_families(target, counts)
            keys = [tuple(sorted(f)) for f in fams]
            assert len(keys) == len(set(keys))
