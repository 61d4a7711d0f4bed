"""What the command line hands the window: one frozen value, so the window never reads the command line.

:class:`LaunchOptions` holds the folders, the settings chosen for this run only and, for ``demo``,
what the demo was asked for; ``chinese_ten.cli`` makes it from its arguments.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class DemoOptions:
    """What ``demo`` was asked for."""

    seats: int = 4
    deals: int | None = None
    seed: int = 0
    screenshot: Path | None = None
    strength: str = "normal"
    rules: Any = None
    """The game's house rules (None: its default rules)."""
    game: str = "ten"
    """The game the computers play (the registry's name)."""
    deal: int | None = None
    """The deal number of the match's first deal (``--deal``; None: the seed's)."""


@dataclass(frozen=True)
class LaunchOptions:
    """How the window is opened: where its settings and kept matches are, what this run alone changes,
    and (for ``demo``) the demo asked for."""

    settings_dir: str | None = None
    """The ``--settings-dir`` folder (None: the environment's or the platform's)."""

    data_dir: str | None = None
    """The ``--data-dir`` folder (None: the environment's or the platform's)."""

    look: tuple[tuple[str, object], ...] = ()
    """Settings the command line sets for this run only, as (setting, value) pairs."""

    rules: str | None = None
    """The rules preset for this run's matches (None: the remembered rules)."""

    game: str | None = None
    """The game of this run's matches (None: the remembered game)."""

    deal: int | None = None
    """The deal number of the first deal of the first match this run starts (``--deal``; None: the seed's)."""

    demo: DemoOptions | None = None
    """For ``demo``, the demo asked for; None to play."""

    frame_stats: Path | None = None
    """For ``demo``, the file to write per-frame timing to."""

    json: bool = False
    """For ``demo``, print the result as JSON."""

    join: str | None = None
    """For ``join``, the table link to take the seat of: the window opens straight at the join."""

    def look_overrides(self) -> dict[str, object]:
        """The settings the command line sets for this run only (none when no look option was given)."""
        return dict(self.look)
