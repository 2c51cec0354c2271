"""Where ``tressette-learn serve`` listens and the address learners type to reach it.

``--ip`` is an IPv4 address of this machine: 127.0.0.1 (the default: this machine only), the
address of one of its networks, or 0.0.0.0 (every network). Learners type the machine's
address on the network, found as the one the machine would send from (nothing is sent).
Behind a proxy with TLS (docs/deploy.md) learners type the proxy's address instead
(``--public-url``). The server's environment carries the address learners type
(:data:`tressette_learn.runtime.SERVED_URL_ENV`), so that the teacher's dashboard can show it.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from urllib.parse import urlsplit

LOOPBACK, EVERYWHERE = "127.0.0.1", "0.0.0.0"
PROBE = ("192.0.2.1", 9)  # a documentation address: a UDP "connect" only picks a route


class AddressError(ValueError):
    """An address ``serve`` cannot listen on or print."""


def listen_ip(text: str) -> str:
    """``--ip``: an IPv4 address, in its usual spelling."""
    try:
        return str(ipaddress.IPv4Address(text.strip()))
    except ValueError:
        raise AddressError(f"--ip {text!r}: give an IPv4 address of this machine, such as "
                           f"192.168.1.20, or {EVERYWHERE} for every network") from None


def is_local_only(ip: str) -> bool:
    """Whether only this machine can reach ``ip`` (127.x.x.x)."""
    return ipaddress.IPv4Address(ip).is_loopback


def local_host(ip: str) -> str:
    """The address this machine reaches a server listening on ``ip`` at."""
    return LOOPBACK if ip == EVERYWHERE else ip


def network_address() -> str | None:
    """This machine's address on the network it reaches others through: the one it would
    send from (a UDP "connect" picks the route, nothing is sent), else one its name has
    (a network without a gateway); None without a network."""
    found = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(PROBE)
        found.append(str(probe.getsockname()[0]))
    with contextlib.suppress(OSError):
        found += [str(info[4][0]) for info in
                  socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    usable = [ip for ip in found if not ipaddress.IPv4Address(ip).is_loopback]
    return usable[0] if usable else None


def learners_host(ip: str) -> str | None:
    """The host learners type for a server on ``ip`` (None: 0.0.0.0 on a machine with no
    network)."""
    return network_address() if ip == EVERYWHERE else ip


def public_url(text: str) -> str:
    """``--public-url``: the http(s) address of a proxy in front, without a trailing slash."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query \
            or parts.fragment or parts.path.strip("/"):
        raise AddressError(f"--public-url {text!r}: give the proxy's address, such as "
                           "https://class.example.org or https://192.168.1.20:8443")
    return f"{parts.scheme}://{parts.netloc}"
