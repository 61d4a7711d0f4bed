"""The overlay over the table at the end of a deal or a match."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chinese_ten.ui.scene import Scene
from chinese_ten.ui.widgets.button import Button

if TYPE_CHECKING:
    from chinese_ten.ui.services import Services
    from chinese_ten.ui.table.live import TableScene


class TableOverlay(Scene):
    """An overlay over the table at the end of a deal or a match, with buttons, the first one focused.

    ``auto`` (a demo) lets it move on by itself after a moment; ``shown_for`` counts the seconds shown.
    """

    opaque = False

    def __init__(self, app: Services, table: TableScene, buttons: list[Button], auto: bool = False) -> None:
        """An overlay over ``table`` offering ``buttons``."""
        super().__init__(app)
        self.table = table
        self.auto = auto
        self.shown_for = 0.0
        self.buttons = buttons
        self.buttons[0].focused = True
        self._hover: Button | None = None
        self.place(app.surface.get_size())

    def place(self, size: tuple[int, int]) -> None:
        """Put the buttons in place for this window size."""

    def update(self, dt: float) -> None:
        """Count the time shown and keep the buttons placed."""
        self.shown_for += dt
        self.place(self.app.surface.get_size())
