"""Every game the program deals, registered by name (as OpenSpiel's ``games`` package does).

Each game is a package beside this file that exposes ``SPEC``, a
:class:`~chinese_ten.engine.game.GameSpec`; importing this package registers all of them.
"""

from __future__ import annotations

from chinese_ten.engine.game import GameSpec
from chinese_ten.engine.strengths import ORDER

GAMES: dict[str, GameSpec] = {}
"""Every registered game, by name, in the order registered."""


def register_game(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to :data:`GAMES` under its name (once); returns it."""
    if spec.name in GAMES and GAMES[spec.name] is not spec:
        raise ValueError(f"a game named {spec.name!r} is registered already")
    GAMES[spec.name] = spec
    return spec


def game_named(name: str) -> GameSpec:
    """The registered game with this name; ``ValueError`` names an unknown one."""
    spec = GAMES.get(name.strip().lower() if isinstance(name, str) else name)
    if spec is None:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return spec


def any_strengths() -> tuple[str, ...]:
    """Every strength some registered game offers, weakest first (the one list's order)."""
    return tuple(s for s in ORDER if any(s in spec.strengths for spec in GAMES.values()))


# Every game, registered as its package is imported (after the registry above exists).
from chinese_ten.games import fishing, ten  # noqa: E402

register_game(ten.SPEC)
register_game(fishing.SPEC)
