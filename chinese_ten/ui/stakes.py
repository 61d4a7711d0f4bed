"""Whether leaving the table now would cost the person a match: what New match, Quit, Play deal number… and
the like ask about before they go on, and the questions they ask."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from chinese_ten.i18n import N_, _
from chinese_ten.ui.widgets.button import Button
from chinese_ten.ui.widgets.dialog import QuestionScene

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services


CONFIRM_TEXT: dict[str, tuple[str, str]] = {
    "new": (N_("Start a new match?"), N_("New match")),
    "quit": (N_("Quit the game?"), N_("Quit")),
}
"""What the question asks and what its second button says, by the action asked for."""


def match_at_stake(app: Services) -> bool:
    """True while the person is in the middle of a match that New match would count as abandoned: the match
    at the table, or, at a deal played apart (kept nowhere), the kept match it was played from."""
    table = app.table()
    if table is not None and getattr(table, "apart", False):
        return app.keeper.unfinished() is not None
    return table is not None and not table.auto and table.ctl.person_seat is not None and table.ctl.match_in_progress


def practice_at_stake(app: Services) -> bool:
    """True when the match that leaving would end is practice (a take-back, or a deal played by its number):
    it stays out of the statistics, so ending it counts nothing as abandoned."""
    table = app.table()
    if table is not None and not getattr(table, "apart", False) and not table.auto:
        return bool(table.ctl.practice)
    unfinished = app.keeper.unfinished()
    return unfinished is not None and unfinished.progress.get("practice") is True


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
        if practice_at_stake(self.app):
            return _("Deal number {number} is played as practice; the unfinished practice match ends here, out "
                     "of the statistics as it was.").format(number=self.number)
        return _("Deal number {number} is played as practice; the unfinished match will count as abandoned.").format(
            number=self.number)

    def act(self, action: str) -> None:
        """Keep the match, or play the deal and let the match go."""
        self.app.pop(self)
        if action == "play":
            self._play()


class ConfirmScene(QuestionScene):
    """Asks before a match in progress is thrown away; Keep playing is first, so Enter and Esc keep it."""

    def __init__(self, app: Services, action: str) -> None:
        """The question before ``action`` ("new" or "quit") ends the match in progress."""
        self.action = action
        question, label = CONFIRM_TEXT[action]
        super().__init__(app, question, [Button(N_("Keep playing"), "keep"), Button(label, action)])

    def detail(self) -> str:
        """What would be lost, in words: a match counted as abandoned, or a practice match that only ends."""
        practice = practice_at_stake(self.app)
        table = self.app.table()
        if table is None or getattr(table, "apart", False):
            if practice:
                return _("The unfinished practice match will end here, out of the statistics as it was.")
            return _("The unfinished match will count as abandoned.")
        ctl = table.ctl
        if practice:
            return _("Deal {n} of {total} is under way; this practice match will end here, out of the statistics "
                     "as it was.").format(n=ctl.deal_number, total=ctl.match.total_deals)
        return _("Deal {n} of {total} is under way; this match will count as abandoned.").format(
            n=ctl.deal_number, total=ctl.match.total_deals)

    def act(self, action: str) -> None:
        """Keep playing (back to the table) or go ahead and throw the match away."""
        app = self.app
        if action == "keep":
            app.pop(self)
            if app.top_is("menu"):
                app.pop(app.top())
        elif action == "new":
            app.start_match()
        else:
            app.quit()
