"""The Go Fishing computer players, by name: random (for calibration), easy, normal and hard."""

from __future__ import annotations

from collections.abc import Callable

from chinese_ten.engine.game import player_from
from chinese_ten.engine.strengths import offered

from chinese_ten.games.fishing.players.base import FishingPlayer
from chinese_ten.games.fishing.players.easy import EasyPlayer
from chinese_ten.games.fishing.players.hard import HardPlayer
from chinese_ten.games.fishing.players.normal import NormalPlayer
from chinese_ten.games.fishing.players.random_player import RandomPlayer

PLAYERS: dict[str, Callable[[], FishingPlayer]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
"""Every Go Fishing player's constructor, by name."""

STRENGTHS: tuple[str, ...] = offered(PLAYERS)
"""The computer opponents a person can choose, weakest first: the strengths (:mod:`chinese_ten.engine.strengths`)
this registry has (``random`` is for calibration only)."""


def make_player(name: str, think_ms: int | None = None) -> FishingPlayer:
    """A new player by name (``think_ms`` sets a searching player's effort); ``ValueError`` names an unknown one."""
    player: FishingPlayer = player_from(PLAYERS, name, think_ms)
    return player


__all__ = ["PLAYERS", "STRENGTHS", "EasyPlayer", "ExpertPlayer", "FishingPlayer", "HardPlayer", "NormalPlayer",
           "RandomPlayer", "make_player"]
