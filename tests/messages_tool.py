"""The catalog tool, ``tools/messages.py``, imported by path: it is a build tool, not a module
of the installed package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parent.parent / "tools" / "messages.py"
"""Where the tool lives in the checkout."""

_spec = importlib.util.spec_from_file_location("messages", TOOL)
assert _spec is not None and _spec.loader is not None
messages = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("messages", messages)
_spec.loader.exec_module(messages)
