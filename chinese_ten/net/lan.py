"""This computer's address on the local network, found without sending anything anywhere.

The window's "Play with friends" hosts a table server inside the game, bound to the address the
friends on the same network can reach. The address is read from the machine's own interfaces (on
Linux each interface's IPv4 address, elsewhere the addresses the host's own name resolves to locally);
only when neither gives a private address is a UDP socket "connected" to a private address, which
picks the interface a packet would leave by without sending one. Loopback is the last resort.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys

LOOPBACK = "127.0.0.1"


def _private(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and ip.is_private and not ip.is_loopback and not ip.is_link_local


def interface_addresses() -> list[str]:
    """The IPv4 addresses of this machine's interfaces (Linux: every interface; elsewhere the host's name,
    resolved by the system itself)."""
    found: list[str] = []
    if sys.platform.startswith("linux"):
        import fcntl

        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for _index, name in socket.if_nameindex()[:64]:
                request = struct.pack("256s", name.encode()[:15])
                with contextlib.suppress(OSError):
                    answer = fcntl.ioctl(probe.fileno(), 0x8915, request)  # SIOCGIFADDR
                    found.append(socket.inet_ntoa(answer[20:24]))
    if not found:
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM):
                found.append(str(info[4][0]))
    return list(dict.fromkeys(found))


def local_address() -> str:
    """The address to host on for the local network; loopback when there is none."""
    for address in interface_addresses():
        if _private(address):
            return address
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.254", 9))  # a UDP "connect" only picks a route: nothing is sent
        address = str(probe.getsockname()[0])
        if _private(address):
            return address
    return LOOPBACK
