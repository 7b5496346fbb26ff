"""This machine's address on the local network, and keys kept out of logs. Standard library only."""

from __future__ import annotations

import ipaddress
import re
import socket

LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1", "ip6-localhost"}
ANY = {"", "0.0.0.0", "::", "*"}


def is_loopback(host: str | None) -> bool:
    if not host:
        return False
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_ip() -> str | None:
    """The IPv4 address other devices on the network reach this machine at, or None.

    A UDP socket "connected" to an outside address picks the interface of the default route;
    nothing is sent. Without a route, the host name's own address is tried. A loopback
    address is never returned: phones cannot open it.
    """
    for probe in ("192.0.2.1", "10.255.255.255"):  # TEST-NET-1 (default route), a private one
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            s.connect((probe, 9))
            ip = s.getsockname()[0]
        except OSError:
            continue
        finally:
            s.close()
        if ip and not is_loopback(ip) and ip != "0.0.0.0":
            return ip
    try:
        ip = socket.gethostbyname(socket.gethostname())
    except OSError:
        return None
    return None if is_loopback(ip) else ip


# An edit key is the path segment after /m/ (also inside a url-encoded ?next=/m/...).
_EDIT_KEY = re.compile(r"(/|%2[Ff])m(/|%2[Ff])[A-Za-z0-9_-]+")


def redact(text: str) -> str:
    """``text`` with every edit key replaced by ``***`` (for access logs)."""
    return _EDIT_KEY.sub(r"\1m\2***", text)
