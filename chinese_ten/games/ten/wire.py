"""Chinese Ten on the wire: its events as NETWORK.md's ``events`` JSON and back, and a seat's view as ``state``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chinese_ten.cards import ALL_CARDS, NOTATION, Card, card_codes, cards_from
from chinese_ten.engine.seatstate import story_start, view_state
from chinese_ten.games.ten import events as ev
from chinese_ten.games.ten.rules import rules_from_json
from chinese_ten.games.ten.turns import PendingChoice, Phase, TurnRecord
from chinese_ten.games.ten.view import SeatView


def _c(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _hands(hands: tuple[tuple[Card | None, ...], ...]) -> list[list[str | None]]:
    return [[_c(c) for c in h] for h in hands]


def _card(value: Any) -> Card:
    return Card.parse(str(value))


def _back_hands(values: Any) -> tuple[tuple[Card | None, ...], ...]:
    return tuple(tuple(None if c is None else _card(c) for c in h) for h in values)


def card_values(rules: Any, seats: int) -> dict[str, int]:
    """Every card's points under ``rules`` at this many seats, by its name (``welcome``'s ``values``)."""
    table = rules.points_table(seats)
    return {NOTATION[c]: table[c] for c in ALL_CARDS}


def event_json(event: Any, following: tuple[Any, ...] = ()) -> dict[str, Any]:
    """One event as JSON; ``following`` are the events after it in the same step (a play's capture)."""
    if isinstance(event, ev.Dealt):
        return {"kind": "dealt", "hands": _hands(event.hands), "layout": card_codes(event.layout), "stock": event.stock}
    if isinstance(event, ev.Played):
        took: list[str] = []
        for later in following:
            if isinstance(later, ev.Captured) and later.source == "play" and later.card == event.card:
                took = card_codes(later.taken)
                break
        return {"kind": "played", "seat": event.seat, "card": str(event.card), "took": took}
    if isinstance(event, ev.Turned):
        return {"kind": "turned", "seat": event.seat, "card": str(event.card)}
    if isinstance(event, ev.Captured):
        return {"kind": "captured", "seat": event.seat, "card": str(event.card), "taken": card_codes(event.taken),
                "points": event.points, "source": event.source, "triple": isinstance(event, ev.TripleCaptured)}
    if isinstance(event, ev.JoinedLayout):
        return {"kind": "joined", "seat": event.seat, "card": str(event.card), "source": event.source}
    if isinstance(event, ev.ChoiceNeeded):
        return {"kind": "choice", "seat": event.seat, "card": str(event.card), "candidates": card_codes(event.candidates),
                "source": event.source}
    if isinstance(event, ev.DealerSweep):
        return {"kind": "dealer_sweep", "seat": event.seat, "cards": card_codes(event.cards), "points": event.points}
    if isinstance(event, ev.ThrownIn):
        return {"kind": "thrown_in", "seat": event.seat, "layout": card_codes(event.layout)}
    if isinstance(event, ev.Refilled):
        return {"kind": "refilled", "seat": event.seat, "cards": card_codes(event.cards)}
    if isinstance(event, ev.NoFlip):
        return {"kind": "no_flip", "seat": event.seat}
    if isinstance(event, ev.Redealt):
        return {"kind": "redealt", "first": event.first, "each": event.each, "seats": event.seats,
                "hands": _hands(event.hands)}
    if isinstance(event, ev.DealOver):
        return {"kind": "deal_over", "points": list(event.points), "margins": list(event.margins),
                "leftovers": card_codes(event.leftovers)}
    raise TypeError(f"no wire form for {type(event).__name__}")


def event_from_json(data: dict[str, Any]) -> Any:
    """The event a JSON object describes (as :func:`event_json` wrote it); ``ValueError``/``KeyError`` otherwise."""
    kind = data["kind"]
    if kind == "dealt":
        return ev.Dealt(_back_hands(data["hands"]), cards_from(data["layout"]), int(data["stock"]))
    if kind == "played":
        return ev.Played(int(data["seat"]), _card(data["card"]))
    if kind == "turned":
        return ev.Turned(int(data["seat"]), _card(data["card"]))
    if kind == "captured":
        cls = ev.TripleCaptured if data.get("triple") else ev.Captured
        return cls(int(data["seat"]), _card(data["card"]), cards_from(data["taken"]), int(data["points"]), data["source"])
    if kind == "joined":
        return ev.JoinedLayout(int(data["seat"]), _card(data["card"]), data["source"])
    if kind == "choice":
        return ev.ChoiceNeeded(int(data["seat"]), _card(data["card"]), cards_from(data["candidates"]), data["source"])
    if kind == "dealer_sweep":
        return ev.DealerSweep(int(data["seat"]), cards_from(data["cards"]), int(data["points"]))
    if kind == "thrown_in":
        return ev.ThrownIn(int(data["seat"]), cards_from(data["layout"]))
    if kind == "refilled":
        return ev.Refilled(int(data["seat"]), cards_from(data["cards"]))
    if kind == "no_flip":
        return ev.NoFlip(int(data["seat"]))
    if kind == "redealt":
        return ev.Redealt(int(data["first"]), int(data["each"]), int(data["seats"]), _back_hands(data["hands"]))
    if kind == "deal_over":
        return ev.DealOver(tuple(int(p) for p in data["points"]), tuple(data["margins"]), cards_from(data["leftovers"]))
    raise ValueError(f"unknown Chinese Ten event {kind!r}")


def state_fields(view: SeatView) -> dict[str, Any]:
    """The game's part of a seat's ``state``: what its view holds, and nothing more."""
    pending = None
    if view.pending is not None and view.pending.seat == view.seat:
        pending = {"card": str(view.pending.card), "candidates": card_codes(view.pending.candidates)}
    return view_state(view, view.to_move, pending)


def view_from_json(state: Mapping[str, Any], story: Sequence[Any], *, waiting: bool = False) -> SeatView:
    """A Chinese Ten seat's view rebuilt from its ``state`` and the deal's events as it was told them, ``waiting``
    while its own decision is on its way (see :mod:`chinese_ten.net.seatviews`)."""
    seats, piles, seen = story_start(state)
    turns: list[TurnRecord] = []
    current: dict[str, Any] | None = None
    layout: list[Card] = []
    opening: tuple[Card, ...] | None = None
    choice: Any = None
    phase = Phase.PLAY
    for e in story:
        if isinstance(e, ev.Dealt):
            layout = list(e.layout)
            seen.update(e.layout)
            piles = [[] for _ in range(seats)]
            turns, current, opening = [], None, None
        elif isinstance(e, ev.Refilled):
            layout.extend(e.cards)
            seen.update(e.cards)
        elif isinstance(e, ev.DealerSweep):
            piles[e.seat].extend(e.cards)
            layout = [c for c in layout if c not in e.cards]
        elif isinstance(e, ev.Played):
            if opening is None:
                opening = tuple(layout)
            if current is not None:
                turns.append(_ten_turn(current, TurnRecord))
            current = {"seat": e.seat, "play": e.card, "take": (), "flip": None, "flip_take": ()}
            seen.add(e.card)
            phase = Phase.PLAY
        elif isinstance(e, ev.Turned):
            seen.add(e.card)
            if current is not None:
                current["flip"] = e.card
            phase = Phase.PLAY
        elif isinstance(e, ev.ChoiceNeeded):
            choice = PendingChoice(e.seat, e.card, tuple(e.candidates), e.source)
            phase = Phase.CHOOSE
        elif isinstance(e, ev.Captured):
            choice = None
            piles[e.seat].extend((e.card, *e.taken))
            layout = [c for c in layout if c not in e.taken]
            seen.update(e.taken)
            if current is not None:
                current["flip_take" if e.source == "flip" else "take"] = tuple(e.taken)
            phase = Phase.FLIP if e.source == "play" else Phase.PLAY
        elif isinstance(e, ev.JoinedLayout):
            choice = None
            layout.append(e.card)
            phase = Phase.FLIP if e.source == "play" else Phase.PLAY
        elif isinstance(e, (ev.NoFlip, ev.Redealt)):
            phase = Phase.PLAY
        elif isinstance(e, ev.DealOver):
            phase = Phase.OVER
    if current is not None:
        turns.append(_ten_turn(current, TurnRecord))
    turns = turns[:int(state.get("turn", len(turns)))]
    seat = int(state["seat"])
    pending = None
    mine = None if waiting else state.get("pending")  # a choice made and on its way is owed no more
    if mine:
        source: Any = choice.source if choice is not None and choice.seat == seat else "play"
        pending = PendingChoice(seat, Card.parse(mine["card"]), cards_from(mine["candidates"] or ()), source)
    elif phase is Phase.CHOOSE and choice is not None and choice.seat != seat:
        pending = choice
    elif phase is Phase.CHOOSE:
        phase = Phase.PLAY
    to_move = state.get("to_move")
    if phase is Phase.OVER:
        to_move = None
    if waiting and phase is not Phase.OVER:
        phase = Phase.FLIP  # the decision is on its way: the table waits, as for a turned card
    return SeatView(
        seat=seat, seats=seats, dealer=int(state["dealer"]), rules=rules_from_json(state.get("rules", "classic")),
        hand=cards_from(state.get("hand") or ()), layout=cards_from(state.get("layout") or ()),
        piles=tuple(tuple(p) for p in piles), hand_sizes=tuple(int(n) for n in state.get("hand_sizes") or ()),
        stock_left=int(state.get("stock_left", 0)), to_move=None if to_move is None else int(to_move),
        phase=phase, pending=pending, turns=tuple(turns),
        opening_layout=opening if opening is not None else cards_from(state.get("layout") or ()), seen=frozenset(seen))


def _ten_turn(current: dict[str, Any], record: Any) -> Any:
    return record(current["seat"], current["play"], current["take"], current["flip"], current["flip_take"])
