"""A network seat's view of its deal, rebuilt from what the server told that seat.

The window's table reads a seat's *view* (a Chinese Ten :class:`~chinese_ten.games.ten.view.SeatView`
or a Go Fishing :class:`~chinese_ten.games.fishing.view.FishingView`) for its previews, legal plays and
capture choices. At a network table there is no deal to ask, so the view is rebuilt from two things
the seat was told:

- the seat's ``state`` (NETWORK.md): its hand, the layout, the sizes of the other hands and of the
  stock, whose move it is and the capture choice it owes. This is the server's own statement of what
  the seat may know, so it is taken as it stands for everything it covers: the table then agrees with
  what the server will accept, and nothing in it can be a card the seat may not know;
- the events of the deal so far as the seat was told them, for what ``state`` does not carry whole:
  the cards in each pile, the turns played, every card that has lain face up, and what the deal waits
  for (a turned card, another seat's capture choice). Those events name only cards that lie face up.

Neither source holds another hand or the stock, so neither does the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chinese_ten.cards import Card


def _cards(values: Any) -> tuple[Card, ...]:
    return tuple(Card.parse(v) for v in values or ())


def view_of(game: str, state: Mapping[str, Any], story: Sequence[Any], *, waiting: bool = False) -> Any:
    """The view of the seat ``state`` describes, with ``story`` (its deal's events as told); ``waiting``
    while its own decision is on its way to the server (the view then shows nobody to move yet)."""
    if game == "fishing":
        return fishing_view(state, story, waiting=waiting)
    return ten_view(state, story, waiting=waiting)


def ten_view(state: Mapping[str, Any], story: Sequence[Any], *, waiting: bool = False) -> Any:
    """A Chinese Ten seat's view (see the module's docstring)."""
    from chinese_ten.games.ten import events as ev
    from chinese_ten.games.ten.rules import rules_from_json
    from chinese_ten.games.ten.turns import PendingChoice, Phase, TurnRecord
    from chinese_ten.games.ten.view import SeatView

    seats = int(state["seats"])
    piles: list[list[Card]] = [[] for _ in range(seats)]
    seen: set[Card] = set()
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
        pending = PendingChoice(seat, Card.parse(mine["card"]), _cards(mine["candidates"]), source)
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
        hand=_cards(state.get("hand")), layout=_cards(state.get("layout")),
        piles=tuple(tuple(p) for p in piles), hand_sizes=tuple(int(n) for n in state.get("hand_sizes") or ()),
        stock_left=int(state.get("stock_left", 0)), to_move=None if to_move is None else int(to_move),
        phase=phase, pending=pending, turns=tuple(turns),
        opening_layout=opening if opening is not None else _cards(state.get("layout")), seen=frozenset(seen))


def _ten_turn(current: dict[str, Any], record: Any) -> Any:
    return record(current["seat"], current["play"], current["take"], current["flip"], current["flip_take"])


def fishing_view(state: Mapping[str, Any], story: Sequence[Any], *, waiting: bool = False) -> Any:
    """A Go Fishing seat's view (see the module's docstring)."""
    from chinese_ten.games.fishing import events as ev
    from chinese_ten.games.fishing.view import FishingTurn, FishingView

    seats = int(state["seats"])
    piles: list[list[Card]] = [[] for _ in range(seats)]
    seen: set[Card] = set()
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
        seat=int(state["seat"]), seats=seats, dealer=int(state["dealer"]), hand=_cards(state.get("hand")),
        layout=_cards(state.get("layout")), piles=tuple(tuple(p) for p in piles),
        hand_sizes=tuple(int(n) for n in state.get("hand_sizes") or ()), stock_left=int(state.get("stock_left", 0)),
        to_act=None if to_act is None else int(to_act), seen=frozenset(seen), turns=tuple(turns))
