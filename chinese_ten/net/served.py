"""A file as the server sends it: its bytes, the same compressed once with gzip, and the validator (``ETag``)
a browser asks again with, answered ``304 Not Modified`` while its copy is current.

>>> served = Served.of(b"body { color: black; }" * 20, "text/css")
>>> served.answer({"accept-encoding": "gzip, br"}, "no-cache").headers["Content-Encoding"]
'gzip'
>>> served.answer({"if-none-match": served.answer({}, "no-cache").headers["ETag"]}, "no-cache").status_code
304
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from websockets.datastructures import Headers
from websockets.http11 import Response

GZIP_LEVEL = 9
"""How hard a file is compressed: once, when it is first asked for, so the slowest level costs nothing later."""


def accepts_gzip(accept_encoding: str) -> bool:
    """True when an ``Accept-Encoding`` header's value takes gzip (by name or as ``*``, with a weight above 0)."""
    weights: dict[str, float] = {}
    for part in accept_encoding.split(","):
        coding, *params = (item.strip() for item in part.split(";"))
        weight = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        weights[coding.lower()] = weight
    for coding in ("gzip", "x-gzip", "*"):
        if coding in weights:
            return weights[coding] > 0
    return False


@dataclass(frozen=True)
class Served:
    """One file's bytes, its content type, its validator and its gzip form (None when that is no smaller)."""

    body: bytes
    content_type: str
    tag: str
    """The validator's opaque part: a digest of the bytes, so the same bytes always have the same tag."""
    gzipped: bytes | None

    @classmethod
    def of(cls, body: bytes, content_type: str) -> Served:
        """``body`` as served with ``content_type``, compressed now, once."""
        packed = gzip.compress(body, GZIP_LEVEL, mtime=0)
        tag = hashlib.sha256(body).hexdigest()[:24]
        return cls(body, content_type, tag, packed if len(packed) < len(body) else None)

    def current(self, if_none_match: str | None) -> bool:
        """True when an ``If-None-Match`` header's value names this file's bytes (either form) or is ``*``."""
        if if_none_match is None:
            return False
        tags = {item.strip().removeprefix("W/") for item in if_none_match.split(",")}
        return bool(tags & {"*", f'"{self.tag}"', f'"{self.tag}-gzip"'})

    def answer(self, request: Mapping[str, str], cache: str) -> Response:
        """The answer to a request with headers ``request`` (names in lower case): ``304`` when the browser's copy
        is current, else the file, gzip-compressed when the browser takes that; kept as ``cache`` says."""
        packed = self.gzipped if self.gzipped is not None and accepts_gzip(request.get("accept-encoding", "")) else None
        headers = Headers([("Cache-Control", cache), ("ETag", f'"{self.tag}-gzip"' if packed else f'"{self.tag}"')])
        if self.gzipped is not None:
            headers["Vary"] = "Accept-Encoding"
        if self.current(request.get("if-none-match")):
            return Response(304, "Not Modified", headers, b"")
        headers["Content-Type"] = self.content_type
        if packed is not None:
            headers["Content-Encoding"] = "gzip"
        body = packed if packed is not None else self.body
        headers["Content-Length"] = str(len(body))
        return Response(200, "OK", headers, body)
