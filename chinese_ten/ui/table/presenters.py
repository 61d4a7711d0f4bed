"""How each game's events reach the screen, in one table: its words in the table's log,
the movement that shows it, the sound it makes, and its words in the review's list of turns.

:data:`PRESENTERS` has a row per event type, gathered from every registered game's table adapter (its
``presenters``); :func:`presenter_for` finds an event's row (a subclass without a row of its own, such as a
triple capture for the movement, takes its parent's). The narration, the choreographer, the sound and the
review each read their column.
"""

from __future__ import annotations

from chinese_ten.games import GAMES
from chinese_ten.ui.table.games import has_table, table_game
from chinese_ten.ui.table.presenting import NOTHING, Event, Presenter, Showing, Stage, Telling

__all__ = ["NOTHING", "PRESENTERS", "Event", "Presenter", "Showing", "Stage", "Telling", "gathered", "presenter_for"]

PRESENTERS: dict[type, Presenter] = {}
"""Every registered game's events and how each is presented, in the order the games are registered (those of
the games with a table in the window), gathered again when the registry changes."""

_GATHERED_FOR: list[tuple[str, ...]] = [()]
"""The registry's games when :data:`PRESENTERS` was last gathered."""


def gathered() -> dict[type, Presenter]:
    """:data:`PRESENTERS`, gathered from every registered game's adapter if a game came or went since."""
    games = tuple(GAMES)
    if games != _GATHERED_FOR[0]:
        PRESENTERS.clear()
        PRESENTERS.update({kind: row for name in games if has_table(name)
                           for kind, row in table_game(name).presenters.items()})
        _GATHERED_FOR[0] = games
    return PRESENTERS


gathered()


def presenter_for(event: object) -> Presenter:
    """The row of ``event``'s type, or of the nearest type it derives from; :data:`NOTHING` when none has one."""
    rows = gathered()
    for kind in type(event).__mro__:
        row = rows.get(kind)
        if row is not None:
            return row
    return NOTHING
