"""The computer players, by name."""

from __future__ import annotations

from collections.abc import Callable

from chinese_ten.engine.game import player_from
from chinese_ten.engine.strengths import offered

from chinese_ten.games.ten.players.base import Decision, Player, next_action
from chinese_ten.games.ten.players.easy import EasyPlayer
from chinese_ten.games.ten.players.expert import ExpertPlayer
from chinese_ten.games.ten.players.hard import HardPlayer
from chinese_ten.games.ten.players.normal import NormalPlayer
from chinese_ten.games.ten.players.random_player import RandomPlayer

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
    "expert": ExpertPlayer,
}
"""Every available player's constructor, by name."""

STRENGTHS: tuple[str, ...] = offered(PLAYERS)
"""The computer opponents a person can choose, weakest first: the strengths (:mod:`chinese_ten.engine.strengths`)
this registry has (``random`` is for calibration only, and ``expert`` is measured in the benchmarks and not
offered until it plays better than Hard)."""


def make_player(name: str, think_ms: int | None = None) -> Player:
    """A new Chinese Ten player by name; ``ValueError`` names an unknown one.

    ``think_ms`` sets the thinking time of players that search.
    """
    player: Player = player_from(PLAYERS, name, think_ms)
    return player


__all__ = ["PLAYERS", "Decision", "Player", "make_player", "next_action"]
