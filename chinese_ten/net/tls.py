"""Which certificates the game's network client trusts: the system's, and a private authority's.

A table server on the internet sits behind a TLS proxy (``https://`` links, ``wss://`` connections).
The client checks the server's certificate against the system's trust store; a private server (or a
test with a proxy's own local authority) names its authority's certificate in the environment
variable ``CHINESE_TEN_CA_FILE``, which is trusted besides the system's.

>>> client_context("ws://127.0.0.1:47110/ws") is None
True
"""

from __future__ import annotations

import os
import ssl
from typing import Final

CA_FILE_VARIABLE: Final = "CHINESE_TEN_CA_FILE"
"""The environment variable naming a PEM file of further certificate authorities to trust."""


def client_context(url: str) -> ssl.SSLContext | None:
    """The TLS context a connection to the WebSocket ``url`` uses: None for ``ws://``; for ``wss://`` one that
    verifies the server's certificate and name against the system's authorities and :data:`CA_FILE_VARIABLE`'s.
    ``OSError`` (``ssl.SSLError`` among them) when that file cannot be read as certificates."""
    if not url.lower().startswith("wss://"):
        return None
    context = ssl.create_default_context()
    extra = os.environ.get(CA_FILE_VARIABLE)
    if extra:
        context.load_verify_locations(cafile=extra)
    return context
