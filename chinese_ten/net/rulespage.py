"""The table site's rules page (``GET /rules``): every game's rules in short and its cards' values, written from the
same pages of Help the window shows (each game's ``help_pages`` in the registry), in English, 简体 or 繁體.

The language is the query's (``?lang=zh-Hant``), else the browser's first the program speaks (``Accept-Language``),
else English. The page is plain HTML with its style and a small script at their versioned addresses, nothing
inline, so the policy every answer carries holds it; the front page links it in the page's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import cast

from chinese_ten.cards import Card
from chinese_ten.games import GAMES
from chinese_ten.i18n import LANGUAGE_NAMES, LANGUAGES, _, language_for, speaking

RULES_PATH = "/rules"
"""Where the rules page is served."""


def rules_language(query: Mapping[str, list[str]], headers: Mapping[str, str]) -> str | None:
    """The language a request for the rules page asks for: its query's ``lang`` (None for one the program does not
    speak), else the first of the browser's languages the program speaks, else English."""
    asked = query.get("lang")
    if asked:
        return asked[-1] if asked[-1] in LANGUAGES else None
    for tag in headers.get("accept-language", "").split(","):
        found = language_for(tag.split(";")[0])
        if found is not None:
            return found
    return "en"


def rules_page(code: str, version: str) -> bytes:
    """The rules page in language ``code``, naming its style, script and icon at the page's ``version``."""
    with speaking(code):
        title = _("How to play")
        games = [(spec.name, _(spec.title), spec.help_pages()) for spec in GAMES.values() if spec.help_pages]
        back = _("Back to the tables")
        languages = _("Language")
        contents = _("Games")
    current = ' aria-current="page"'
    switch = "".join(
        f'<a href="{RULES_PATH}?lang={other}" hreflang="{other}" lang="{other}" data-role="rules-language"'
        f'{current if other == code else ""}>{escape(LANGUAGE_NAMES[other])}</a>' for other in LANGUAGES)
    toc = "".join(f'<li><a href="#{name}">{escape(shown)}</a></li>' for name, shown, _pages in games)
    sections = "".join(_game_section(name, shown, pages, version) for name, shown, pages in games)
    return f"""<!doctype html>
<html lang="{code}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} \u00b7 {escape(games[0][1] if games else title)}</title>
<link rel="icon" href="/icon.svg?v={version}" type="image/svg+xml">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="stylesheet" href="/web/{version}/style.css">
<link rel="stylesheet" href="/web/{version}/rules.css">
<script type="module" src="/web/{version}/rules.js"></script>
</head>
<body class="rules-page">
<header class="bar">
<h1>{escape(title)}</h1>
<nav class="switches" aria-label="{escape(languages)}">{switch}</nav>
</header>
<main class="rules" data-role="rules">
<p><a href="/" data-role="front-link">{escape(back)}</a></p>
<nav aria-label="{escape(contents)}"><ul class="rules-games">{toc}</ul></nav>
{sections}
</main>
</body>
</html>
""".encode()


def _game_section(name: str, shown: str, pages: tuple[tuple[str, tuple[tuple[str, object], ...]], ...],
                  version: str) -> str:
    parts = [f'<section class="rules-game" id="{name}" data-game="{name}"><h2>{escape(shown)}</h2>']
    for heading, blocks in pages:
        parts.append(f"<section><h3>{escape(heading)}</h3>{''.join(_block(kind, value, version) for kind, value in blocks)}"
                     f"</section>")
    parts.append("</section>")
    return "".join(parts)


def _block(kind: str, value: object, version: str) -> str:
    """One block of a page of Help as HTML: a heading, a paragraph, a row of cards with its caption, or a table whose
    first row is its head."""
    if kind == "head":
        return f"<h4>{escape(str(value))}</h4>"
    if kind == "text":
        return f"<p>{escape(str(value))}</p>"
    if kind == "cards":
        caption, codes = cast(tuple[str, tuple[str, ...]], value)
        cards = "".join(f'<img class="card" src="/cards/classic/{code}.svg?v={version}" alt="{escape(Card.parse(code).pretty)}" '
                        f'data-card="{code}" width="60" height="84">' for code in codes)
        return f'<figure class="rules-cards"><figcaption>{escape(str(caption))}</figcaption>{cards}</figure>'
    if kind == "table":
        rows = [[escape(str(cell)) for cell in row] for row in cast(list[tuple[str, ...]], value)]
        head = "".join(f'<th scope="col">{cell}</th>' for cell in rows[0])
        body = "".join(f'<tr><th scope="row">{row[0]}</th>{"".join(f"<td>{cell}</td>" for cell in row[1:])}</tr>'
                       for row in rows[1:])
        return f'<div class="rules-table"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
    raise ValueError(f"a page of Help has no block of kind {kind!r}")
