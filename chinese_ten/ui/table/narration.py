"""The deal told in words, one entry per turn: "You played 7♦ and took 3♥. Turned Q♠, took Q♦."."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from chinese_ten.i18n import _
from chinese_ten.ui.table.presenters import Event, presenter_for

__all__ = ["Narration", "leading", "winners_text"]


class Narration:
    """Sentences for the log, built up event by event as each is shown."""

    def __init__(self, names: list[str]) -> None:
        """A log for seats called ``names`` (the person is "You")."""
        self.names = names
        self.entries: list[str] = []
        self.notes: set[int] = set()
        """Which entries are notes (a hint, a match won) rather than the deal's turns."""
        self.shown: list[Any] = []
        """The deal's events told so far, in order (of whichever game is played)."""
        self._told: list[Event | Callable[[], str]] = []
        """The events and notes told so far, in order, to tell again in another language."""
        self._open = False
        self._lead = False
        """True while the last entry is a lead that the next turn's words go on (see ``Telling``)."""
        self.version = 0

    def turns_before(self, index: int) -> int:
        """How many of the entries before ``index`` tell turns of the deal (notes left out)."""
        return index - sum(1 for i in self.notes if i < index)

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
        elif how == "begin" and self._lead:
            self.entries[-1] += " " + words
            self._open = True
        else:
            self.entries.append(words)
            self._open = how == "begin"
        self._lead = how == "lead"

    def note(self, words: Callable[[], str]) -> None:
        """Tell something the table shows that is not an engine event (a match won, a hint), as an entry of
        its own; ``words`` says it in the language in force, now and whenever the log is told again."""
        self.version += 1
        self._told.append(words)
        self.notes.add(len(self.entries))
        self.entries.append(words())
        self._open = self._lead = False

    def retell(self) -> None:
        """Tell everything again from the start, in the language now in use and with the names as they now
        are."""
        self.version += 1
        self.entries.clear()
        self.notes.clear()
        self._open = self._lead = False
        for item in self._told:
            if callable(item):
                self.notes.add(len(self.entries))
                self.entries.append(item())
                self._open = self._lead = False
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
        self.notes.clear()
        self.shown.clear()
        self._told.clear()
        self._open = self._lead = False
        self.version += 1


def leading(events: Sequence[Event], names: list[str]) -> list[Event]:
    """The events at the end of a turn's that the log tells as the start of the next turn (Go Fishing's
    refill of the layout for the seat to play next), for seats called ``names``."""
    out: list[Event] = []
    for event in reversed(events):
        tell = presenter_for(event).tell
        if tell is None or tell(names, event)[1] != "lead":
            break
        out.insert(0, event)
    return out


def winners_text(names: list[str], winners: tuple[int, ...]) -> str:
    """The winner or the shared winners, in words."""
    who = [names[s] for s in winners]
    if len(who) == 1:
        return _("You win the match!") if who[0] == _("You") else _("{name} wins the match.").format(name=who[0])
    if _("You") in who:
        others = [w for w in who if w != _("You")]
        return _("You share the win with {names}.").format(names=_(" and ").join(others))
    return _("{names} and {last} share the win.").format(names=_(", ").join(who[:-1]), last=who[-1])
