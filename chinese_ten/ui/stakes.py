"""Whether leaving the table now would cost the person a match: what New match, Play deal number… and the
like ask about before they go on."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from chinese_ten.i18n import N_, _
from chinese_ten.ui.widgets.button import Button
from chinese_ten.ui.widgets.dialog import QuestionScene

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services


def match_at_stake(app: Services) -> bool:
    """True while the person is in the middle of a match that New match would count as abandoned: the match
    at the table, or, at a deal played apart (kept nowhere), the kept match it was played from."""
    table = app.table()
    if table is not None and getattr(table, "apart", False):
        return app.keeper.unfinished() is not None
    return table is not None and not table.auto and table.ctl.person_seat is not None and table.ctl.match_in_progress


def ask_before_abandoning(app: Services, number: int, play: Callable[[], None]) -> None:
    """``play`` deal ``number`` at once, or, when that would count an unfinished match as abandoned, after
    asking (as New match asks)."""
    table = app.table()
    if match_at_stake(app) or (table is None and app.keeper.unfinished() is not None):
        app.push(AbandonForDealScene(app, number, play))
    else:
        play()


class AbandonForDealScene(QuestionScene):
    """Asks before a deal played by its number takes the place of the unfinished match; Keep playing is first,
    so Enter and Esc keep the match."""

    def __init__(self, app: Services, number: int, play: Callable[[], None]) -> None:
        """The question before deal ``number`` is played by ``play``."""
        self.number = number
        self._play = play
        super().__init__(app, N_("Play this deal instead?"),
                         [Button(N_("Keep playing"), "keep"), Button(N_("Play the deal"), "play")])

    def detail(self) -> str:
        """What would be lost, in words."""
        return _("Deal number {number} is played as practice; the unfinished match will count as abandoned.").format(
            number=self.number)

    def act(self, action: str) -> None:
        """Keep the match, or play the deal and let the match go."""
        self.app.pop(self)
        if action == "play":
            self._play()
