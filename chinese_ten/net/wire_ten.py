"""Chinese Ten on the wire: its events as NETWORK.md's ``events`` JSON and back, and a seat's view as ``state``."""

from __future__ import annotations

from typing import Any

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.games.ten import events as ev
from chinese_ten.games.ten.view import SeatView


def _c(card: Card | None) -> str | None:
    return None if card is None else str(card)


_NAMES: tuple[str, ...] = tuple(str(c) for c in ALL_CARDS)
"""Every card's name, by its number (written for every frame, so looked up rather than made)."""


def _cs(cards: tuple[Card, ...]) -> list[str]:
    return [_NAMES[c] for c in cards]


def _hands(hands: tuple[tuple[Card | None, ...], ...]) -> list[list[str | None]]:
    return [[_c(c) for c in h] for h in hands]


def _card(value: Any) -> Card:
    return Card.parse(str(value))


def _cards(values: Any) -> tuple[Card, ...]:
    return tuple(_card(v) for v in values)


def _back_hands(values: Any) -> tuple[tuple[Card | None, ...], ...]:
    return tuple(tuple(None if c is None else _card(c) for c in h) for h in values)


def card_values(rules: Any, seats: int) -> dict[str, int]:
    """Every card's points under ``rules`` at this many seats, by its name (``welcome``'s ``values``)."""
    table = rules.points_table(seats)
    return {_NAMES[c]: table[c] for c in ALL_CARDS}


def event_json(event: Any, following: tuple[Any, ...] = ()) -> dict[str, Any]:
    """One event as JSON; ``following`` are the events after it in the same step (a play's capture)."""
    if isinstance(event, ev.Dealt):
        return {"kind": "dealt", "hands": _hands(event.hands), "layout": _cs(event.layout), "stock": event.stock}
    if isinstance(event, ev.Played):
        took: list[str] = []
        for later in following:
            if isinstance(later, ev.Captured) and later.source == "play" and later.card == event.card:
                took = _cs(later.taken)
                break
        return {"kind": "played", "seat": event.seat, "card": str(event.card), "took": took}
    if isinstance(event, ev.Turned):
        return {"kind": "turned", "seat": event.seat, "card": str(event.card)}
    if isinstance(event, ev.Captured):
        return {"kind": "captured", "seat": event.seat, "card": str(event.card), "taken": _cs(event.taken),
                "points": event.points, "source": event.source, "triple": isinstance(event, ev.TripleCaptured)}
    if isinstance(event, ev.JoinedLayout):
        return {"kind": "joined", "seat": event.seat, "card": str(event.card), "source": event.source}
    if isinstance(event, ev.ChoiceNeeded):
        return {"kind": "choice", "seat": event.seat, "card": str(event.card), "candidates": _cs(event.candidates),
                "source": event.source}
    if isinstance(event, ev.DealerSweep):
        return {"kind": "dealer_sweep", "seat": event.seat, "cards": _cs(event.cards), "points": event.points}
    if isinstance(event, ev.ThrownIn):
        return {"kind": "thrown_in", "seat": event.seat, "layout": _cs(event.layout)}
    if isinstance(event, ev.Refilled):
        return {"kind": "refilled", "seat": event.seat, "cards": _cs(event.cards)}
    if isinstance(event, ev.NoFlip):
        return {"kind": "no_flip", "seat": event.seat}
    if isinstance(event, ev.Redealt):
        return {"kind": "redealt", "first": event.first, "each": event.each, "seats": event.seats,
                "hands": _hands(event.hands)}
    if isinstance(event, ev.DealOver):
        return {"kind": "deal_over", "points": list(event.points), "margins": list(event.margins),
                "leftovers": _cs(event.leftovers)}
    raise TypeError(f"no wire form for {type(event).__name__}")


def event_from_json(data: dict[str, Any]) -> Any:
    """The event a JSON object describes (as :func:`event_json` wrote it); ``ValueError``/``KeyError`` otherwise."""
    kind = data["kind"]
    if kind == "dealt":
        return ev.Dealt(_back_hands(data["hands"]), _cards(data["layout"]), int(data["stock"]))
    if kind == "played":
        return ev.Played(int(data["seat"]), _card(data["card"]))
    if kind == "turned":
        return ev.Turned(int(data["seat"]), _card(data["card"]))
    if kind == "captured":
        cls = ev.TripleCaptured if data.get("triple") else ev.Captured
        return cls(int(data["seat"]), _card(data["card"]), _cards(data["taken"]), int(data["points"]), data["source"])
    if kind == "joined":
        return ev.JoinedLayout(int(data["seat"]), _card(data["card"]), data["source"])
    if kind == "choice":
        return ev.ChoiceNeeded(int(data["seat"]), _card(data["card"]), _cards(data["candidates"]), data["source"])
    if kind == "dealer_sweep":
        return ev.DealerSweep(int(data["seat"]), _cards(data["cards"]), int(data["points"]))
    if kind == "thrown_in":
        return ev.ThrownIn(int(data["seat"]), _cards(data["layout"]))
    if kind == "refilled":
        return ev.Refilled(int(data["seat"]), _cards(data["cards"]))
    if kind == "no_flip":
        return ev.NoFlip(int(data["seat"]))
    if kind == "redealt":
        return ev.Redealt(int(data["first"]), int(data["each"]), int(data["seats"]), _back_hands(data["hands"]))
    if kind == "deal_over":
        return ev.DealOver(tuple(int(p) for p in data["points"]), tuple(data["margins"]), _cards(data["leftovers"]))
    raise ValueError(f"unknown Chinese Ten event {kind!r}")


def state_fields(view: SeatView) -> dict[str, Any]:
    """The game's part of a seat's ``state``: what its view holds, and nothing more."""
    pending = None
    if view.pending is not None and view.pending.seat == view.seat:
        pending = {"card": str(view.pending.card), "candidates": _cs(view.pending.candidates)}
    return {"dealer": view.dealer, "turn": len(view.turns), "to_move": view.to_move,
            "hand": _cs(view.hand), "hand_sizes": list(view.hand_sizes), "layout": _cs(view.layout),
            "stock_left": view.stock_left, "pile_sizes": [len(p) for p in view.piles], "points": list(view.points),
            "pending": pending}
