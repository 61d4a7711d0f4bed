"""What the command line asks of Chinese Ten beyond playing it: a record's position as ``replay`` prints it,
a computer's advice at it, and its review."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from chinese_ten.games.ten.players import make_player
from chinese_ten.games.ten.record import position_of, replay
from chinese_ten.games.ten.turns import Phase


def replayed_position(record: Mapping[str, Any]) -> dict[str, Any]:
    """The position a record reaches, its rules echoed as the record gives them."""
    pos = position_of(replay(dict(record)))
    pos["rules"] = record.get("rules", "classic")
    return pos


def advice(record: Mapping[str, Any], ai: str, think_ms: int | None, seed: int) -> tuple[dict[str, Any], str] | None:
    """Computer ``ai``'s play at the record's position, as JSON and in words; None once the deal is over."""
    deal = replay(dict(record))
    if deal.is_over:
        return None
    seat = deal.to_move
    assert seat is not None and deal.phase is Phase.PLAY
    decision = make_player(ai, think_ms).choose_play(deal.view(seat), random.Random(seed))
    out = decision.to_json(seat)
    take = f", taking {out['take']}" if out["take"] else ""
    return out, f"seat {seat}: play {out['play']}{take}"


def review() -> ModuleType:
    """The game's review module (loaded only when a review is made or read)."""
    from chinese_ten.games.ten import review

    return review
