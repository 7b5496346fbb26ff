"""The app's settings: defaults, the instance folder's ``config.py``, then ``REFEREE_*`` variables.

Read without Flask, so that ``referee serve``, ``referee backup`` and ``referee restore`` find the
same database as the web app. Later sources win:

1. defaults: the database ``referee.db`` in the instance folder (:func:`referee.paths.default_instance`);
2. ``config.py`` in the instance folder (upper-case names, as Flask's ``from_pyfile``);
3. the environment: ``REFEREE_DATABASE`` (a file's path, or ``postgresql://…``: a PostgreSQL server),
   ``REFEREE_SECRET_KEY``, ``REFEREE_BASE_URL``
   (the public address links and QR codes use, e.g. ``https://club.example``),
   ``REFEREE_TRUSTED_HOSTS`` (host names, comma or space separated: requests for any other host
   are refused), ``REFEREE_PROXIES`` (how many proxies in front set ``X-Forwarded-*``: 0, the
   default, trusts none).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping
from urllib.parse import urlsplit

from .paths import default_instance
from .words import N_, say


class ConfigError(Exception):
    """A setting that cannot be used (said in one line, in Russian or English: the catalogue's
    words, :mod:`referee.words`)."""

    TEXT = {
        "config_py": N_("%(path)s is broken: %(error)s"),
        "base_url": N_("REFEREE_BASE_URL must be an http(s) address such as https://club.example or "
                       "http://192.168.1.20:8000, not %(value)r"),
        "proxies": N_("REFEREE_PROXIES must be a number of proxies (0, 1, 2 …), not %(value)r"),
    }

    def __init__(self, key: str, **params: Any):
        self.key, self.params = key, params
        super().__init__(self.message("en"))

    def message(self, lang: str) -> str:
        return say(lang, self.TEXT[self.key], **self.params)


def load(instance: str | os.PathLike[str] | None = None,
         environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    env = os.environ if environ is None else environ
    folder = Path(instance).expanduser().resolve() if instance else default_instance()
    cfg: dict[str, Any] = {"INSTANCE_PATH": str(folder), "DATABASE": str(folder / "referee.db")}
    pyfile = folder / "config.py"
    if pyfile.is_file():
        scope: dict[str, Any] = {"__file__": str(pyfile)}
        try:
            exec(compile(pyfile.read_bytes(), str(pyfile), "exec"), scope)
        except Exception as e:  # a broken config file is the operator's to fix: say where
            raise ConfigError("config_py", path=pyfile, error=f"{type(e).__name__}: {e}") from None
        cfg.update({k: v for k, v in scope.items() if k.isupper()})
    if env.get("REFEREE_DATABASE"):  # a file's path, or a PostgreSQL server's postgresql:// URL
        from .matches.store import is_postgres

        db = env["REFEREE_DATABASE"]
        cfg["DATABASE"] = db if is_postgres(db) else str(Path(db).expanduser().resolve())
    if env.get("REFEREE_SECRET_KEY"):
        cfg["SECRET_KEY"] = env["REFEREE_SECRET_KEY"]
    if env.get("REFEREE_BASE_URL"):
        cfg["BASE_URL"] = env["REFEREE_BASE_URL"]
    if env.get("REFEREE_TRUSTED_HOSTS"):
        cfg["TRUSTED_HOSTS"] = env["REFEREE_TRUSTED_HOSTS"]
    if env.get("REFEREE_PROXIES"):
        cfg["PROXIES"] = env["REFEREE_PROXIES"]
    return normalise(cfg)


def normalise(cfg: dict[str, Any]) -> dict[str, Any]:
    """Check and tidy the settings that come as text; raises :class:`ConfigError`."""
    base = cfg.get("BASE_URL")
    if base:
        parts = urlsplit(str(base).strip())
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
            raise ConfigError("base_url", value=base)
        cfg["BASE_URL"] = f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"
    hosts = cfg.get("TRUSTED_HOSTS")
    if isinstance(hosts, str):
        cfg["TRUSTED_HOSTS"] = [h for h in hosts.replace(",", " ").split() if h]
    proxies = cfg.get("PROXIES", 0)
    try:
        n = int(proxies)
        if n < 0:
            raise ValueError
    except (TypeError, ValueError):
        raise ConfigError("proxies", value=proxies) from None
    cfg["PROXIES"] = n
    return cfg
