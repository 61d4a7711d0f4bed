"""Whom a request comes from behind reverse proxies (``--trust-proxy``), and the names of shards (``--shard``).

A request's client is the socket's peer, unless that peer is a proxy the server trusts: then it is the
last address in ``X-Forwarded-For`` that is not itself a trusted proxy (each proxy appends the address it
was reached from, so only the addresses added by trusted proxies are believed).
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

_SHARD = re.compile(r"[A-Za-z0-9]{1,20}")


def trusted_networks(values: Iterable[str]) -> tuple[Network, ...]:
    """The proxies ``--trust-proxy`` names (addresses, or networks such as ``10.0.0.0/8``); ``ValueError``
    naming the first that is neither."""
    found = []
    for value in values:
        try:
            found.append(ipaddress.ip_network(value.strip(), strict=False))
        except ValueError:
            raise ValueError(f"--trust-proxy: {value!r} is not an address or a network") from None
    return tuple(found)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1:text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def is_trusted(address: str, trusted: tuple[Network, ...]) -> bool:
    """True when ``address`` is one of the trusted proxies."""
    found = _address(address)
    return found is not None and any(found in network for network in trusted)


def is_loopback(address: str) -> bool:
    """True for an address of this machine's loopback (127.x, ::1)."""
    found = _address(address)
    return found is not None and found.is_loopback


def client_of(peer: str, forwarded: str | None, trusted: tuple[Network, ...]) -> str:
    """The client a request comes from: the socket's ``peer``, or, when the peer is a trusted proxy, the last
    untrusted address of its ``X-Forwarded-For`` (``forwarded``)."""
    if not forwarded or not is_trusted(peer, trusted):
        return peer
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not is_trusted(hop, trusted):
            address = _address(hop)
            return str(address) if address is not None else hop[:64]
    return hops[0] if hops else peer


def check_shard(name: str) -> str:
    """A shard's name as ``--shard`` takes it (1 to 20 letters and digits); ``ValueError`` otherwise."""
    if not _SHARD.fullmatch(name):
        raise ValueError(f"--shard: {name!r} is not 1 to 20 letters and digits")
    return name
