"""Telegram webhook mode (``TELEGRAM_MODE=webhook``): an aiohttp server in front of the Application.

Several worker processes can run it behind one load balancer on one PostgreSQL database: each
answers Telegram at once and books through the shared store, whose per-chat advisory lock and the
``(platform, chat_id, source_message_id)`` key make a chat's writes serial and an update delivered
twice (even to two workers) booked once.

- ``POST <path of TELEGRAM_WEBHOOK_URL>``: the header ``X-Telegram-Bot-Api-Secret-Token`` must equal
  ``TELEGRAM_WEBHOOK_SECRET`` (403 otherwise; compared in constant time).  A good update is put on the
  Application's update queue and answered ``200`` before it is processed (Telegram wants a fast
  answer and retries slow ones); a body that is not an update is ``400``.
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
from telegram import Update

from taipai.bot.telegram.adapter import TelegramBot

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
HEALTH_PATH = "/healthz"
ALLOWED_UPDATES = ["message", "edited_message", "callback_query"]


def webhook_path(url: str) -> str:
    """The path Telegram posts to: the path of ``TELEGRAM_WEBHOOK_URL`` (``/`` when it has none)."""
    return urlsplit(url).path or "/"


class WebhookServer:
    """The HTTP side of webhook mode for one :class:`TelegramBot` (whose Application is started).

    Args:
        bot: the bot; updates go to ``bot.app.update_queue``.
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
        server = site._server
        sockets = getattr(server, "sockets", None) or ()
        self.port = sockets[0].getsockname()[1] if sockets else port

    async def stop(self) -> None:
        """Stop accepting requests (updates already queued are still processed by the Application)."""
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
            update = Update.de_json(data, self.bot.app.bot)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            log.warning("webhook: a body that is not an update (%s)", type(exc).__name__)
            return web.Response(status=400, text="not an update")
        await self.bot.app.update_queue.put(update)
        return web.Response(text="ok")

    async def _on_health(self, request: web.Request) -> web.Response:
        ok = self.bot.app.running
        if ok and self.healthy is not None:
            try:
                ok = await self.healthy()
            except Exception:  # any failure of the check is "unhealthy", never a crash
                ok = False
        return web.Response(status=200 if ok else 503, text="ok" if ok else "unavailable")
