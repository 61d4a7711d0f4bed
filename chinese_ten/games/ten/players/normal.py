"""Normal: the reference heuristic of RULES.md, with no look-ahead.

It captures for the biggest total of its own card's points and the card it
takes. With nothing to take it lays down the cheapest card: first a zero-point
card that nobody else can pair any more, and a big scoring card (worth at least
the mean of the scoring cards in the table in force: a red ace or nine to king
in the classic table) only when nothing cheaper is left while somebody could
still pair it. It
remembers every card that has gone by (the view's ``seen``).
"""

from __future__ import annotations

import random

from chinese_ten.cards import Card
from chinese_ten.games.ten.view import SeatView
from chinese_ten.games.ten.players.base import Decision, TenPlayer, best_capture, highest_take


def discard_cost(view: SeatView, card: Card) -> tuple[int, int, int, int]:
    """How much laying ``card`` down costs, as a sort key (lower is cheaper)."""
    pts = view.points_of(card)
    exposed = view.partners_unaccounted(card) > 0
    big_and_exposed = 1 if (exposed and view.is_big(card)) else 0
    return (big_and_exposed, pts, 1 if exposed else 0, int(card))


class NormalPlayer(TenPlayer):
    """The reference heuristic: greedy capture, careful discard, perfect memory."""

    name = "normal"

    def choose_play(self, view: SeatView, rng: random.Random) -> Decision:
        """The capture with the biggest total, or else the cheapest card to lay down."""
        best = best_capture(view)
        if best is not None:
            return Decision(best, view.best_take(best))
        card = min(view.hand, key=lambda c: discard_cost(view, c))
        return Decision(card, None)

    def choose_take(self, view: SeatView, rng: random.Random) -> Card:
        """The highest-scoring candidate."""
        return highest_take(view)
