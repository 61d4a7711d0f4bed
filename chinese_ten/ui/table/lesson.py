"""What the lesson's table reads of a game's guided first deal (each game's ``tutorial.Guide``).

A game offers its lesson through the registry (``GameSpec.lesson``); the table, its controller and
the lesson's screens read the guide only through this protocol, so one lesson table serves every
game that has a lesson.
"""

from __future__ import annotations

from typing import Any, Protocol

from chinese_ten.cards import Card


class LessonGuide(Protocol):
    """A game's script for its guided deal, read against the live deal (see the session's ``Director``)."""

    steps: int
    """How many guided turns the script has."""

    def new_deal(self) -> Any:
        """The guided deal as dealt."""
        ...

    def computer_action(self, deal: Any) -> Any:
        """The other seat's move now."""
        ...

    def guided(self, deal: Any) -> bool:
        """True when only the suggested action may be played now."""
        ...

    def step_number(self, deal: Any) -> int:
        """Which guided turn (1 for the first) is under way or last passed; 0 before the first."""
        ...

    def suggested(self, deal: Any) -> Card | None:
        """The card the script asks for now (to play, or to take in a choice); None when any will do."""
        ...

    def refusal(self, deal: Any, action: Any) -> str | None:
        """Why the person may not make ``action`` now, in words; None when it is allowed."""
        ...

    def words(self, deal: Any, choosing: bool = False) -> tuple[str, str]:
        """The title and the text to show now, translated; ``choosing`` while the table offers the person
        the ways a card may take."""
        ...

    def ending(self) -> str:
        """What the lesson showed, translated, said at its end."""
        ...
