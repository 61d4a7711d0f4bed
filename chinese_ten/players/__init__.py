"""The computer players, by name."""

from __future__ import annotations

from collections.abc import Callable

from .base import Decision, Player, next_action
from .easy import EasyPlayer
from .hard import HardPlayer
from .normal import NormalPlayer
from .random_player import RandomPlayer

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
"""Every available player's constructor, by name."""

STRENGTHS: tuple[str, ...] = ("easy", "normal", "hard")
"""The computer opponents a person can choose, weakest first (``random`` is for calibration only)."""


def make_player(name: str, think_ms: int | None = None) -> Player:
    """A new player by name; ``ValueError`` names an unknown one.

    ``think_ms`` sets the thinking time of players that search.
    """
    key = name.strip().lower() if isinstance(name, str) else name
    factory = PLAYERS.get(key)
    if factory is None:
        raise ValueError(f"unknown player {name!r} (known: {', '.join(PLAYERS)})")
    player = factory()
    if think_ms is not None and hasattr(player, "think_ms"):
        player.think_ms = think_ms  # type: ignore[attr-defined]
    return player


__all__ = ["PLAYERS", "Decision", "Player", "make_player", "next_action"]
