"""The addresses links and QR codes carry (never an untrusted Host header, never a loopback
address the phones cannot open).

In order: the configured ``BASE_URL`` (``REFEREE_BASE_URL``); the request's host when the
operator has listed the trusted ones (``TRUSTED_HOSTS``: Flask refuses every other host with
400); the address ``referee serve`` found and printed (``SERVE_URL``); else, under another
server (``flask run``, gunicorn), this machine's LAN address and the port the request came in on
(the loopback address when the server listens on this machine only: the page then says so).
"""

from __future__ import annotations

from typing import Any

from flask import current_app, request, url_for

from referee.netaddr import ANY, is_loopback, lan_ip


def public_root() -> str:
    """The app's own public address, ending in ``/``."""
    cfg = current_app.config
    if cfg.get("BASE_URL"):
        return str(cfg["BASE_URL"]) + "/"
    if cfg.get("TRUSTED_HOSTS"):
        return request.host_url.rstrip("/") + request.script_root + "/"
    if cfg.get("SERVE_URL"):
        return str(cfg["SERVE_URL"])
    # another server (flask run, gunicorn): the address it listens on (from the socket, not the
    # Host header); when that is every network, this machine's address on the local one; when it
    # is this machine only, the loopback address (it works here, and the page says phones cannot)
    bound = request.environ.get("SERVER_NAME", "")
    host = bound if is_loopback(bound) else (lan_ip() or "127.0.0.1")
    if ":" in host:
        host = f"[{host}]"
    port = request.environ.get("SERVER_PORT") or "80"
    scheme = request.scheme
    default = (scheme == "http" and port == "80") or (scheme == "https" and port == "443")
    return f"{scheme}://{host}{'' if default else ':' + port}{request.script_root}/"


def public_url(endpoint: str, **values: Any) -> str:
    """``url_for(endpoint, **values)`` on the public address."""
    path = url_for(endpoint, **values)
    root = request.script_root
    if root and path.startswith(root):
        path = path[len(root):]
    return public_root().rstrip("/") + path


def reach_problem() -> str | None:
    """Why the phones may not open the links: ``"local"`` (the server listens on this machine
    only), ``"offline"`` (this machine is on no network), or None."""
    cfg = current_app.config
    if cfg.get("BASE_URL") or cfg.get("TRUSTED_HOSTS"):
        return None
    if cfg.get("SERVE_URL"):
        return cfg.get("SERVE_PROBLEM")
    bound = request.environ.get("SERVER_NAME", "")
    if is_loopback(bound):
        return "local"
    if bound in ANY or not bound:
        return None if lan_ip() else "offline"
    return None
