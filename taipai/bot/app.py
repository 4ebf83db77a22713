"""``taipai`` with platform tokens: every adapter whose token is set, in one process, on one database.

:func:`run_bots` opens the store (migrating it), builds one :class:`~taipai.bot.service.Service`,
starts the Telegram adapter (``TELEGRAM_BOT_TOKEN``) and the Discord adapter (``DISCORD_BOT_TOKEN``,
:func:`taipai.bot.discord.client.run_discord`) side by side, and runs until SIGTERM or SIGINT.
Every update is stored in the inbox before the platform is told it arrived, and every reply in the
outbox with its event (:mod:`taipai.bot.delivery`), so a crash at any point loses nothing that was
acknowledged or booked: what is pending is handled and posted after the next start.  Shutdown is
clean: polling stops, the update in hand in each chat finishes, pending replies get a few seconds
to go out (the rest go after the next start), the Discord gateway closes, the database engine is
disposed.  Start-up errors (a rejected token, an unreachable Bot API server or
database) are one line on stderr without the token, exit status 1.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from taipai.bot.i18n import _, use_locale
from taipai.bot.logsafe import install as install_redaction
from taipai.bot.logsafe import redact, secrets_of

log = logging.getLogger(__name__)

Runner = Callable[[Any, Any, asyncio.Event], Awaitable[None]]


async def _telegram(settings: Any, service: Any, stop: asyncio.Event) -> None:
    from taipai.bot.telegram import run_telegram

    await run_telegram(settings, service, stop)


async def _discord(settings: Any, service: Any, stop: asyncio.Event) -> None:
    """Run the Discord adapter until ``stop``: it runs until cancelled, so cancel it then."""
    from taipai.bot.discord.client import run_discord

    task = asyncio.ensure_future(run_discord(settings, service))
    waiter = asyncio.ensure_future(stop.wait())
    done, _pending = await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
    if task in done:
        waiter.cancel()
        task.result()
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


def adapters(settings: Any) -> dict[str, Runner]:
    """``{name: runner}`` of every adapter whose token is set."""
    out: dict[str, Runner] = {}
    if settings.telegram_bot_token is not None and settings.telegram_bot_token.get_secret_value():
        out["telegram"] = _telegram
    if settings.discord_bot_token is not None and settings.discord_bot_token.get_secret_value():
        out["discord"] = _discord
    return out


async def run_bots(
    settings: Any, store_url: str | None, lang: str, *, stop: asyncio.Event | None = None
) -> int:
    """Run every configured adapter until SIGTERM/SIGINT (or ``stop``); returns the exit status.

    Args:
        settings: :class:`~taipai.bot.settings.Settings`.  store_url: database URL (``None``: the
            default SQLite file).  lang: the language of start-up errors and the chats' default.
        stop: an :class:`asyncio.Event` that ends the run as SIGTERM does.
    """
    with use_locale(lang):
        return await _run_bots(settings, store_url, lang, stop=stop)


async def _run_bots(
    settings: Any, store_url: str | None, lang: str, *, stop: asyncio.Event | None = None
) -> int:
    from taipai.bot.service import Service
    from taipai.bot.store.health import DatabaseUnavailable, open_checked

    logging.basicConfig(level=getattr(logging, str(settings.log_level).upper(), logging.WARNING))
    install_redaction(secrets_of(settings))
    try:  # the SQLite file in place, writable and passing PRAGMA quick_check (taipai.bot.store.health)
        store = await open_checked(store_url)
    except DatabaseUnavailable as exc:
        print(_("Cannot open the database: {error}").format(error=redact(exc.reason)), file=sys.stderr)
        return 1
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows, or not the main thread
            loop.add_signal_handler(sig, stop.set)
    zone = getattr(settings, "stats_timezone", "Asia/Hong_Kong")  # 戰績 本月's calendar
    service = Service(store, locale=lang, stats_timezone=zone)
    tasks = {
        name: asyncio.ensure_future(run(settings, service, stop)) for name, run in adapters(settings).items()
    }
    status = 0
    try:
        pending = set(tasks.values())
        while pending:
            done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                name = next(n for n, t in tasks.items() if t is task)
                exc = task.exception()
                if exc is not None:
                    print(
                        _("{adapter} could not run: {error}").format(adapter=name, error=first_line(exc)),
                        file=sys.stderr,
                    )
                    status = 1
                    stop.set()  # one adapter failing stops the others cleanly
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
        await store.close()
    return status


def first_line(exc: BaseException) -> str:
    """The first line of ``exc``'s message (its type name when the message is empty), secrets redacted."""
    text = redact(str(exc)).strip()
    return text.splitlines()[0] if text else type(exc).__name__
