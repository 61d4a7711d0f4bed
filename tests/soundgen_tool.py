"""The sound generator, ``tools/soundgen.py``, imported by path: it is a build tool, not a module
of the installed package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parent.parent / "tools" / "soundgen.py"
"""Where the generator lives in the checkout."""

_spec = importlib.util.spec_from_file_location("soundgen", TOOL)
assert _spec is not None and _spec.loader is not None
soundgen = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("soundgen", soundgen)
_spec.loader.exec_module(soundgen)
