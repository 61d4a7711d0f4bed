"""How an error message shows a value someone gave (cut short, so a huge value still makes a short line)
and a list of the values it accepts.

>>> quote("7D")
"'7D'"
>>> quote("x" * 1000)
"'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
>>> shorten("a/very/long/path/" * 10, 24)
'a/very/lon.../long/path/'
"""

from __future__ import annotations

from collections.abc import Iterable

import os
import reprlib

QUOTE_LIMIT = 40
"""About how many characters of a value an error message shows."""

PATH_LIMIT = 160
"""How many characters of a file's name an error message shows."""

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxlong = _REPR.maxother = QUOTE_LIMIT
_REPR.maxlevel = 3


def quote(value: object) -> str:
    """``repr(value)``, its middle cut to ``...`` past :data:`QUOTE_LIMIT` characters."""
    try:
        return shorten(_REPR.repr(value))
    except ValueError:  # an int with more digits than Python will print
        return "(a number too long to show)"


def show_path(path: str | os.PathLike[str]) -> str:
    """A file's name for an error message, its middle cut past :data:`PATH_LIMIT` characters."""
    return shorten(os.fspath(path), PATH_LIMIT)


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as it is, its middle cut to ``...`` when it is longer than ``limit`` characters."""
    if len(text) <= limit:
        return text
    head = (limit - 3) // 2
    tail = limit - 3 - head
    return text[:head] + "..." + text[len(text) - tail:]


def or_list(values: Iterable[object]) -> str:
    """Values as a message lists the choices: ``2, 3 or 4``.

    >>> or_list([2, 3, 4]), or_list([4])
    ('2, 3 or 4', '4')
    """
    items = [str(v) for v in values]
    return ", ".join(items[:-1]) + " or " + items[-1] if len(items) > 1 else items[0]
