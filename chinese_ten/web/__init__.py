"""The web seat's static files (NETWORK.md, "The web seat"): the page, its style and its JavaScript modules.

They are served as they are, with no build step. The page's texts are marked in the modules as
``_("...")`` or ``format("...", values)`` (a double-quoted literal) and in the page as
``data-text="..."``; :func:`marked_texts` finds them, so the game's catalogs translate them once
with every other text.
"""

from __future__ import annotations

import re
from pathlib import Path

WEB_ROOT = Path(__file__).resolve().parent
"""The folder holding the page's files."""

TYPES: dict[str, str] = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                         ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml",
                         ".json": "application/json; charset=utf-8", ".webmanifest": "application/manifest+json"}
"""The content type of each kind of file the page is made of."""

_MARKED = re.compile(r'(?<![\w$.])(?:_|format)\("((?:[^"\\\n]|\\.)*)"\s*[,)]')
_MARKED_HTML = re.compile(r'data-text="([^"]*)"')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'"}


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text)


def marked_texts_of(source: str, html: bool = False) -> list[tuple[str, int]]:
    """The texts marked in one script's source (``_("...")``, ``format("...", …)``) or in the page (``data-text="..."``, when
    ``html``), each with its line, in order."""
    if html:
        return [(html_text(m.group(1)), source.count("\n", 0, m.start()) + 1) for m in _MARKED_HTML.finditer(source)]
    return [(_unescape(m.group(1)), source.count("\n", 0, m.start()) + 1) for m in _MARKED.finditer(source)]


def html_text(text: str) -> str:
    """An attribute's text as the browser reads it (the page writes only ``&amp;`` and ``&quot;``)."""
    return text.replace("&quot;", '"').replace("&amp;", "&")


def sources() -> list[Path]:
    """The page and its JavaScript modules, in name order: the files whose texts are translated."""
    return sorted([*WEB_ROOT.glob("*.html"), *WEB_ROOT.glob("*.js")])


def marked_texts() -> list[str]:
    """Every text the page's modules mark for translation, each once, in file and line order."""
    found: dict[str, None] = {}
    for path in sources():
        for text, _line in marked_texts_of(path.read_text(encoding="utf-8"), path.suffix == ".html"):
            found.setdefault(text, None)
    return list(found)


def static_file(name: str) -> Path | None:
    """The page's file called ``name`` (no folders), or None where there is none."""
    if "/" in name or "\\" in name or name.startswith(".") or Path(name).suffix not in TYPES:
        return None
    path = WEB_ROOT / name
    return path if path.is_file() else None
