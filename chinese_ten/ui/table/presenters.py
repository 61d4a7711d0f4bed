"""How each game's events reach the screen, in one table: its words in the table's log,
the movement that shows it, the sound it makes, and its words in the review's list of turns.

:data:`PRESENTERS` has a row per event type, gathered from every registered game's table adapter (its
``presenters``); :func:`presenter_for` finds an event's row (a subclass without a row of its own, such as a
triple capture for the movement, takes its parent's). The narration, the choreographer, the sound and the
review each read their column.
"""

from __future__ import annotations

from chinese_ten.games import GAMES
from chinese_ten.ui.table.games import table_game
from chinese_ten.ui.table.presenting import NOTHING, Event, Presenter, Showing, Stage, Telling

__all__ = ["NOTHING", "PRESENTERS", "Event", "Presenter", "Showing", "Stage", "Telling", "presenter_for"]

PRESENTERS: dict[type, Presenter] = {kind: row for spec in GAMES.values()
                                     for kind, row in table_game(spec.name).presenters.items()}
"""Every registered game's events and how each is presented, in the order the games are registered."""


def presenter_for(event: object) -> Presenter:
    """The row of ``event``'s type, or of the nearest type it derives from; :data:`NOTHING` when none has one."""
    for kind in type(event).__mro__:
        row = PRESENTERS.get(kind)
        if row is not None:
            return row
    return NOTHING
