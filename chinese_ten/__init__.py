"""Chinese Ten (Jian Hong Dian, "pick up red spots"): the rules engines, computer players and table.

The package root holds only the version, so importing any part of it loads nothing else:
the engine is in :mod:`chinese_ten.engine`, the games in :mod:`chinese_ten.games`, the
window in :mod:`chinese_ten.ui`.
"""

__version__ = "0.1.0"
"""The game's version: the one place it is written (the package metadata and the app read it here)."""
