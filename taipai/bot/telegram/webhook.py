"""Telegram webhook mode (``TELEGRAM_MODE=webhook``): an aiohttp server in front of the Application.

Several worker processes can run it behind one load balancer on one PostgreSQL database: each
stores the updates it receives in the shared inbox, and a chat's stored updates are handled by the
one worker holding that chat's lease (:mod:`taipai.bot.delivery`); the inbox's unique ``update_id``
and the events' ``(platform, chat_id, source_message_id)`` key make an update delivered twice (even
to two workers) stored once and booked once.

- ``POST <path of TELEGRAM_WEBHOOK_URL>``: the header ``X-Telegram-Bot-Api-Secret-Token`` must equal
  ``TELEGRAM_WEBHOOK_SECRET`` (403 otherwise; compared in constant time).  A good update is stored
  in the inbox (committed) and THEN answered ``200``, before it is handled (Telegram wants a fast
  answer and retries slow ones): a worker killed after the 200 loses nothing.  When the database
  cannot store it the answer is ``503`` (Telegram delivers it again later); a body that is not an
  update is ``400``.
- ``GET /healthz``: ``200 ok`` while the Application runs and the database answers ``SELECT 1``,
  else ``503`` (the Docker ``HEALTHCHECK`` in webhook mode).

The server uses aiohttp (already installed with discord.py), so python-telegram-bot's tornado-based
``[webhooks]`` extra is not needed.
"""

from __future__ import annotations

import hmac
import json
import logging
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

from aiohttp import web
from sqlalchemy.exc import SQLAlchemyError
from telegram import Update

from taipai.bot.telegram.adapter import ALLOWED_UPDATES, TelegramBot

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
HEALTH_PATH = "/healthz"
__all__ = ["ALLOWED_UPDATES", "HEALTH_PATH", "SECRET_HEADER", "WebhookServer", "webhook_path"]


def webhook_path(url: str) -> str:
    """The path Telegram posts to: the path of ``TELEGRAM_WEBHOOK_URL`` (``/`` when it has none)."""
    return urlsplit(url).path or "/"


class WebhookServer:
    """The HTTP side of webhook mode for one :class:`TelegramBot` (whose Application is started).

    Args:
        bot: the bot (started with :meth:`TelegramBot.start_app`); updates go to its inbox.
        path: the webhook path (see :func:`webhook_path`).
        secret: the expected secret token; ``None`` accepts any request (only for a private network).
        healthy: an awaitable check for ``/healthz`` (e.g. the database answers); default always true.
    """

    def __init__(
        self,
        bot: TelegramBot,
        *,
        path: str,
        secret: str | None,
        healthy: Callable[[], Awaitable[bool]] | None = None,
    ) -> None:
        self.bot = bot
        self.path = path
        self.secret = secret
        self.healthy = healthy
        self.port = 0
        self._runner: web.AppRunner | None = None

    def application(self) -> web.Application:
        """The aiohttp application (the webhook route and ``/healthz``)."""
        app = web.Application(client_max_size=1 << 20)
        app.router.add_post(self.path, self._on_update)
        app.router.add_get(HEALTH_PATH, self._on_health)
        return app

    async def start(self, host: str, port: int) -> None:
        """Listen on ``host:port`` (``port`` 0: any free port, then in :attr:`port`)."""
        self._runner = web.AppRunner(self.application(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        addresses = self._runner.addresses  # aiohttp's public view of the bound sockets
        self.port = addresses[0][1] if addresses else port

    async def stop(self) -> None:
        """Stop accepting requests (updates already stored are handled by the bot, now or after a restart)."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _on_update(self, request: web.Request) -> web.Response:
        if self.secret is not None:
            given = request.headers.get(SECRET_HEADER, "")
            if not hmac.compare_digest(given.encode(), self.secret.encode()):
                return web.Response(status=403, text="forbidden")
        try:
            data = json.loads(await request.read())
            if not isinstance(data, dict) or not isinstance(data.get("update_id"), int):
                raise ValueError("not an Update object")
            Update.de_json(data, self.bot.app.bot)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            log.warning("webhook: a body that is not an update (%s)", type(exc).__name__)
            return web.Response(status=400, text="not an update")
        try:
            await self.bot.receive(data)
        except SQLAlchemyError as exc:
            log.error(
                "webhook: cannot store an update (%s); Telegram will deliver it again", type(exc).__name__
            )
            return web.Response(status=503, text="unavailable")
        return web.Response(text="ok")

    async def _on_health(self, request: web.Request) -> web.Response:
        ok = self.bot.app.running
        if ok and self.healthy is not None:
            try:
                ok = await self.healthy()
            except Exception:  # any failure of the check is "unhealthy", never a crash
                ok = False
        return web.Response(status=200 if ok else 503, text="ok" if ok else "unavailable")
