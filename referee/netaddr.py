"""This machine's address on the local network, and keys kept out of logs. Standard library only."""

from __future__ import annotations

import ipaddress
import re
import socket
from typing import Any

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
            ip: str = s.getsockname()[0]
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
# A club's director's key, the segment after /club/ (its own pages' names are shorter than a key)
_CLUB_KEY = re.compile(r"(/|%2[Ff])club(/|%2[Ff])[A-Za-z0-9_-]{16,}")


def redact(text: str) -> str:
    """``text`` with every edit key and club director's key replaced by ``***`` (for access logs)."""
    return _CLUB_KEY.sub(r"\1club\2***", _EDIT_KEY.sub(r"\1m\2***", text))


def redact_all_logs() -> None:
    """Keep edit keys out of every log line of this process, whoever logs it and to whichever
    handler: Flask's error log (``Exception on /m/<key>/score [GET]`` and its traceback), the
    access log, waitress's own lines, any module's logger. Each log record is made with its
    message (and its traceback, its stack) already redacted, so no handler or formatter ever
    sees the key. Installed once per process."""
    import logging

    made = logging.getLogRecordFactory()
    if getattr(made, "redacts_keys", False):
        return

    def record(*args: Any, **kwargs: Any) -> logging.LogRecord:
        rec = made(*args, **kwargs)
        try:
            message = rec.getMessage()
        except Exception:  # noqa: BLE001 - a message that does not format is logging's to report
            return rec
        clean = redact(message)
        if clean != message:
            rec.msg, rec.args = clean, ()
        if rec.exc_info and not rec.exc_text:
            rec.exc_text = redact(logging.Formatter().formatException(rec.exc_info))
        if rec.stack_info:
            rec.stack_info = redact(rec.stack_info)
        return rec

    record.redacts_keys = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(record)
