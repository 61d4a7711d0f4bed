"""What a screen may ask of the window it is shown in: the settings, the drawing kit, the kept matches,
the computer players, the stack of screens and the registry that opens them by name.

Screens depend on :class:`Services`, never on the window itself, so the window can import every screen
and no screen imports the window (nor another screen: they open each other by name, ``open("review")``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from chinese_ten.ui.hosting import Hosting
    from chinese_ten.ui.open_tables import OpenTables
    from chinese_ten.engine.thinking import ComputerThinker
    from chinese_ten.settings import Settings
    from chinese_ten.ui.keeper import Keeper
    from chinese_ten.ui.kit import Kit
    from chinese_ten.ui.kit.sound import SoundPlayer
    from chinese_ten.ui.table.controller import TableController


class Screen(Protocol):
    """A screen or an overlay as the stack of screens sees it (:class:`chinese_ten.ui.scene.Scene` is one)."""

    opaque: bool
    """False for overlays: the screens below are drawn first."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Move time on by ``dt`` seconds."""

    def wants_frames(self) -> bool:
        """True while the screen changes with time alone; otherwise the window waits for input."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto ``surface``."""

    def enter(self) -> None:
        """Called once the screen is put on the stack."""

    def leave(self) -> None:
        """Called once the screen is taken off the stack."""

    def pause(self) -> None:
        """Called when another screen is pushed over this one."""

    def resume(self) -> None:
        """Called when this screen is back on top."""


class LiveTable(Protocol):
    """The table a match is played at, as the screens over it see it."""

    @property
    def ctl(self) -> TableController:
        """The table's controller: the match, the deal and the seats."""

    @property
    def auto(self) -> bool:
        """True when computers play every seat (a demo)."""

    @property
    def paused(self) -> bool:
        """True while the person has paused the game."""

    def set_paused(self, paused: bool, by_itself: bool = False) -> None:
        """Pause or go on; ``by_itself`` when the window paused it (focus lost), not the person."""


class Services(Protocol):
    """What the window offers its screens."""

    @property
    def surface(self) -> pygame.Surface:
        """The window's drawing surface (its size is the screens' size)."""

    @property
    def settings(self) -> Settings:
        """The settings in use."""

    @property
    def kit(self) -> Kit:
        """Theme, fonts, text and card images shared by all screens."""

    @property
    def keeper(self) -> Keeper:
        """The kept matches: the unfinished one, the history and the statistics."""

    @property
    def thinker(self) -> ComputerThinker:
        """The computer players' thinking, in a worker process or inline."""

    @property
    def sound(self) -> SoundPlayer:
        """The sound effects."""

    @property
    def open_tables(self) -> OpenTables:
        """The network tables this player sits at, kept in the data folder."""

    @property
    def hosting(self) -> Hosting:
        """The window's own table server for "Play with friends" (started on first use)."""

    offer_tutorial: bool
    """True when the start screen is to offer Learn to play."""

    notices: list[str]
    """Messages for the person not yet shown."""

    # the stack of screens

    scenes: list[Screen]
    """The stack of screens, bottom first (read it; change it through push, pop and replace)."""

    def top(self) -> Screen | None:
        """The screen receiving input."""

    def push(self, scene: Screen) -> None:
        """Put a screen on top."""

    def pop(self, scene: Screen | None = None) -> None:
        """Remove the top screen (or ``scene`` wherever it is)."""

    def replace(self, scene: Screen) -> None:
        """Make ``scene`` the only screen."""

    def table(self) -> LiveTable | None:
        """The table in the stack, if a match is on."""

    def holding(self) -> bool:
        """True while an overlay (menu, help, settings) holds the game still."""

    # the registry of screens

    def open(self, name: str, **kw: Any) -> Screen | None:
        """Open the screen registered as ``name`` over what is showing; returns it, or None when it could not open."""

    def show(self, name: str, **kw: Any) -> Screen | None:
        """Make the screen registered as ``name`` the only one; returns it, or None when it could not open."""

    def top_is(self, name: str) -> bool:
        """True when the screen on top is the one registered as ``name``."""

    def show_help(self, game: str | None = None) -> None:
        """Open the help of ``game`` (None: the game in force) over what is showing, or close it when it is on top."""

    # matches

    def start_match(self) -> None:
        """Sit down at a new match with the current settings."""

    def play_deal(self, number: int, *, seats: int | None = None, strength: str | Sequence[str] | None = None,
                  rules: Any = None,
                  game: str | None = None, seat: int = 0, dealer: int | None = None) -> None:
        """Sit down at a practice match of one deal, deal number ``number`` (by default at the current settings)."""

    def new_match(self) -> None:
        """Another match at the same table."""

    def show_unseen_result(self) -> bool:
        """Sit down at the last match's final count when its result was never seen; False when there is none."""

    def continue_match(self) -> bool:
        """Sit down again at the unfinished match; False when there is none."""

    def start_tutorial(self) -> None:
        """Sit down at the guided first deal (Learn to play)."""

    def leave_lesson(self, play: bool = False) -> None:
        """Leave Learn to play for the start screen, or with ``play`` for a real match."""

    def rules_in_force(self, game: str | None = None) -> tuple[Any, int]:
        """The rules and seat count of ``game`` (the game in force, unless named) as the person is playing it, or
        will play it next from the start screen."""

    def game_in_force(self) -> str:
        """The name of the game the person is playing, or will play next from the start screen."""

    # settings and notices

    def change_settings(self, **changes: Any) -> Settings:
        """Change some settings: remember them and apply at once what can be applied now."""

    def notify(self, text: str, seconds: float = ..., scene: object | None = None) -> None:
        """Show a notice across the top of the window for a few seconds (no longer than ``scene``, when given,
        stays open)."""

    def show_notices(self) -> None:
        """Show the notices waiting from start-up, once."""

    def quit(self) -> None:
        """Close the window at the end of this frame."""
