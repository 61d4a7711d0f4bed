"""A deal record's position as a table starts from it: the deal as dealt and the actions that reach the turn.

A table session plays on from a reviewed position as it plays on after a take-back: the deal as dealt is its
first deal (:class:`~chinese_ten.engine.session.TableSession`'s ``first_deal``) and the record's actions up
to the turn are applied at once by :meth:`~chinese_ten.engine.session.TableSession.resume`
(:attr:`RecordPosition.progress`), so every seat is told the position through its own view, as after a
rewind. The other seats' hands and the stock stay in the session; the match is practice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chinese_ten.engine.game import GameSpec


@dataclass(frozen=True)
class RecordPosition:
    """A deal record cut after some of its turns: what a session starts from to play the rest."""

    start: Any
    """The deal as dealt, before any turn (the session's first deal)."""
    actions: tuple[str, ...]
    """The actions of the turns played, in their text form, in order."""
    turns: int
    """How many of the record's turns are played."""
    rules: Any
    """The rules the deal is played under (the game's own where its deals carry none)."""

    @property
    def progress(self) -> dict[str, Any]:
        """The kept progress that puts a new session's first deal at this position, as practice."""
        return {"deals": [list(self.actions)], "practice": True}


def record_position(game: GameSpec, record: Mapping[str, Any], turns: int) -> RecordPosition:
    """``record``'s deal after its first ``turns`` turns; a ``ValueError`` in one line when the record cannot be
    replayed, names no such turn, or the game cannot start a table from a record."""
    if game.record_actions is None:
        raise ValueError(f"a {game.name} table cannot start from a record's position")
    played = record.get("turns", [])
    if not isinstance(played, list):
        raise ValueError("turns must be a list")
    if isinstance(turns, bool) or not isinstance(turns, int) or not 0 <= turns <= len(played):
        raise ValueError(f"the position must be after 0 to {len(played)} turns, not {turns!r}")
    cut = {k: v for k, v in record.items() if k != "result"}
    cut["turns"] = played[:turns]
    actions = tuple(str(a) for a in game.record_actions(cut))
    start = game.replay({**cut, "turns": []})
    return RecordPosition(start, actions, turns, getattr(start, "rules", game.default_rules))
