"""Go Fishing deal records in the ``chinese-ten/fishing-v1`` format: write any deal, replay any record.

A record holds the deal as dealt (hands, layout, stock top card first) and the turns
played; the refills and draws follow from the stock's order and are not written.
:func:`replay` checks every part of a record and refuses the first thing wrong with a
:class:`FishingRecordError` whose message is one line naming the turn
(``turn 2: 5D + 3C make 8, not 9``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chinese_ten.cards import Card, CardError, pack_faults
from chinese_ten.engine.errors import IllegalMove
from chinese_ten.engine.records import deal_record, position_cards, replay_turns
from chinese_ten.quote import quote
from chinese_ten.games.fishing.actions import FishingAction
from chinese_ten.engine.scores import as_number
from chinese_ten.games.fishing.rules import HAND_SIZE, LAYOUT_SIZE, SEAT_COUNTS
from chinese_ten.games.fishing.state import FishingDeal

FORMAT = "chinese-ten/fishing-v1"
"""The value of a Go Fishing record's ``format`` key."""


class FishingRecordError(ValueError):
    """A Go Fishing record that cannot be replayed; the message is one line."""


def record_of(deal: FishingDeal, **extra: Any) -> dict[str, Any]:
    """The deal as a record: as dealt, with every turn as played."""
    return deal_record({"format": FORMAT, "seats": deal.seats, "dealer": deal.dealer}, deal.initial, deal.turns, extra)


def position_of(deal: FishingDeal) -> dict[str, Any]:
    """The position a deal has reached, as ``replay --json`` prints it."""
    return {
        "game": "fishing",
        "seats": deal.seats,
        "dealer": deal.dealer,
        "complete": deal.is_over,
        "to_move": deal.to_act,
        **position_cards(deal),
        "margins": [as_number(m) for m in deal.returns()],
        "turns": [t.to_json() for t in deal.turns],
    }


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise FishingRecordError(f"{what} must be a list of cards")
    out = []
    for v in value:
        if not isinstance(v, str):
            raise FishingRecordError(f"{what}: not a card: {quote(v)}")
        try:
            out.append(Card.parse(v))
        except CardError as exc:
            raise FishingRecordError(f"{what}: {exc}") from None
    return out


def deal_of(record: Mapping[str, Any]) -> FishingDeal:
    """The deal a record starts from, before any turn; refuses a malformed deal in one line."""
    fmt = record.get("format")
    if fmt != FORMAT:
        raise FishingRecordError(f"the record's format must be {FORMAT!r}, not {quote(fmt)}")
    seats = record.get("seats")
    if not _int(seats) or seats not in SEAT_COUNTS:
        raise FishingRecordError(f"seats must be a number from 2 to 8, not {quote(seats)}")
    dealer = record.get("dealer", 0)
    if not _int(dealer) or not 0 <= dealer < seats:
        raise FishingRecordError(f"dealer must be a seat from 0 to {seats - 1}, not {quote(dealer)}")
    hands = record.get("hands")
    if not isinstance(hands, list) or len(hands) != seats:
        raise FishingRecordError(f"hands must be a list of {seats} lists of cards")
    hand_cards = [_cards(h, f"seat {s}'s hand") for s, h in enumerate(hands)]
    for s, h in enumerate(hand_cards):
        if len(h) != HAND_SIZE:
            raise FishingRecordError(f"seat {s}'s hand must hold {HAND_SIZE} cards, not {len(h)}")
    layout = _cards(record.get("layout"), "layout")
    if len(layout) != LAYOUT_SIZE:
        raise FishingRecordError(f"the layout must hold {LAYOUT_SIZE} cards, not {len(layout)}")
    stock = _cards(record.get("stock"), "stock")
    twice, missing = pack_faults([c for h in hand_cards for c in h] + layout + stock)
    if twice is not None:
        raise FishingRecordError(f"{twice} is dealt twice")
    if missing:
        raise FishingRecordError(f"{missing[0]} is missing: the deal must hold each of the 52 cards once")
    return FishingDeal(hand_cards, layout, stock, dealer)


def turn_action(deal: FishingDeal, turn: Any) -> FishingAction:
    """The action a record turn names, its seat checked; the deal checks the rest when it is applied."""
    if not isinstance(turn, dict):
        raise FishingRecordError("a turn must be a JSON object")
    if deal.is_over:
        raise FishingRecordError(f"the deal is over after {len(deal.turns)} turns")
    seat = turn.get("seat")
    if seat is not None and not _int(seat):
        raise FishingRecordError(f"seat must be a seat number, not {quote(seat)}")
    if seat is not None and seat != deal.to_act:
        raise FishingRecordError(f"it is seat {deal.to_act}'s turn, not seat {seat}'s")
    play = turn.get("play")
    if play is None:
        raise FishingRecordError("the turn has no play")
    if not isinstance(play, str):
        raise FishingRecordError(f"play must be a card, not {quote(play)}")
    try:
        card = Card.parse(play)
    except CardError as exc:
        raise FishingRecordError(f"play: {exc}") from None
    take = turn.get("take")
    if take is None:
        return FishingAction(card)
    if not isinstance(take, list) or not all(isinstance(s, list) for s in take):
        raise FishingRecordError("take must be a list of sets, each a list of cards")
    return FishingAction(card, tuple(tuple(_cards(s, "take")) for s in take if s))


def replay(record: Mapping[str, Any]) -> FishingDeal:
    """Replay a record to the position it reaches; refuses anything illegal, naming the turn."""
    return _replayed(record)[0]


def record_actions(record: Mapping[str, Any]) -> list[FishingAction]:
    """Every action the record's turns make, in order, from the deal as dealt; checked and refused as
    :func:`replay` refuses."""
    return _replayed(record)[1]


def _replayed(record: Mapping[str, Any]) -> tuple[FishingDeal, list[FishingAction]]:
    """The position a record reaches and the actions that reach it."""
    deal = deal_of(record)
    return deal, replay_turns(deal, record.get("turns", []), _apply_turn, FishingRecordError,
                              (IllegalMove, FishingRecordError))


def _apply_turn(deal: FishingDeal, turn: Any) -> list[FishingAction]:
    """One record turn applied to ``deal``: its action, checked."""
    action = turn_action(deal, turn)
    deal.apply(action)
    return [action]
