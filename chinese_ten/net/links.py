"""Table links (``BASE/t/TABLE#CLAIM``) and the WebSocket address a base URL gives."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from chinese_ten.net.protocol import WS_PATH

_TABLE = re.compile(r"[A-Za-z0-9_-]{4,64}")
_CLAIM = re.compile(r"[A-Za-z0-9_-]{16,128}")

APP_SCHEME = "chinese-ten"
"""The URL scheme of the game's own links (``chinese-ten://HOST/…/t/TABLE#CLAIM``), which the installed game opens."""


class LinkError(ValueError):
    """A text that is no table link; the message says why in one sentence."""


@dataclass(frozen=True)
class Link:
    """A table link taken apart: the server's base URL, the table and the seat's claim."""

    base: str
    table: str
    claim: str

    def __str__(self) -> str:
        return make_link(self.base, self.table, self.claim)

    @property
    def ws_url(self) -> str:
        """The WebSocket address of the link's server."""
        return ws_url(self.base)


def make_link(base: str, table: str, claim: str) -> str:
    """The link that admits one person to one seat: ``BASE/t/TABLE#CLAIM``."""
    return f"{base.rstrip('/')}/t/{table}#{claim}"


def ws_url(base: str) -> str:
    """The WebSocket endpoint of a server whose base URL is ``base`` (``http`` becomes ``ws``, ``https`` becomes ``wss``)."""
    parts = urlsplit(base)
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme)
    if scheme is None or not parts.netloc:
        raise LinkError(f"{base!r} is not an http or https address")
    return f"{scheme}://{parts.netloc}{parts.path.rstrip('/')}{WS_PATH}"


def parse_link(text: str) -> Link:
    """The link ``text`` names (``http(s)://HOST/…/t/TABLE#CLAIM`` or ``chinese-ten://HOST/…/t/TABLE#CLAIM``,
    which stands for ``https``, or ``http`` with ``?http`` before the ``#``); :class:`LinkError` says what is wrong."""
    text = text.strip()
    parts = urlsplit(text)
    scheme = parts.scheme.lower()
    if scheme == APP_SCHEME:
        scheme = "http" if parts.query == "http" else "https"
    if scheme not in ("http", "https") or not parts.netloc:
        raise LinkError("a table link starts with http://, https:// or chinese-ten://")
    head, sep, table = parts.path.rpartition("/t/")
    if not sep or not _TABLE.fullmatch(table):
        raise LinkError("a table link ends in /t/TABLE#CLAIM")
    if not _CLAIM.fullmatch(parts.fragment):
        raise LinkError("the link has no seat claim after # (copy the whole link)")
    return Link(f"{scheme}://{parts.netloc}{head}", table, parts.fragment)


def app_link(link: Link) -> str:
    """The ``chinese-ten://`` form of a link, which the installed game opens."""
    parts = urlsplit(link.base)
    plain = "?http" if parts.scheme == "http" else ""
    return f"{APP_SCHEME}://{parts.netloc}{parts.path}/t/{link.table}{plain}#{link.claim}"


def is_app_link(text: str) -> bool:
    """True when ``text`` is written in the game's own scheme (``chinese-ten:…``), as the system hands a clicked
    link to the game; whether it is a whole table link is :func:`parse_link`'s to say."""
    return urlsplit(text.strip()).scheme.lower() == APP_SCHEME


@dataclass(frozen=True)
class WatchLink:
    """A watch link taken apart: the server's base URL and the table watched."""

    base: str
    table: str

    @property
    def ws_url(self) -> str:
        """The WebSocket address of the link's server."""
        return ws_url(self.base)


def parse_watch_link(text: str) -> WatchLink:
    """The table a watch link (``http(s)://HOST/…/w/TABLE``) watches; :class:`LinkError` says what is wrong.

    >>> parse_watch_link(" http://127.0.0.1:47110/w/k3m9x2p7 ")
    WatchLink(base='http://127.0.0.1:47110', table='k3m9x2p7')
    """
    parts = urlsplit(text.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise LinkError("a watch link starts with http:// or https://")
    head, sep, table = parts.path.rstrip("/").rpartition("/w/")
    if not sep or not _TABLE.fullmatch(table):
        raise LinkError("a watch link ends in /w/TABLE")
    return WatchLink(f"{parts.scheme.lower()}://{parts.netloc}{head}", table)
