"""The deal told in words, one entry per turn: "You played 7♦ and took 3♥. Turned Q♠, took Q♦."."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chinese_ten.i18n import _
from chinese_ten.ui.table.presenters import Event, presenter_for, redeal_text, thrown_in_text

__all__ = ["Narration", "redeal_text", "thrown_in_text", "winners_text"]


class Narration:
    """Sentences for the log, built up event by event as each is shown."""

    def __init__(self, names: list[str]) -> None:
        """A log for seats called ``names`` (the person is "You")."""
        self.names = names
        self.entries: list[str] = []
        self.shown: list[Any] = []
        """The deal's events told so far, in order (of whichever game is played)."""
        self._told: list[Event | Callable[[], str]] = []
        """The events and notes told so far, in order, to tell again in another language."""
        self._open = False
        self.version = 0

    def add(self, event: Event) -> None:
        """Tell one event: a new entry for a new turn, or more words for the current one."""
        self.version += 1
        self.shown.append(event)
        self._told.append(event)
        self._tell(event)

    def _tell(self, event: Event) -> None:
        tell = presenter_for(event).tell
        if tell is None:
            return
        words, how = tell(self.names, event)
        if how == "extend":
            self._extend(words)
        else:
            self.entries.append(words)
            self._open = how == "begin"

    def note(self, words: Callable[[], str]) -> None:
        """Tell something the table shows that is not an engine event (a match won, a hint), as an entry of
        its own; ``words`` says it in the language in force, now and whenever the log is told again."""
        self.version += 1
        self._told.append(words)
        self.entries.append(words())
        self._open = False

    def retell(self) -> None:
        """Tell everything again from the start, in the language now in use and with the names as they now
        are."""
        self.version += 1
        self.entries.clear()
        self._open = False
        for item in self._told:
            if callable(item):
                self.entries.append(item())
                self._open = False
            else:
                self._tell(item)

    def _extend(self, words: str) -> None:
        if not self.entries or not self._open:
            self.entries.append(words.strip())
            self._open = True
        else:
            self.entries[-1] += words

    def clear(self) -> None:
        """Start a new deal's log."""
        self.entries.clear()
        self.shown.clear()
        self._told.clear()
        self._open = False
        self.version += 1


def winners_text(names: list[str], winners: tuple[int, ...]) -> str:
    """The winner or the shared winners, in words."""
    who = [names[s] for s in winners]
    if len(who) == 1:
        return _("You win the match!") if who[0] == _("You") else _("{name} wins the match.").format(name=who[0])
    if _("You") in who:
        others = [w for w in who if w != _("You")]
        return _("You share the win with {names}.").format(names=_(" and ").join(others))
    return _("{names} and {last} share the win.").format(names=_(", ").join(who[:-1]), last=who[-1])
