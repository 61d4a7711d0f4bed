"""The pages a browser is served (NETWORK.md, "The web seat"): the seat at ``GET /t/TABLE``, the list of
this browser's tables at ``GET /``, the page's own files, the card pictures and the page's texts.

The claim is after the link's ``#``, so it never reaches the server, and the seat's token stays in the
browser: nothing here depends on either. Every answer carries the headers the contract names (a
``default-src 'self'`` policy, ``nosniff``, no referrer); the page has nothing inline.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from websockets.datastructures import Headers
from websockets.http11 import Response

from chinese_ten.assets import BACK, CARD_CODES, STYLES, assets_root, icon_file
from chinese_ten.games import GAMES, games_json
from chinese_ten.i18n import LANGUAGES, catalog
from chinese_ten.web import TYPES, marked_texts, static_file

_TABLE = re.compile(r"/t/[A-Za-z0-9_-]{4,64}")
_CARD = re.compile(r"/cards/([a-z-]+)/(back|10[SHDC]|[2-9AJQK][SHDC])\.svg")

SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("Content-Security-Policy", "default-src 'self'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)
"""The headers every page and file carries."""


def page_for(path: str, game_of: Callable[[str], str | None] = lambda table: None) -> Response | None:
    """The page or file served at ``path`` (a request's path, without its query), or None where there is none;
    ``game_of`` names the game of an open table (None for a table it does not know)."""
    if path == "/" or _TABLE.fullmatch(path):
        table = path[3:] if path != "/" else None
        return _answer(seat_page(table, game_of(table) if table else None), TYPES[".html"], "no-cache")
    if path.startswith("/web/texts/") and path.endswith(".json"):
        code = path[len("/web/texts/"):-len(".json")]
        return _answer(texts_json(code), TYPES[".json"], "no-cache") if code in LANGUAGES else None
    if path.startswith("/web/"):
        return _file(static_file(path[len("/web/"):]), "no-cache")
    card = _CARD.fullmatch(path)
    if card is not None and card.group(1) in STYLES and (card.group(2) in CARD_CODES or card.group(2) == BACK):
        return _file(assets_root() / "cards" / card.group(1) / f"{card.group(2)}.svg", "public, max-age=86400")
    if path == "/icon.svg":
        return _file(icon_file(), "public, max-age=86400")
    return None


def seat_page(table: str | None, game: str | None = None) -> bytes:
    """The page itself (its scripts read the table from the address), its title naming ``table`` when there is
    one, and the table's ``game`` when it is known (the headings a person sees before taking the seat)."""
    path = static_file("index.html")
    assert path is not None, "the web seat's index.html is part of the package"
    data = path.read_bytes()
    if table is None:
        return data
    spec = GAMES.get(game or "")  # None for a table not open here: the page learns its game once seated
    title = spec.title if spec is not None else "Chinese Ten"
    data = data.replace(b"<title>Chinese Ten</title>", f"<title>{title} \u00b7 {table}</title>".encode(), 1)
    if spec is not None:
        data = data.replace(b'<html lang="en"', f'<html lang="en" data-game="{spec.name}"'.encode(), 1)
    return data


@lru_cache(maxsize=len(LANGUAGES))
def texts_json(code: str) -> bytes:
    """The page's texts in language ``code``, ``{"English": "translation"}``, from the game's own catalog."""
    translations = catalog(code)
    table = {text: translations.gettext(text) for text in marked_texts()}
    return json.dumps({k: v for k, v in table.items() if v != k}, ensure_ascii=False, sort_keys=True).encode("utf-8")


GAMES_PATH = "/games.json"
"""Where every game's options are served for the web page's forms (``?lang=zh-Hans`` for their words)."""


def games_page(target: str) -> Response | None:
    """Every game's options as JSON in the language a request's ``lang`` names (English by default); None for a
    language the program does not speak."""
    lang = parse_qs(urlsplit(target).query).get("lang", ["en"])[-1]
    return _answer(_games_bytes(lang), TYPES[".json"], "no-cache") if lang in LANGUAGES else None


@lru_cache(maxsize=len(LANGUAGES))
def _games_bytes(code: str) -> bytes:
    return json.dumps(games_json(code), ensure_ascii=False, sort_keys=True).encode("utf-8")


def _file(path: Path | None, cache: str) -> Response | None:
    if path is None or not path.is_file():
        return None
    return _answer(path.read_bytes(), TYPES.get(path.suffix, "application/octet-stream"), cache)


def _answer(data: bytes, content_type: str, cache: str) -> Response:
    headers = Headers([("Content-Type", content_type), ("Cache-Control", cache), *SECURITY_HEADERS])
    headers["Content-Length"] = str(len(data))
    return Response(200, "OK", headers, data)
