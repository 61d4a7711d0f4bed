"""What every game's seat ``state`` on the network holds of its view, whatever the game: the dealer, the turns
played, whose move it is, the seat's hand, the sizes of the others, the layout, the stock and the piles, the
points, and the capture choice it owes (NETWORK.md's ``state``). Each game's wire codec fills it from its view."""

from __future__ import annotations

from typing import Any

from collections.abc import Mapping

from chinese_ten.cards import Card, card_codes


def view_state(view: Any, to_move: int | None, pending: dict[str, Any] | None = None) -> dict[str, Any]:
    """The fields of a seat's ``state`` its view gives: ``view`` has ``dealer``, ``turns``, ``hand``,
    ``hand_sizes``, ``layout``, ``stock_left``, ``piles`` and ``points``; ``to_move`` and ``pending`` are the
    game's own (who decides next, and the capture choice this seat owes, if any)."""
    return {"dealer": view.dealer, "turn": len(view.turns), "to_move": to_move,
            "hand": card_codes(view.hand), "hand_sizes": list(view.hand_sizes), "layout": card_codes(view.layout),
            "stock_left": view.stock_left, "pile_sizes": [len(p) for p in view.piles], "points": list(view.points),
            "pending": pending}


def story_start(state: Mapping[str, Any]) -> tuple[int, list[list[Card]], set[Card]]:
    """Where rebuilding a seat's view from its ``state`` and its deal's story starts: the seats, an empty pile
    for each, and no card seen yet."""
    seats = int(state["seats"])
    return seats, [[] for _ in range(seats)], set()
