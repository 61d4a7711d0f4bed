"""The envelope every deal record shares, whatever its game: a JSON object read safely from a
file, a stream or a text, whose ``format`` names the game that reads the rest.

Reading refuses in one line (a :class:`RecordError`) anything that is not a regular
file of at most :data:`MAX_RECORD_BYTES` of UTF-8 JSON holding an object.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from typing import IO, Any, TypeVar

from chinese_ten.quote import quote, show_path

MAX_RECORD_BYTES = 1_000_000
"""The largest record file read (a deal record takes a few kilobytes)."""


class RecordError(ValueError):
    """A deal record that cannot be replayed; the message is one line."""


def parse_record(text: str) -> dict[str, Any]:
    """Read a record's JSON text (a UTF-8 byte order mark is allowed); refuses text that is not a JSON object."""
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as exc:
        raise RecordError(f"the record is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise RecordError("the record is nested too deeply to read") from None
    except ValueError:  # an integer with more digits than Python reads
        raise RecordError("the record holds a number too long to read") from None
    if not isinstance(data, dict):
        raise RecordError("the record must be a JSON object")
    return data


def read_record_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The record in a file; refuses in one line anything that is not a regular file of at most 1 MB of JSON."""
    name = show_path(path)
    if not os.fspath(path):
        raise RecordError("the record's file name is empty")
    try:
        # Non-blocking, so that opening a pipe with no writer does not wait forever.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise RecordError(f"no such file: {name}") from None
    except OSError as exc:
        # Windows refuses to open a folder with "permission denied", not "is a directory".
        if os.path.isdir(path):
            raise RecordError(f"{name} is a folder, not a record") from None
        raise RecordError(f"cannot read {name}: {exc.strerror or exc}") from None
    except ValueError:  # a NUL character in the name
        raise RecordError(f"no such file: {quote(os.fspath(path))}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise RecordError(f"{name} is a folder, not a record")
        if not stat.S_ISREG(mode):
            raise RecordError(f"{name} is not a regular file (a pipe or a device), so it is not read as a record")
        file = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with file:
        return read_record_stream(file, name)


def read_record_stream(stream: IO[bytes] | IO[str], name: str = "standard input") -> dict[str, Any]:
    """The record in a stream, read up to :data:`MAX_RECORD_BYTES`; refuses more, or text that is not UTF-8 JSON."""
    try:
        data = stream.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {name}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{name} is not UTF-8 text") from None
    except ValueError:  # the stream was closed
        raise RecordError(f"cannot read {name}: it is closed") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{name} holds more than {MAX_RECORD_BYTES // 1_000_000} MB; "
                          "a deal record takes a few kilobytes")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"{name} is not UTF-8 text (byte {exc.start + 1} cannot be read)") from None
    return parse_record(data)


def deal_record(head: dict[str, Any], initial: tuple[Any, Any, Any], turns: Any, extra: dict[str, Any]) -> dict[str, Any]:
    """A deal's record as every game writes it: ``head`` (its format, and what else the game names first),
    then the hands, layout and stock as dealt, every turn (each a ``to_json()``), and ``extra`` last."""
    hands, layout, stock = initial
    record: dict[str, Any] = {
        **head,
        "hands": [[str(c) for c in h] for h in hands],
        "layout": [str(c) for c in layout],
        "stock": [str(c) for c in stock],
        "turns": [t.to_json() for t in turns],
    }
    record.update(extra)
    return record


_Deal = TypeVar("_Deal")
_Action = TypeVar("_Action")


def replay_turns(deal: _Deal, turns: Any, apply_turn: Callable[[_Deal, Any], list[_Action]], error: type[ValueError],
                 refused: tuple[type[Exception], ...]) -> list[_Action]:
    """Apply a record's ``turns`` to ``deal`` in order, each by ``apply_turn`` (which returns the actions it
    made); every action, in order. A turn ``apply_turn`` refuses with one of ``refused`` is an ``error`` naming
    the turn's number (``turn 3: ...``), as is ``turns`` that is not a list."""
    if not isinstance(turns, list):
        raise error("turns must be a list")
    actions: list[_Action] = []
    for number, turn in enumerate(turns, start=1):
        try:
            actions += apply_turn(deal, turn)
        except refused as exc:
            raise error(f"turn {number}: {exc}") from None
    return actions


def position_cards(deal: Any) -> dict[str, Any]:
    """Where a replayed deal's cards are, as ``replay --json`` prints them: every hand, the layout, the stock's
    size, every pile and the points so far."""
    return {"hands": [[str(c) for c in h] for h in deal.hands], "layout": [str(c) for c in deal.layout],
            "stock_left": deal.stock_left, "piles": [[str(c) for c in p] for p in deal.piles],
            "points": list(deal.points)}
