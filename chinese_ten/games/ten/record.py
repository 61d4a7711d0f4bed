"""Deal records in the ``chinese-ten/deal-v1`` format: write any deal, replay any record.

A record holds the deal as dealt and the turns played. :func:`replay` checks
every part of it and refuses the first thing that is wrong with a
:class:`RecordError` whose message is one line naming the turn.
"""

from __future__ import annotations

from typing import Any

from chinese_ten.cards import Card, CardError
from chinese_ten.engine.errors import IllegalMove
from chinese_ten.games.ten.deal import Action, Deal
from chinese_ten.games.ten.turns import Phase
from chinese_ten.engine.records import RecordError, deal_record, position_cards, replay_turns
from chinese_ten.quote import quote
from chinese_ten.games.ten.rules import RuleSet, RulesError, rules_from_json

FORMAT = "chinese-ten/deal-v1"
"""The value of a record's ``format`` key."""

_TURN_KEYS = ("seat", "play", "take", "flip", "flip_take")


def record_of(deal: Deal, **extra: Any) -> dict[str, Any]:
    """The deal as a record: as dealt, with every turn fully resolved."""
    return deal_record({"format": FORMAT, "rules": deal.rules.to_json(), "seats": deal.seats,
                        "dealer": deal.dealer}, deal.initial, deal.turns, extra)


def position_of(deal: Deal) -> dict[str, Any]:
    """The position a deal has reached, as ``replay --json`` prints it."""
    return {
        "seats": deal.seats,
        "dealer": deal.dealer,
        "rules": deal.rules.to_json(),
        "rule_options": deal.rules.options(),
        "complete": deal.is_over,
        "to_move": deal.to_move,
        **position_cards(deal),
        "margins": list(deal.margins),
        "turns": [t.to_json() for t in deal.turns],
    }


def deal_of(record: dict[str, Any]) -> Deal:
    """The deal a record starts from, before any turn; refuses a malformed deal."""
    fmt = record.get("format")
    if fmt != FORMAT:
        raise RecordError(f"the record's format must be {FORMAT!r}, not {quote(fmt)}")
    rules = record_rules(record)
    seats = record.get("seats")
    if not isinstance(seats, int) or isinstance(seats, bool) or seats not in rules.seat_counts():
        raise RecordError(f"seats must be one of {', '.join(map(str, rules.seat_counts()))}, not {quote(seats)}")
    dealer = record.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < seats:
        raise RecordError(f"dealer must be a seat from 0 to {seats - 1}, not {quote(dealer)}")
    hands = record.get("hands")
    if not isinstance(hands, list) or len(hands) != seats or not all(isinstance(h, list) for h in hands):
        raise RecordError(f"hands must be a list of {seats} lists of cards")
    layout = _card_list(record.get("layout"), "layout")
    stock = _card_list(record.get("stock"), "stock")
    hand_cards = [_card_list(h, f"seat {i}'s hand") for i, h in enumerate(hands)]
    try:
        return Deal(hand_cards, layout, stock, dealer=dealer, rules=rules)
    except IllegalMove as exc:
        raise RecordError(str(exc)) from None


def record_rules(record: dict[str, Any]) -> RuleSet:
    """The rules a record names (``rules``: a preset name or an object of a preset and options)."""
    try:
        return rules_from_json(record.get("rules", "classic"))
    except RulesError as exc:
        raise RecordError(str(exc)) from None


def _card_list(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list of cards")
    try:
        return [Card.parse(v) for v in value]
    except CardError as exc:
        raise RecordError(f"{what}: {exc}") from None


def replay(record: dict[str, Any]) -> Deal:
    """Replay a record to the position it reaches; refuses anything illegal, naming the turn."""
    return _replayed(record)[0]


def record_actions(record: dict[str, Any]) -> list[Action]:
    """Every action the record's turns make, in order, from the deal as dealt (each play with its take, each
    turn of the stock with the turned card's); checked and refused as :func:`replay` refuses."""
    return _replayed(record)[1]


def _replayed(record: dict[str, Any]) -> tuple[Deal, list[Action]]:
    """The position a record reaches and the actions that reach it."""
    deal = deal_of(record)
    return deal, replay_turns(deal, record.get("turns", []), apply_turn, RecordError, (IllegalMove, CardError, RecordError))


def turn_actions(deal: Deal, turn: Any) -> list[Action]:
    """The actions of one record turn that come before the flip: the play, its take filled in."""
    if not isinstance(turn, dict):
        raise RecordError("a turn must be a JSON object")
    if deal.is_over:
        raise RecordError(f"the deal is over after {len(deal.turns)} turns")
    seat = turn.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise RecordError(f"seat must be a seat number, not {quote(seat)}")
    if seat is not None and seat != deal.to_move:
        raise RecordError(f"it is seat {deal.to_move}'s turn, not seat {quote(seat)}'s")
    if "play" not in turn or turn["play"] is None:
        raise RecordError("the turn has no play")
    play = _one_card(turn["play"], "play")
    take = _take(turn.get("take"), "take")
    if take is None:
        take = deal.default_take(play) if play in deal.hand(deal.to_move) else None  # type: ignore[arg-type]
    return [Action.play(play, take)]


def apply_turn(deal: Deal, turn: Any) -> list[Action]:
    """Play one record turn on a deal, checking every key it gives; the actions applied, in order."""
    applied = turn_actions(deal, turn)
    for action in applied:
        deal.apply(action)
    if deal.phase is Phase.FLIP:
        top = deal.peek_top()
        flip = turn.get("flip")
        flipped = None if flip is None else _one_card(flip, "flip")
        if flipped is not None and flipped != top:
            raise RecordError(f"the flip must be the top of the stock, {top}, not {flipped}")
        flip_take = _take(turn.get("flip_take"), "flip_take")
        if flip_take is None and top is not None:
            flip_take = deal.default_take(top)
        flip_action = Action.flip(flip_take)
        deal.apply(flip_action)
        applied.append(flip_action)
    else:
        for key in ("flip", "flip_take"):
            if turn.get(key) is not None:
                raise RecordError(f"there is no stock left to turn, so {key} must be left out")
    return applied


def _one_card(value: Any, what: str) -> Card:
    if not isinstance(value, str):
        raise RecordError(f"{what} must be a card, not {quote(value)}")
    try:
        return Card.parse(value)
    except CardError as exc:
        raise RecordError(f"{what}: {exc}") from None


def _take(value: Any, what: str) -> Card | list[Card] | None:
    if value is None:
        return None
    if isinstance(value, list):
        if not value or len(value) > 3:
            raise RecordError(f"{what} must be a card or a list of the three cards of a triple")
        return [_one_card(v, what) for v in value]
    return _one_card(value, what)
