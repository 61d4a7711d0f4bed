"""The card tracker: what a seat could count in its head, from its own view alone.

It reads nothing but the seat's view (``session.observe(seat)``): the cards it has seen (``seen``) and
its hand, so the cards it has not seen (``unseen``) are the other hands and the stock together. It says
which scoring cards are still out and, for Chinese Ten, how many partners of each layout card are still
out (the cards that would take it: ten together, or a pair of 10s, Js, Qs or Ks); for Go Fishing, how many
cards of each value are still out (a play's sums are made of values).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chinese_ten.cards import SUIT_SYMBOLS, Card

FISHING_VALUE_NAMES: dict[int, str] = {14: "A", 11: "J", 12: "Q", 13: "K"}
"""How a Go Fishing value is written when it is not its number."""


@dataclass(frozen=True)
class Tracked:
    """What the tracker shows for one seat."""

    scoring: tuple[Card, ...]
    """The scoring cards not yet seen, the most points first (Go Fishing: empty, as every card scores)."""
    partners: tuple[tuple[Card, int], ...]
    """Chinese Ten: each layout card and how many of its partners are still out."""
    values: tuple[tuple[str, int], ...]
    """Go Fishing: each value, as written, and how many cards of it are still out."""


def track(view: Any) -> Tracked:
    """The tracker of the seat whose view this is (a Chinese Ten or a Go Fishing view)."""
    unseen = view.unseen
    if hasattr(view, "partners_unaccounted"):  # Chinese Ten
        points = view.points_table
        scoring = sorted((c for c in unseen if points[c] > 0), key=lambda c: (-points[c], c))
        partners = tuple((c, view.partners_unaccounted(c)) for c in view.layout)
        return Tracked(tuple(scoring), partners, ())
    values = tuple((FISHING_VALUE_NAMES.get(v, str(v)), n) for v, n in view.values_out())
    return Tracked((), (), values)


def grouped(cards: tuple[Card, ...]) -> str:
    """Cards written by rank, each rank once with its suits, in the order given: ``K♠♥ 10♦``."""
    ranks: dict[str, str] = {}
    for c in cards:
        ranks[c.rank_name] = ranks.get(c.rank_name, "") + SUIT_SYMBOLS[c.suit]
    return " ".join(rank + suits for rank, suits in ranks.items())
