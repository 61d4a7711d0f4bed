"""What the command line asks of Chinese Go Fishing beyond playing it: a record's position as ``replay`` prints
it, a computer's advice at it, and its review."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from chinese_ten.games.fishing.players import make_player
from chinese_ten.games.fishing.record import position_of, replay


def replayed_position(record: Mapping[str, Any]) -> dict[str, Any]:
    """The position a record reaches."""
    return position_of(replay(record))


def advice(record: Mapping[str, Any], ai: str, think_ms: int | None, seed: int) -> tuple[dict[str, Any], str] | None:
    """Computer ``ai``'s action at the record's position, as JSON and in words; None once the deal is over."""
    deal = replay(record)
    seat = deal.to_act
    if seat is None:
        return None
    action = make_player(ai, think_ms).act(deal.observe(seat), random.Random(seed))
    return {"seat": seat, "play": str(action.card), "take": [[str(c) for c in s] for s in action.sets]}, \
        f"seat {seat}: {action}"


def review() -> ModuleType:
    """The game's review module (loaded only when a review is made or read)."""
    from chinese_ten.games.fishing import review

    return review
