"""The container health check: ``python -m taipai.bot.health`` exits 0 when the bot is healthy, else 1.

- ``TELEGRAM_MODE=webhook``: ``GET http://127.0.0.1:$LISTEN_PORT/healthz`` answers 200 (the worker
  runs and its database answers).
- polling with ``HEARTBEAT_FILE`` set: the file was touched less than :data:`MAX_AGE` seconds ago
  (the Telegram adapter touches it every 15 s while it polls).
- otherwise (e.g. Discord only): healthy while the process runs, which Docker sees itself.
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


def check(settings: Any, *, now: float | None = None) -> tuple[bool, str]:
    """``(healthy, reason)`` for :class:`~taipai.bot.settings.Settings`."""
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
