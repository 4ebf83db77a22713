"""The container health check: ``python -m taipai.bot.health`` exits 0 when the bot is healthy, else 1.

- ``TELEGRAM_MODE=webhook``: ``GET http://127.0.0.1:$LISTEN_PORT/healthz`` answers 200 (the worker
  runs and its database answers).
- polling with ``HEARTBEAT_FILE`` set: the file was touched less than :data:`MAX_AGE` seconds ago
  (the Telegram adapter touches it every 15 s while it polls).
- otherwise (e.g. Discord only): healthy while the process runs, which Docker sees itself.

In every mode, first: when ``DATABASE_URL`` names an SQLite file, the file exists, is writable and
passes ``PRAGMA quick_check`` (:func:`database_check`), so a database deleted or damaged under a
running bot turns the container unhealthy even while the bot keeps polling.
"""

from __future__ import annotations

import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

MAX_AGE = 90.0
"""Seconds after which a heartbeat file counts as stale (six missed beats)."""


def database_check(url: str | None) -> tuple[bool, str] | None:
    """``(False, reason)`` unless the SQLite file ``url`` names exists, is writable (the file and its
    folder) and passes ``PRAGMA quick_check`` (read through a read-only connection, beside the bot's
    own); ``None`` when it does, or when ``url`` is unset or not an SQLite file."""
    import os
    import sqlite3

    from taipai.bot.store.health import one_line, sqlite_path

    path = sqlite_path(url) if url else None
    if path is None:
        return None
    if not path.is_file():
        return False, f"{path}: no database file"
    if not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        return False, f"{path}: not writable"
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=5)
        try:
            rows = [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return False, f"{path}: {exc}"
    if rows != ["ok"]:
        return False, f"{path}: damaged (PRAGMA quick_check: {one_line(rows[0]) if rows else 'no answer'})"
    return None


def check(settings: Any, *, now: float | None = None) -> tuple[bool, str]:
    """``(healthy, reason)`` for :class:`~taipai.bot.settings.Settings`: the database file
    (:func:`database_check`), then the mode's own signal."""
    database = database_check(getattr(settings, "database_url", None))
    if database is not None:
        return database
    if settings.telegram_mode == "webhook":
        url = f"http://127.0.0.1:{settings.listen_port}/healthz"
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                return resp.status == 200, f"{url}: {resp.status}"
        except (urllib.error.URLError, OSError) as exc:
            return False, f"{url}: {exc}"
    if settings.heartbeat_file:
        path = Path(settings.heartbeat_file)
        try:
            age = (time.time() if now is None else now) - path.stat().st_mtime
        except OSError:
            return False, f"{path}: no heartbeat yet"
        return age < MAX_AGE, f"{path}: {age:.0f} s old"
    return True, "no health signal configured"


def main() -> int:
    """Print the reason on stdout; exit status 0 healthy, 1 not."""
    from taipai.bot.settings import Settings

    ok, reason = check(Settings())
    print(reason)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
