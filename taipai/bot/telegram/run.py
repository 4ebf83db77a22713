"""Running the Telegram bot until stopped: polling (with a heartbeat file) or webhook mode.

Apart from :mod:`.adapter` so that the adapter and the webhook server (:mod:`.webhook`, which drives
a :class:`~taipai.bot.telegram.adapter.TelegramBot`) do not import each other: this module starts
either.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from taipai.bot.i18n import _
from taipai.bot.service import Service
from taipai.bot.telegram.adapter import ALLOWED_UPDATES, TelegramBot, TelegramStartupError
from taipai.bot.telegram.webhook import WebhookServer, webhook_path


async def run_telegram(settings: Any, service: Service, stop: asyncio.Event) -> None:
    """Run the Telegram bot from :class:`~taipai.bot.settings.Settings` until ``stop`` is set.

    Polling mode touches ``HEARTBEAT_FILE`` (when set) every :data:`HEARTBEAT_PERIOD` seconds while
    polling runs; webhook mode serves ``/healthz`` instead (:mod:`taipai.bot.telegram.webhook`).
    Raises :class:`TelegramStartupError` (bad token, unreachable server, webhook settings missing).
    """
    token = settings.telegram_bot_token.get_secret_value() if settings.telegram_bot_token else ""
    if not token:
        raise TelegramStartupError(_("TELEGRAM_BOT_TOKEN is not set."))
    if settings.telegram_mode not in ("polling", "webhook"):
        raise TelegramStartupError(
            _("TELEGRAM_MODE must be polling or webhook, not {mode}.").format(mode=settings.telegram_mode)
        )
    bot = TelegramBot(service, token, base_url=settings.telegram_api_base_url or None)
    if settings.telegram_mode == "webhook":
        await _run_webhook(bot, settings, stop)
        return
    heartbeat = getattr(settings, "heartbeat_file", None)
    await bot.start()
    beat = asyncio.ensure_future(_heartbeat(bot, heartbeat, stop)) if heartbeat else None
    try:
        await stop.wait()
    finally:
        if beat is not None:
            beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beat
        await bot.stop()


HEARTBEAT_PERIOD = 15.0
"""Seconds between touches of ``HEARTBEAT_FILE`` in polling mode (the image's health check allows 90)."""


async def _heartbeat(bot: TelegramBot, path: str, stop: asyncio.Event) -> None:
    """Touch ``path`` now and every :data:`HEARTBEAT_PERIOD` s while the bot polls, until ``stop``."""
    file = Path(path)
    while not stop.is_set():
        if bot.polling:
            file.parent.mkdir(parents=True, exist_ok=True)
            file.touch()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), HEARTBEAT_PERIOD)


async def _run_webhook(bot: TelegramBot, settings: Any, stop: asyncio.Event) -> None:
    """Webhook mode: start the Application, serve the webhook and ``/healthz`` on ``LISTEN_PORT``,
    register the webhook with Telegram (``setWebhook`` with the secret token), run until ``stop``."""
    if not settings.telegram_webhook_url:
        raise TelegramStartupError(_("TELEGRAM_MODE=webhook needs TELEGRAM_WEBHOOK_URL."))
    secret = settings.telegram_webhook_secret.get_secret_value() if settings.telegram_webhook_secret else ""
    if not secret:
        raise TelegramStartupError(_("TELEGRAM_MODE=webhook needs TELEGRAM_WEBHOOK_SECRET."))
    await bot.start_app()
    server = WebhookServer(
        bot,
        path=webhook_path(settings.telegram_webhook_url),
        secret=secret,
        healthy=bot.service.store.ping,
    )
    try:
        await server.start("0.0.0.0", settings.listen_port)
        await bot.app.bot.set_webhook(
            settings.telegram_webhook_url, secret_token=secret, allowed_updates=ALLOWED_UPDATES
        )
        await stop.wait()
    finally:
        await server.stop()  # no new updates; the stored ones are handled now or after the next start
        await bot.stop()
