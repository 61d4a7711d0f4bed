"""What a table follows: the one protocol the window's live table reads a match through.

The live table (:class:`~chinese_ten.ui.table.controller.TableController`) shows a match from one seat.
What it follows is either the local :class:`~chinese_ten.engine.session.TableSession`, which holds the
whole deal and moves the computers itself, or a seat at a network table
(:class:`~chinese_ten.net.follower.RemoteFollower`), which knows only what the server told that seat.
Both speak this protocol, so the table has one code path for both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from chinese_ten.engine.session import Update


class Followed(Protocol):
    """A match a table follows from one seat."""

    match: Any
    """The match (its rules, deals played, totals and winners)."""
    streams: Any
    """The deal's random streams (a hint draws from them)."""
    actions: list[list[str]]
    """Every action applied, deal by deal (as far as this follower knows them)."""
    practice: bool
    taken_back: bool
    """True once a turn of the match has been taken back."""
    deal_number: int
    deal_recorded: bool
    generation: int
    deal: Any
    """The deal as this follower holds it: its ``is_over`` always, and the whole deal once it is over."""
    on_change: Callable[[str], None] | None

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        ...

    @property
    def position(self) -> tuple[object, ...]:
        """A value that changes whenever what a seat may know changes (the table's view is kept until then)."""
        ...

    @property
    def shuffle_number(self) -> int | None:
        """The deal number of the deal under way (dealing it again deals its cards), where this follower may
        know it; None otherwise."""
        ...

    @property
    def assists(self) -> bool:
        """True when take-backs and hints may be offered (no other person at the table)."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat whose move the table waits to be shown next (None: none it can bring on itself)."""
        ...

    @property
    def thinking(self) -> bool:
        """True while a computer here is deciding."""
        ...

    def observe(self, seat: int) -> Any:
        """Everything ``seat`` may know of the deal now."""
        ...

    def updates(self, seat: int, since: int = 0) -> list[Update]:
        """What ``seat`` is told, from update number ``since`` on."""
        ...

    def receive(self) -> bool:
        """Take in whatever arrived from elsewhere (the network); True when there are new updates."""
        ...

    def submit(self, seat: int, action: Any) -> Any:
        """The seat's person's decision."""
        ...

    def advance(self, decisions: int | None = None) -> bool:
        """Move on by the rules' own steps and at most ``decisions`` computer (or other seats') moves; True
        when anything new may be followed."""
        ...

    def prepare(self) -> None:
        """Start the next computer's thinking early, where that is done here."""
        ...

    def record_deal(self) -> None:
        """Add the finished deal's results to the match (once)."""
        ...

    def next_deal(self) -> bool:
        """Go on to the next deal (or say this seat is ready for it); False when the match is over."""
        ...

    def take_back(self, seat: int) -> bool:
        """Take back the seat's last play; False when it cannot be."""
        ...

    def stop(self) -> None:
        """Forget any outstanding decision."""
        ...

    def progress(self) -> dict[str, Any]:
        """The match's position as a value to keep."""
        ...

    def resume(self, progress: dict[str, Any]) -> None:
        """Play forward to a kept position."""
        ...
