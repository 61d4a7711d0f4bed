"""The small page a table's link opens in a browser (``GET /t/TABLE``): how to join with the game.

The claim is after the link's ``#``, so it never reaches the server: the page builds the game's
``chinese-ten://`` link from its own address in the browser.
"""

from __future__ import annotations

import html

from websockets.datastructures import Headers
from websockets.http11 import Response


def page_for(path: str) -> Response | None:
    """The page served at ``path`` (a request's path, without its query), or None where there is none."""
    if path.startswith("/t/") and len(path) > 3:
        return table_page(path[3:])
    return None


def table_page(table: str) -> Response:
    """The small page a table's link opens in a browser: how to join with the game."""
    name = html.escape(table[:64])
    body = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chinese Ten table {name}</title></head>
<body><h1>A seat at a Chinese Ten table</h1>
<p>This link is a seat at table <b>{name}</b>. Open it with the game: install Chinese Ten, then click
<a id="app" href="#">open in the game</a>, or run <code>chinese-ten join "<span id="link">this page's address</span>"</code>,
or paste the whole address into the game's "Play with friends".</p>
<script>
const here = location.href, plain = location.protocol === "http:" ? "?http" : "";
document.getElementById("link").textContent = here;
document.getElementById("app").href = "chinese-ten://" + location.host + location.pathname + plain + location.hash;
</script></body></html>
"""
    headers = Headers([("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
                       ("Referrer-Policy", "no-referrer")])
    data = body.encode("utf-8")
    headers["Content-Length"] = str(len(data))
    return Response(200, "OK", headers, data)
