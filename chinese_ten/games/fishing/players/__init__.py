"""The Go Fishing computer players, by name: random (for calibration), easy, normal and hard."""

from __future__ import annotations

from collections.abc import Callable

from .base import FishingPlayer
from .easy import EasyPlayer
from .hard import HardPlayer
from .normal import NormalPlayer
from .random_player import RandomPlayer

PLAYERS: dict[str, Callable[[], FishingPlayer]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
"""Every Go Fishing player's constructor, by name."""

STRENGTHS: tuple[str, ...] = ("easy", "normal", "hard")
"""The computer opponents a person can choose, weakest first."""


def make_player(name: str, think_ms: int | None = None) -> FishingPlayer:
    """A new player by name (``think_ms`` sets a searching player's effort); ``ValueError`` names an unknown one."""
    key = name.strip().lower() if isinstance(name, str) else name
    factory = PLAYERS.get(key)
    if factory is None:
        raise ValueError(f"unknown player {name!r} (known: {', '.join(PLAYERS)})")
    player = factory()
    if think_ms is not None and hasattr(player, "think_ms"):
        player.think_ms = think_ms
    return player


__all__ = ["PLAYERS", "STRENGTHS", "EasyPlayer", "FishingPlayer", "HardPlayer", "NormalPlayer", "RandomPlayer",
           "make_player"]
