"""What the live table needs to know of each game, one small adapter per game (see
:mod:`chinese_ten.ui.table.games.base`): :func:`table_game` finds a registered game's adapter, the ``TABLE`` of
the module named as the game (``ui/table/games/NAME.py``)."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from chinese_ten.games import GAMES, record_spec
from chinese_ten.ui.table.games.base import (Advice, CountRow, GameTable, Offer, Option, Preview, Replayed, Sets,
                                             Submit, TableGame, same_take, sets_text)

__all__ = ["Advice", "CountRow", "GameTable", "Offer", "Option", "Preview", "Replayed", "Sets", "Submit", "TableGame",
           "has_table", "record_game", "same_take", "sets_text", "table_game"]

_TABLES: dict[str, TableGame] = {}
"""Every adapter found so far, by its game's name."""


def has_table(name: str) -> bool:
    """Whether the registered game ``name`` has an adapter in the window (a module named as the game here)."""
    if name in _TABLES:
        return True
    if name not in GAMES or not name.isidentifier():
        return False
    return importlib.util.find_spec(f"{__name__}.{name}") is not None


def table_game(name: str) -> TableGame:
    """The adapter of the game the registry calls ``name``; ``ValueError`` names a game that is not registered,
    or has no adapter in the window."""
    found = _TABLES.get(name)
    if found is not None:
        return found
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    if not has_table(name):
        raise ValueError(f"the game {name!r} has no table in the window (no module {__name__}.{name})")
    found = importlib.import_module(f"{__name__}.{name}").TABLE
    _TABLES[name] = found
    return found


def record_game(record: dict[str, Any]) -> TableGame:
    """The adapter of the game a deal record is of, by its ``format`` (as :func:`chinese_ten.games.record_spec`
    finds it: its own reading refuses a format it does not know, in one line)."""
    return table_game(record_spec(record).name)
