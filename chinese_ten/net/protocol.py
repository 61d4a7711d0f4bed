"""The messages of NETWORK.md: its constants, and each client message checked into a plain value.

A message that is not one of the contract's (not JSON, not an object, no known ``type``, a field
of the wrong kind) raises :class:`BadMessage`; extra keys are allowed and ignored.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Final

from chinese_ten.games import any_strengths

VERSION: Final[int] = 1
"""The protocol version this server and client speak."""

SUBPROTOCOL: Final[str] = "chinese-ten.v1"
"""The WebSocket subprotocol of the table endpoint."""

WS_PATH: Final[str] = "/ws"
"""The WebSocket endpoint's path."""

MAX_FRAME: Final[int] = 16 * 1024
"""The largest frame a client may send, in bytes; a larger one closes the connection (1009)."""

RATE_PER_SECOND: Final[int] = 20
"""Messages a connection may send in any one second; more are refused with ``too-many``."""

FLOOD_SECONDS: Final[float] = 3.0
"""A connection over :data:`RATE_PER_SECOND` for this long in a row is closed (4008)."""

TABLES_PER_HOUR: Final[int] = 20
"""Tables one client address may create in any hour; beyond, ``create`` is refused with ``too-many``."""

CONNECTIONS_PER_ADDRESS: Final[int] = 32
"""Connections one client address may hold open; a further one is closed with 4008."""

HELLO_SECONDS: Final[float] = 10.0
"""How long a new connection has to send ``hello`` or ``create``."""

CHAT_LIMIT: Final[int] = 300
"""The longest chat line, in characters (after control characters are dropped)."""

NAME_LIMIT: Final[int] = 32
"""The longest seat name, in characters."""

CLOSE_REPLACED: Final[int] = 4001
CLOSE_REFUSED: Final[int] = 4003
CLOSE_NO_TABLE: Final[int] = 4004
CLOSE_FLOOD: Final[int] = 4008
CLOSE_VERSION: Final[int] = 4009
CLOSE_TOO_BIG: Final[int] = 1009
CLOSE_SILENT: Final[int] = 1008
"""The close codes: replaced by a second connection, refused claim or token, no such table, flooding,
an unknown version, a frame too big, and no ``hello`` in time (a policy violation)."""

ERROR_CODES: Final[frozenset[str]] = frozenset({
    "bad-message", "not-your-turn", "illegal", "not-host", "chat-off", "too-many", "claimed", "bad-token",
    "no-such-table", "version", "unavailable"})
"""Every ``code`` an ``error`` message may carry."""

STRENGTHS: Final[tuple[str, ...]] = any_strengths()
"""The computer strengths a table may seat: those some game's players offer (:func:`chinese_ten.games.any_strengths`)."""

_STRENGTH_WORDS: Final[str] = ", ".join(STRENGTHS[:-1]) + " or " + STRENGTHS[-1]

MATCHES: Final[tuple[str, ...]] = ("one", "per-seat", "two-per-seat", "six")
"""The match lengths a table may be opened with."""

CLOCKS: Final[tuple[int, ...]] = (15, 30, 60, 120)
"""The turn clocks a table may be opened with: the seconds a person has for each decision."""

TABLE_EVENTS: Final[frozenset[str]] = frozenset({"timed_out"})
"""The kinds of event an ``update`` may carry that are the table's, not the game's: ``timed_out`` (a seat's turn
clock ran out, told just before the move a computer made for it)."""


class BadMessage(ValueError):
    """A client message the contract does not describe; the text says what is wrong, and ``close`` the close
    code that ends the connection after the error (None: it stays open)."""

    def __init__(self, message: str, close: int | None = None) -> None:
        super().__init__(message)
        self.close = close


def speaks(version: Any) -> bool:
    """True for the one ``version`` this server speaks: the JSON integer 1 (not ``true``, not ``1.0``)."""
    return type(version) is int and version == VERSION


_SURROGATE: Final[re.Pattern[str]] = re.compile("[\ud800-\udfff]")


def _whole_text(value: Any) -> bool:
    """True when no text anywhere in a decoded JSON value (keys too) holds a lone surrogate, which no
    Unicode text may."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


@dataclass(frozen=True)
class Create:
    """Open a table; the sender becomes seat 0, the host."""

    version: Any
    name: str
    game: str = "ten"
    seats: int = 2
    rules: Any = None
    match: str = "per-seat"
    computers: dict[int, str] = field(default_factory=dict)
    chat: bool = True
    clock: int | None = None
    """The seconds a person has for each decision (one of :data:`CLOCKS`), or None for no turn clock."""
    watchers: bool = True
    """Whether the table may be watched from no seat."""


@dataclass(frozen=True)
class Hello:
    """Take a seat with a link's claim, or come back to one with its token."""

    version: Any
    table: str
    claim: str | None = None
    token: str | None = None
    name: str = ""
    last_seq: int | None = None


@dataclass(frozen=True)
class Act:
    """A decision in the engine's text form; ``id`` is the client's, echoed back."""

    id: Any
    action: str


@dataclass(frozen=True)
class Next:
    """Ready for the next deal."""


@dataclass(frozen=True)
class Fill:
    """Host only: give an empty or away seat to a computer of ``strength``."""

    seat: int
    strength: str


@dataclass(frozen=True)
class Chat:
    """A chat line, already cleaned (control characters dropped, at most :data:`CHAT_LIMIT` characters)."""

    text: str


@dataclass(frozen=True)
class Leave:
    """Leave the seat to a computer until somebody comes back with its token."""


@dataclass(frozen=True)
class Again:
    """After the match's end: play another match at this table."""


@dataclass(frozen=True)
class Watch:
    """Watch a table from no seat."""

    version: Any
    table: str


