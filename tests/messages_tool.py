"""The catalog tool, ``tools/messages.py``, imported by path: it is a build tool, not a module
of the installed package."""

from __future__ import annotations

import functools
import importlib.util
import sys
from pathlib import Path
from typing import Any

TOOL = Path(__file__).resolve().parent.parent / "tools" / "messages.py"
"""Where the tool lives in the checkout."""

_spec = importlib.util.spec_from_file_location("messages", TOOL)
assert _spec is not None and _spec.loader is not None
messages = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("messages", messages)
_spec.loader.exec_module(messages)


@functools.cache
def marked_messages() -> tuple[Any, ...]:
    """Every message marked in the sources, as ``messages.extract()`` finds them, read once a test process:
    reading every module costs seconds, and the tests that compare against it only read it."""
    return tuple(messages.extract())
