"""Chinese Go Fishing on the wire: its events as NETWORK.md's ``events`` JSON and back, and a seat's view as ``state``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chinese_ten.cards import ALL_CARDS, NOTATION, Card, card_codes, cards_from
from chinese_ten.engine.scores import as_number
from chinese_ten.engine.seatstate import story_start, view_state
from chinese_ten.games.fishing import events as ev
from chinese_ten.games.fishing.rules import margins_of, points_of
from chinese_ten.games.fishing.view import FishingTurn, FishingView


def _card(value: Any) -> Card:
    return Card.parse(str(value))


def card_values(rules: Any, seats: int) -> dict[str, int]:
    """Every card's points when captured (the same at every seat count and under the one set of rules), by its
    name (``welcome``'s ``values``)."""
    return {NOTATION[c]: points_of(c) for c in ALL_CARDS}


def event_json(event: Any, following: tuple[Any, ...] = ()) -> dict[str, Any]:
    """One event as JSON; ``following`` are the events after it in the same step (a play's capture)."""
    if isinstance(event, ev.Dealt):
        return {"kind": "dealt", "hands": [[None if c is None else str(c) for c in h] for h in event.hands],
                "layout": card_codes(event.layout), "stock": event.stock}
    if isinstance(event, ev.LayoutRefilled):
        return {"kind": "refilled", "seat": event.seat, "cards": card_codes(event.cards)}
    if isinstance(event, ev.Played):
        took: list[str] = []
        for later in following:
            if isinstance(later, ev.CapturedSets) and later.card == event.card:
                took = [str(c) for s in later.sets for c in s]
                break
        return {"kind": "played", "seat": event.seat, "card": str(event.card), "took": took}
    if isinstance(event, ev.CapturedSets):
        return {"kind": "captured", "seat": event.seat, "card": str(event.card),
                "sets": [card_codes(s) for s in event.sets], "points": event.points}
    if isinstance(event, ev.JoinedLayout):
        return {"kind": "joined", "seat": event.seat, "card": str(event.card)}
    if isinstance(event, ev.Drew):
        return {"kind": "drawn", "seat": event.seat, "card": None if event.card is None else str(event.card)}
    if isinstance(event, ev.PassedOver):
        return {"kind": "passed", "seat": event.seat}
    if isinstance(event, ev.DealOver):
        return {"kind": "deal_over", "points": list(event.points), "margins": [as_number(m) for m in event.margins],
                "leftovers": card_codes(event.leftovers)}
    raise TypeError(f"no wire form for {type(event).__name__}")


def event_from_json(data: dict[str, Any]) -> Any:
    """The event a JSON object describes (as :func:`event_json` wrote it); ``ValueError``/``KeyError`` otherwise."""
    kind = data["kind"]
    if kind == "dealt":
        hands = tuple(tuple(None if c is None else _card(c) for c in h) for h in data["hands"])
        return ev.Dealt(hands, cards_from(data["layout"]), int(data["stock"]))
    if kind == "refilled":
        return ev.LayoutRefilled(int(data["seat"]), cards_from(data["cards"]))
    if kind == "played":
        return ev.Played(int(data["seat"]), _card(data["card"]))
    if kind == "captured":
        return ev.CapturedSets(int(data["seat"]), _card(data["card"]), tuple(cards_from(s) for s in data["sets"]),
                               int(data["points"]))
    if kind == "joined":
        return ev.JoinedLayout(int(data["seat"]), _card(data["card"]))
    if kind == "drawn":
        return ev.Drew(int(data["seat"]), None if data["card"] is None else _card(data["card"]))
    if kind == "passed":
        return ev.PassedOver(int(data["seat"]))
    if kind == "deal_over":
        points = tuple(int(p) for p in data["points"])  # the margins, exactly, are the points minus their mean
        return ev.DealOver(points, margins_of(points), cards_from(data["leftovers"]))
    raise ValueError(f"unknown Go Fishing event {kind!r}")


def state_fields(view: FishingView) -> dict[str, Any]:
    """The game's part of a seat's ``state``: what its view holds, and nothing more."""
    return view_state(view, view.to_act)


def view_from_json(state: Mapping[str, Any], story: Sequence[Any], *, waiting: bool = False) -> FishingView:
    """A Go Fishing seat's view rebuilt from its ``state`` and the deal's events as it was told them, ``waiting``
    while its own decision is on its way (see :mod:`chinese_ten.net.seatviews`)."""
    seats, piles, seen = story_start(state)
    turns: list[FishingTurn] = []
    over = False
    for e in story:
        if isinstance(e, ev.Dealt):
            seen.update(e.layout)
            piles = [[] for _ in range(seats)]
            turns = []
        elif isinstance(e, ev.LayoutRefilled):
            seen.update(e.cards)
        elif isinstance(e, ev.Played):
            seen.add(e.card)
            turns.append(FishingTurn(e.seat, e.card))
        elif isinstance(e, ev.CapturedSets):
            piles[e.seat].extend((e.card, *(c for s in e.sets for c in s)))
            if turns and turns[-1].seat == e.seat and turns[-1].card == e.card:
                turns[-1] = FishingTurn(e.seat, e.card, tuple(tuple(s) for s in e.sets))
        elif isinstance(e, ev.DealOver):
            over = True
    turns = turns[:int(state.get("turn", len(turns)))]
    to_act = None if over or waiting else state.get("to_move")
    return FishingView(
        seat=int(state["seat"]), seats=seats, dealer=int(state["dealer"]), hand=cards_from(state.get("hand") or ()),
        layout=cards_from(state.get("layout") or ()), piles=tuple(tuple(p) for p in piles),
        hand_sizes=tuple(int(n) for n in state.get("hand_sizes") or ()), stock_left=int(state.get("stock_left", 0)),
        to_act=None if to_act is None else int(to_act), seen=frozenset(seen), turns=tuple(turns))
