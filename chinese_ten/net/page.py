"""The pages a browser is served (NETWORK.md, "The web seat"): the seat at ``GET /t/TABLE``, the list of
this browser's tables at ``GET /``, the page's own files, the card pictures and the page's texts.

The claim is after the link's ``#``, so it never reaches the server, and the seat's token stays in the
browser: nothing here depends on either. The page has nothing inline, so the policy every answer carries
(:data:`.httpfront.SECURITY_HEADERS`) holds it.

Every file is made once (read, its validator computed, gzip-compressed) and answered ``304`` to a browser
whose copy is current. The page names its style and scripts at ``/web/VERSION/…``, and the scripts name the
card pictures and the page's icon with ``?v=VERSION``, where :func:`version` is a digest of them all: those
addresses a browser keeps for a year without asking again, and a release that changes any of the files has
new ones. Anything else (the page itself, its texts, an address without the version) is asked about again
each time, which costs a ``304``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from http import HTTPStatus
from pathlib import Path
from urllib.parse import parse_qs

from websockets.http11 import Response

from chinese_ten.assets import BACK, CARD_CODES, STYLES, assets_root, icon_file
from chinese_ten.games import GAMES, games_json
from chinese_ten.i18n import LANGUAGES, catalog
from chinese_ten.net.rulespage import RULES_PATH, rules_language, rules_page
from chinese_ten.net.served import Served
from chinese_ten.web import TYPES, WEB_ROOT, marked_texts, static_file

_TABLE = re.compile(r"/t/[A-Za-z0-9_-]{4,64}")
_NOT_A_TABLE = re.compile(r"/t/[^/]*")
_CARD = re.compile(r"/cards/([a-z-]+)/(back|10[SHDC]|[2-9AJQK][SHDC])\.svg")
_VERSIONED = re.compile(r"/web/([0-9a-f]{12})/([^/]+)")

IMMUTABLE = "public, max-age=31536000, immutable"
"""How a versioned address is kept: a year, never asked about again."""

REVALIDATE = "no-cache"
"""How any other address is kept: asked about again (by its ``ETag``) before each use."""

GAMES_PATH = "/games.json"
"""Where every game's options are served for the web page's forms (``?lang=zh-Hans`` for their words; a language
the program does not speak is not found)."""

REPLAY_PATH = "/replay"
"""Where a deal's record file from the visitor's own disk is opened and stepped through (read in the page only)."""

SEAT_PAGES_KEPT = 512
"""How many tables' seat pages are kept made (each is a few kilobytes)."""


def page_for(path: str, game_of: Callable[[str], str | None] = lambda table: None,
             request: Mapping[str, str] | None = None, query: str = "") -> Response | None:
    """The page or file served at ``path`` (a request's path, without its ``query``), or None where there is none;
    ``game_of`` names the game of an open table (None for a table it does not know); ``request`` holds the
    request's headers (names in lower case), which choose gzip and a ``304``."""
    request = request if request is not None else {}
    if path == "/" or _TABLE.fullmatch(path):
        table = path[3:] if path != "/" else None
        return _seat(table, game_of(table) if table else None).answer(request, REVALIDATE)
    if _NOT_A_TABLE.fullmatch(path):  # no table is called so: the page says so, as it does of a table gone
        unasked = {name: value for name, value in request.items() if name != "if-none-match"}
        found = _seat(None, None).answer(unasked, REVALIDATE)
        return Response(HTTPStatus.NOT_FOUND.value, HTTPStatus.NOT_FOUND.phrase, found.headers, found.body)
    if path == REPLAY_PATH:
        return _replay().answer(request, REVALIDATE)
    if path == GAMES_PATH:
        lang = parse_qs(query).get("lang", ["en"])[-1]
        return _games(lang).answer(request, REVALIDATE) if lang in LANGUAGES else None
    if path == RULES_PATH:
        code = rules_language(parse_qs(query), request)
        return _rules(code).answer(request, REVALIDATE) if code is not None else None
    if path.startswith("/web/texts/") and path.endswith(".json"):
        code = path[len("/web/texts/"):-len(".json")]
        return _texts(code).answer(request, REVALIDATE) if code in LANGUAGES else None
    versioned = _VERSIONED.fullmatch(path)
    if versioned is not None:
        return _answer(static_file(versioned.group(2)), request, _keep(versioned.group(1)))
    if path.startswith("/web/"):
        return _answer(static_file(path[len("/web/"):]), request, REVALIDATE)
    card = _CARD.fullmatch(path)
    if card is not None and card.group(1) in STYLES and (card.group(2) in CARD_CODES or card.group(2) == BACK):
        picture = assets_root() / "cards" / card.group(1) / f"{card.group(2)}.svg"
        return _answer(picture, request, _keep(parse_qs(query).get("v", [""])[0]))
    if path in ("/sw.js", "/manifest.webmanifest"):  # at the root: a service worker's scope is the folder it is in
        return _answer(static_file(path[1:]), request, REVALIDATE)
    if path == "/icon.svg":
        return _answer(icon_file(), request, _keep(parse_qs(query).get("v", [""])[0]))
    return None


