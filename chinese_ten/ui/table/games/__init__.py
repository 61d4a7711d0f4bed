"""What the live table needs to know of each game, one small adapter per game (see
:mod:`chinese_ten.ui.table.games.base`): :func:`table_game` finds a game's adapter by its name."""

from __future__ import annotations

from typing import Any

from chinese_ten.ui.table.games.base import (Advice, CountRow, Offer, Option, Preview, Replayed, Sets, Submit,
                                             TableGame, same_take, sets_text)

__all__ = ["Advice", "CountRow", "Offer", "Option", "Preview", "Replayed", "Sets", "Submit", "TableGame",
           "record_game", "same_take", "sets_text", "table_game"]


def table_game(name: str) -> TableGame:
    """The adapter of the game the registry calls ``name``."""
    if name == "fishing":
        from chinese_ten.ui.table.games.fishing import FISHING

        return FISHING
    from chinese_ten.ui.table.games.ten import TEN

    return TEN


def record_game(record: dict[str, Any]) -> TableGame:
    """The adapter of the game a deal record is of, by its ``format`` (Chinese Ten's for any other: its own
    reading refuses a format it does not know, in one line)."""
    from chinese_ten.games import GAMES

    fmt = record.get("format")
    name = next((g.name for g in GAMES.values() if g.record_format == fmt), "ten")
    return table_game(name)
