"""Every game the program deals, registered by name (as OpenSpiel's ``games`` package does).

Each game is a package beside this file that exposes ``SPEC``, a
:class:`~chinese_ten.engine.game.GameSpec`; importing this package registers all of them.
"""

from __future__ import annotations

from typing import Any

from chinese_ten.engine.game import GameSpec
from chinese_ten.engine.scores import check_result, result_of
from chinese_ten.engine.strengths import ORDER
from chinese_ten.i18n import catalog

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


def record_spec(record: dict[str, Any]) -> GameSpec:
    """The game a deal record is of, by its ``format`` (Chinese Ten's when it names another or none)."""
    for spec in GAMES.values():
        if record.get("format") == spec.record_format:
            return spec
    return GAMES["ten"]


def check_record_result(record: dict[str, Any]) -> None:
    """Refuse a record whose ``result`` disagrees with the deal its turns replay to, naming the seat (a
    :class:`~chinese_ten.engine.scores.ResultMismatch`); a record with no ``result`` passes."""
    if "result" not in record:
        return
    state = record_spec(record).replay(record)
    check_result(record["result"], state.points, state.returns())


def with_result(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its ``result`` in the one shape every record carries (INTERFACE.md), worked out again
    from its turns when it was kept in an older one (a bare list of margins); the record as it is when it
    has no result, has one in the shape already or cannot be replayed."""
    result = record.get("result")
    if result is None or (isinstance(result, dict) and "margins_exact" in result):
        return record
    try:
        state = record_spec(record).replay(record)
    except ValueError:
        return record
    told = result.get("players") if isinstance(result, dict) else None
    players = told if isinstance(told, list) else record.get("players")
    named = players if isinstance(players, list) and all(isinstance(p, str) for p in players) else None
    return {**record, "result": result_of(state.points, state.returns(), named)}


def any_strengths() -> tuple[str, ...]:
    """Every strength some registered game offers, weakest first (the one list's order)."""
    return tuple(s for s in ORDER if any(s in spec.strengths for spec in GAMES.values()))


def games_json(code: str) -> dict[str, Any]:
    """Every registered game as the web page's forms offer it, its words in language ``code`` (``ValueError``
    for one the program does not speak): its name and title, seat counts, match lengths, computer strengths, and
    its house rules' options and presets with their titles and help.

    >>> [game["title"] for game in games_json("zh-Hans")["games"]][:1]
    ['捡红点 Chinese Ten']
    """
    words = catalog(code).gettext
    return {"language": code, "games": [
        {"name": spec.name, "title": words(spec.title), "seat_counts": list(spec.seat_counts),
         "match_lengths": list(spec.match_lengths), "strengths": list(spec.strengths),
         "default_rules": spec.default_rules.to_json(), **spec.options.to_json(words)}
        for spec in GAMES.values()]}


# Every game, registered as its package is imported (after the registry above exists).
from chinese_ten.games import fishing, ten  # noqa: E402

register_game(ten.SPEC)
register_game(fishing.SPEC)