def seat_page(table: str | None, game: str | None = None) -> bytes:
    """The page itself (its scripts read the table from the address), its title naming ``table`` when there is
    one, and the table's ``game`` when it is known (the headings a person sees before taking the seat); its
    style, scripts and icon at their versioned addresses."""
    data = _versioned_page("index.html")
    if table is None:
        return data
    spec = GAMES.get(game or "")  # None for a table not open here: the page learns its game once seated
    title = spec.title if spec is not None else "Chinese Ten"
    data = data.replace(b"<title>Chinese Ten</title>", f"<title>{title} \u00b7 {table}</title>".encode(), 1)
    if spec is not None:
        data = data.replace(b'<html lang="en"', f'<html lang="en" data-game="{spec.name}"'.encode(), 1)
    return data


def watch_answer(table: str, game: str | None, request: Mapping[str, str]) -> Response:
    """The answer at ``/w/TABLE``: :func:`watch_page`, made once per table and asked about again each time."""
    return _watch(table, game).answer(request, REVALIDATE)


def watch_page(table: str, game: str | None = None) -> bytes:
    """The seat's page in its watching mode (``GET /w/TABLE``): the root element marked ``data-watch``, so the
    page's scripts watch the table from no seat instead of taking one."""
    return seat_page(table, game).replace(b'<html lang="en"', b'<html lang="en" data-watch', 1)


def deal_page() -> bytes:
    """A finished deal's page (``GET /d/TABLE/N``), which reads the deal's record from its ``.json`` beside it."""
    return _versioned_page("deal.html")


def replay_page() -> bytes:
    """The page at ``GET /replay``: the finished deal's page, which there steps through a record file the visitor
    opens in it, sending it nowhere."""
    return _versioned_page("deal.html")


def _versioned_page(name: str) -> bytes:
    """One of the pages the package holds, naming its style, scripts and icon at their versioned addresses."""
    path = static_file(name)
    assert path is not None, f"the web seat's {name} is part of the package"
    data = path.read_bytes().replace(b'="/web/', f'="/web/{version()}/'.encode())
    return data.replace(b'="/icon.svg"', f'="/icon.svg?v={version()}"'.encode())


@lru_cache(maxsize=len(LANGUAGES))
def texts_json(code: str) -> bytes:
    """The page's texts in language ``code``, ``{"English": "translation"}``, from the game's own catalog."""
    translations = catalog(code)
    table = {text: translations.gettext(text) for text in marked_texts()}
    return json.dumps({k: v for k, v in table.items() if v != k}, ensure_ascii=False, sort_keys=True).encode("utf-8")


@lru_cache(maxsize=1)
def version() -> str:
    """The version in the page's addresses: a digest of the page's files, every card picture and the icon, so
    it changes whenever one of them does."""
    digest = hashlib.sha256()
    cards = assets_root() / "cards"
    files = [*sorted(p for p in WEB_ROOT.iterdir() if p.suffix in TYPES),
             *(cards / style / f"{code}.svg" for style in STYLES for code in (*CARD_CODES, BACK)), icon_file()]
    for path in files:
        digest.update(f"{path.parent.name}/{path.name}\n".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:12]


def _keep(given: str) -> str:
    """How an address carrying version ``given`` is kept: for good if it is this one's, else asked about again."""
    return IMMUTABLE if given == version() else REVALIDATE


def _answer(path: Path | None, request: Mapping[str, str], keep: str) -> Response | None:
    served = _file(path) if path is not None else None
    return served.answer(request, keep) if served is not None else None


@lru_cache(maxsize=SEAT_PAGES_KEPT)
def _seat(table: str | None, game: str | None) -> Served:
    return Served.of(seat_page(table, game), TYPES[".html"])


@lru_cache(maxsize=SEAT_PAGES_KEPT)
def _watch(table: str, game: str | None) -> Served:
    return Served.of(watch_page(table, game), TYPES[".html"])


@cache
def _replay() -> Served:
    return Served.of(replay_page(), TYPES[".html"])


@lru_cache(maxsize=len(LANGUAGES))
def _texts(code: str) -> Served:
    return Served.of(texts_json(code), TYPES[".json"])


@lru_cache(maxsize=len(LANGUAGES))
def _rules(code: str) -> Served:
    return Served.of(rules_page(code, version()), TYPES[".html"])


@lru_cache(maxsize=len(LANGUAGES))
def _games(code: str) -> Served:
    return Served.of(json.dumps(games_json(code), ensure_ascii=False, sort_keys=True).encode("utf-8"), TYPES[".json"])


@cache
def _file(path: Path) -> Served | None:
    """A file of the page's, a card picture or the icon (a finite set, each named by a pattern), made once."""
    if not path.is_file():
        return None
    return Served.of(path.read_bytes(), TYPES.get(path.suffix, "application/octet-stream"))
