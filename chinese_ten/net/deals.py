"""A finished deal by link, and a table watched by link (NETWORK.md, "Watching and sharing a deal"): the
addresses ``/d/TABLE/N.json`` (the deal's record exactly as ``deal_over`` sent it), ``/d/TABLE/N`` (a page that
shows it) and ``/w/TABLE`` (the seat's page in its watching mode), and the styled page saying why one is not there.

What is kept and where is the server's to say (:class:`DealFinder`); this module reads the addresses and makes the
answers. A deal's page is only a record's reader: it exists once the deal is over, when every card of it may be
known, and names no secret of the table (its claims and tokens never reach a deal).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, Literal

from websockets.datastructures import Headers
from websockets.http11 import Response

from chinese_ten.engine.match import MatchLength
from chinese_ten.i18n import LANGUAGES, N_, catalog, language_for
from chinese_ten.net.store import TableStore
from chinese_ten.net.tables import Table
from chinese_ten.web import TYPES

_DEAL = re.compile(r"/d/([A-Za-z0-9_-]{4,64})/([0-9]{1,7})(\.json)?")
_WATCH = re.compile(r"/w/([A-Za-z0-9_-]{4,64})")

Missing = Literal["no-table", "not-over", "out-of-range", "gone"]
"""Why a deal's address shows no deal: a table never seen here, a deal not over yet, a number the table has no
deal of, or a deal past its 30 days."""

MISSING_WORDS: dict[str, str] = {
    "no-table": N_("There is no table {table} here: the link may be mistyped, or its deals are long gone."),
    "not-over": N_("Deal {number} of table {table} is not over yet: it can be shared once it is."),
    "out-of-range": N_("Table {table} has no deal {number}."),
    "gone": N_("Deal {number} of table {table} was kept for 30 days after its table, and is gone now."),
    "no-watch": N_("There is no table {table} here to watch: the link may be mistyped, or the table has gone."),
}
"""The sentence each kind of missing page says, with ``{table}`` and ``{number}``."""

NOT_FOUND_TITLE = N_("Not here")
"""The heading of the not-found page."""


@dataclass(frozen=True)
class DealAddress:
    """A deal's address taken apart: its table, its number (from 1, across the table's matches), and whether it
    asks for the record itself (``.json``) or its page."""

    table: str
    number: int
    json: bool


def deal_address(path: str) -> DealAddress | None:
    """The deal ``path`` names (``/d/TABLE/N`` or ``/d/TABLE/N.json``), or None for another address.

    >>> deal_address("/d/k3m9x2p7/2.json")
    DealAddress(table='k3m9x2p7', number=2, json=True)
    >>> deal_address("/d/k3m9x2p7/x") is None
    True
    """
    found = _DEAL.fullmatch(path)
    if found is None:
        return None
    return DealAddress(found.group(1), int(found.group(2)), found.group(3) is not None)


def watched_table(path: str) -> str | None:
    """The table ``path`` watches (``/w/TABLE``), or None for another address."""
    found = _WATCH.fullmatch(path)
    return None if found is None else found.group(1)


DealFinder = Callable[[str, int], "dict[str, Any] | Missing"]
"""What finds a finished deal: its record, or why there is none."""


def find_deal(store: TableStore, live: Table | None, table_id: str, number: int, now: float) -> dict[str, Any] | Missing:
    """Finished deal ``number`` of table ``table_id`` as kept in ``store`` (``live``: the table, when it is open in
    this server), or why there is none at ``now``."""
    kept = store.deal(table_id, number, now)
    if isinstance(kept, dict):
        return kept
    if kept == "gone":
        return "gone"
    if live is not None:
        dealt = (live.row.matches + 1) * live.session.match.total_deals
    else:
        loaded = store.load(table_id)
        if loaded is None:
            return "out-of-range" if store.kept_deal_count(table_id) else "no-table"
        row = loaded[0]
        dealt = (row.matches + 1) * MatchLength.parse(row.match).total(row.seats)
    return "not-over" if 1 <= number <= dealt else "out-of-range"


def answer_deal(address: DealAddress, find: DealFinder, request: Mapping[str, str],
                page: Callable[[DealAddress], bytes]) -> Response:
    """The answer at a deal's address: its record as JSON, or ``page`` (its page's HTML) when it is there; a 404
    saying why not (as JSON ``{"error": …, "code": …}`` for the record, the styled page for the page)."""
    found = find(address.table, address.number)
    if isinstance(found, str):
        sentence = missing_sentence(found, address.table, address.number, "en" if address.json else
                                    page_language(request))
        if address.json:
            return _response(HTTPStatus.NOT_FOUND, json.dumps({"error": sentence, "code": found}).encode("utf-8"),
                             TYPES[".json"])
        return not_found_page(sentence, page_language(request))
    if address.json:
        return _response(HTTPStatus.OK, json.dumps(found, ensure_ascii=False).encode("utf-8"), TYPES[".json"])
    return _response(HTTPStatus.OK, page(address), TYPES[".html"])


def missing_sentence(why: str, table: str, number: int, code: str = "en") -> str:
    """The sentence saying why a deal (or a table to watch) is not there, in language ``code``."""
    return catalog(code).gettext(MISSING_WORDS[why]).format(table=table, number=number)


def page_language(request: Mapping[str, str]) -> str:
    """The language a page is written in for a request: the first of its ``Accept-Language`` the game has."""
    for tag in request.get("accept-language", "").split(","):
        code = language_for(tag.split(";", 1)[0].strip())
        if code is not None and code in LANGUAGES:
            return code
    return "en"


def not_found_page(sentence: str, code: str) -> Response:
    """The styled 404 page: the site's look, a heading and ``sentence``, and a way to the front page."""
    title = html.escape(catalog(code).gettext(NOT_FOUND_TITLE))
    body = (f'<!doctype html>\n<html lang="{code}" data-state="not-found">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>{title}</title>\n'
            f'<link rel="icon" href="/icon.svg" type="image/svg+xml">\n'
            f'<link rel="stylesheet" href="/web/style.css">\n</head>\n<body>\n<main>\n'
            f'<section class="panel" data-role="not-found">\n<h2>{title}</h2>\n<p>{html.escape(sentence)}</p>\n'
            f'<p><a href="/">Chinese Ten</a></p>\n</section>\n</main>\n</body>\n</html>\n')
    return _response(HTTPStatus.NOT_FOUND, body.encode("utf-8"), TYPES[".html"])


def _response(status: HTTPStatus, body: bytes, content_type: str) -> Response:
    """An answer asked about again each time (a deal's record never changes, but its absence does)."""
    headers = Headers([("Content-Type", content_type), ("Cache-Control", "no-cache")])
    return Response(status.value, status.phrase, headers, body)