@dataclass(frozen=True)
class WatchersOn:
    """Host only: let the table be watched (``on``), or no longer (every watcher's connection closed)."""

    on: bool


Message = Create | Hello | Act | Next | Fill | Chat | Leave | Again | Watch | WatchersOn
"""Any message a client sends."""


def clean_text(text: str, limit: int) -> str:
    """``text`` with control characters (and other unprintable ones) dropped, cut to ``limit`` characters."""
    kept = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return kept[:limit]


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadMessage(f"{key} must be a whole number")
    return value


def _str(data: dict[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise BadMessage(f"{key} must be text")
    return value


def _computers(value: Any) -> dict[int, str]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadMessage("computers must map seats to strengths")
    out: dict[int, str] = {}
    for key, strength in value.items():
        try:
            seat = int(key)
        except (TypeError, ValueError):
            raise BadMessage("computers must map seat numbers to strengths") from None
        if strength not in STRENGTHS:
            raise BadMessage(f"a computer is {_STRENGTH_WORDS}, not {str(strength)[:20]!r}")
        out[seat] = strength
    return out


def _clock(value: Any) -> int | None:
    """A ``create``'s ``clock``: null, or one of :data:`CLOCKS` as a JSON whole number.

    >>> _clock(None), _clock(30)
    (None, 30)
    >>> _clock(30.0)
    Traceback (most recent call last):
    ...
    chinese_ten.net.protocol.BadMessage: clock is null or 15, 30, 60 or 120 seconds
    """
    if value is None:
        return None
    if type(value) is not int or value not in CLOCKS:
        raise BadMessage(f"clock is null or {', '.join(map(str, CLOCKS[:-1]))} or {CLOCKS[-1]} seconds")
    return value


def parse_message(text: str | bytes) -> Message:
    """The client message a frame holds; :class:`BadMessage` when it is none of the contract's."""
    if isinstance(text, bytes):
        raise BadMessage("messages are text frames")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("a message is one JSON object") from None
    if not isinstance(data, dict):
        raise BadMessage("a message is one JSON object")
    kind = data.get("type")
    if not _whole_text(data):
        secret = kind == "hello" and not _whole_text([data.get("claim"), data.get("token")])
        raise BadMessage("a message's text must be valid Unicode", CLOSE_REFUSED if secret else None)
    if kind == "create":
        rules = data.get("rules")
        if rules is not None and not isinstance(rules, (str, dict)):
            raise BadMessage("rules must be a preset's name or an object")
        chat = data.get("chat", True)
        if not isinstance(chat, bool):
            raise BadMessage("chat must be true or false")
        match = _str(data, "match", "per-seat")
        if match not in MATCHES:
            raise BadMessage(f"match is one of {', '.join(MATCHES)}")
        watchers = data.get("watchers", True)
        if not isinstance(watchers, bool):
            raise BadMessage("watchers must be true or false")
        return Create(data.get("version"), clean_text(_str(data, "name", ""), NAME_LIMIT), _str(data, "game", "ten"),
                      _int(data, "seats", 2), rules, match, _computers(data.get("computers")), chat,
                      _clock(data.get("clock")), watchers)
    if kind == "hello":
        claim, token = data.get("claim"), data.get("token")
        if not isinstance(claim, str) and not isinstance(token, str):
            raise BadMessage("hello carries a claim or a token")
        last = data.get("last_seq")
        if last is not None and (isinstance(last, bool) or not isinstance(last, int)):
            raise BadMessage("last_seq must be a whole number")
        return Hello(data.get("version"), _str(data, "table"), claim if isinstance(claim, str) else None,
                     token if isinstance(token, str) else None,
                     clean_text(_str(data, "name", ""), NAME_LIMIT), last)
    if kind == "act":
        ident = data.get("id")
        if ident is not None and not isinstance(ident, (str, int)):
            raise BadMessage("id must be text or a number")
        return Act(ident, _str(data, "action"))
    if kind == "next":
        return Next()
    if kind == "fill":
        strength = _str(data, "strength", "normal")
        if strength not in STRENGTHS:
            raise BadMessage(f"strength is {_STRENGTH_WORDS}")
        return Fill(_int(data, "seat"), strength)
    if kind == "chat":
        return Chat(clean_text(_str(data, "text"), CHAT_LIMIT))
    if kind == "leave":
        return Leave()
    if kind == "again":
        return Again()
    if kind == "watch":
        return Watch(data.get("version"), _str(data, "table"))
    if kind == "watchers":
        on = data.get("on")
        if not isinstance(on, bool):
            raise BadMessage("on must be true or false")
        return WatchersOn(on)
    raise BadMessage("unknown message type")


def act_id(text: str | bytes) -> str | int | None:
    """The ``id`` of the ``act`` that ``text`` holds, so that an error answering it before it is read whole (too
    many messages, a fault of the server's own) still names it; None for any other text.

    >>> act_id('{"type": "act", "id": "a5", "action": "play 7D"}'), act_id('{"type": "chat", "id": "a5"}'), act_id("[")
    ('a5', None, None)
    >>> act_id('{"type": "act", "id": "a\\ud801"}') is None  # a lone surrogate, which no frame may carry
    True
    """
    if isinstance(text, bytes):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("type") != "act":
        return None
    ident = data.get("id")
    return ident if isinstance(ident, (str, int)) and _whole_text(ident) else None  # echoed: whole text only


def dump(frame: dict[str, Any]) -> str:
    """A server frame as the text sent (compact JSON)."""
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


def error(code: str, message: str, ident: Any = None) -> dict[str, Any]:
    """An ``error`` frame (``id`` only when the refused message had one)."""
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ident is not None:
        frame["id"] = ident
    return frame
