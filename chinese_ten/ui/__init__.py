"""The game window: scenes, table, animations and drawing, built on pygame-ce.

Nothing here decides a rule; the table reads the engine's state and events and
shows them.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
