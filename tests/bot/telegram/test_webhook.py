"""Webhook mode in one process: the secret token is checked, updates are answered 200 at once and then
booked, bad bodies are 400, ``/healthz`` reports the Application and the database."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from types import SimpleNamespace

import aiohttp
import pytest
import pytest_asyncio
from pydantic import SecretStr

from taipai.bot.service import Service
from taipai.bot.store import Store, sqlite_url
from taipai.bot.telegram import TelegramBot, TelegramStartupError, run_telegram
from taipai.bot.telegram.webhook import SECRET_HEADER, WebhookServer, webhook_path

from .conftest import ANN, GROUP
from .fakebotapi import FakeBotAPI

SECRET = "s3cret-token_1"


@dataclass
class Hook:
    api: FakeBotAPI
    server: WebhookServer
    store: Store
    http: aiohttp.ClientSession

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.port}/tg/hook"

    async def post(self, body: bytes | dict, secret: str | None = SECRET) -> int:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers = {SECRET_HEADER: secret} if secret is not None else {}
        async with self.http.post(self.url, data=data, headers=headers) as resp:
            return resp.status


@pytest_asyncio.fixture
async def hook(tmp_path) -> AsyncIterator[Hook]:
    async with FakeBotAPI() as api:
        store = await Store.open(sqlite_url(tmp_path / "wh.db"))
        bot = TelegramBot(Service(store, locale="en"), api.token, base_url=api.base_url, group_rate=None)
        await bot.start_app()
        server = WebhookServer(bot, path="/tg/hook", secret=SECRET, healthy=store.ping)
        await server.start("127.0.0.1", 0)
        try:
            async with aiohttp.ClientSession() as http:
                yield Hook(api, server, store, http)
        finally:
            await server.stop()
            await bot.stop()
            await store.close()


def test_the_webhook_path_is_the_path_of_the_public_url():
    assert webhook_path("https://bot.example.org/telegram/abc") == "/telegram/abc"
    assert webhook_path("https://bot.example.org") == "/"


@pytest.mark.asyncio
async def test_an_update_with_the_secret_is_200_and_booked(hook: Hook):
    update = hook.api.text_update(GROUP, ANN, "開枱 A B C D")
    assert await hook.post(update) == 200
    reply = await hook.api.wait_for(lambda _c: hook.api.sent(GROUP))
    assert reply[0].params["text"].startswith("Table open")
    assert reply[0].params["reply_parameters"]["message_id"] == update["message"]["message_id"]


@pytest.mark.asyncio
async def test_a_wrong_or_missing_secret_is_403_and_nothing_is_booked(hook: Hook):
    assert await hook.post(hook.api.text_update(GROUP, ANN, "開枱 A B C D"), secret="guess") == 403
    assert await hook.post(hook.api.text_update(GROUP, ANN, "開枱 A B C D"), secret=None) == 403
    # A good update after them is processed; had the refused ones been queued they would come first.
    assert await hook.post(hook.api.text_update(GROUP, ANN, "/help")) == 200
    await hook.api.wait_for(lambda _c: hook.api.sent(GROUP))
    assert len(hook.api.sent(GROUP)) == 1
    assert await hook.store.latest_session() is None


@pytest.mark.asyncio
async def test_a_body_that_is_not_an_update_is_400(hook: Hook):
    assert await hook.post(b"not json") == 400
    assert await hook.post(b"[1, 2]") == 400
    assert await hook.post({"message": "no update_id"}) == 400


@pytest.mark.asyncio
async def test_the_200_does_not_wait_for_the_booking(hook: Hook):
    """The answer comes before the update is processed: with the service blocked, the POST is still 200."""
    gate = asyncio.Event()
    service = hook.server.bot.service
    real = service.handle

    async def blocked(*args, **kwargs):
        await gate.wait()
        return await real(*args, **kwargs)

    service.handle = blocked  # type: ignore[method-assign]
    assert await hook.post(hook.api.text_update(GROUP, ANN, "開枱 A B C D")) == 200
    assert hook.api.sent(GROUP) == []
    gate.set()
    await hook.api.wait_for(lambda _c: hook.api.sent(GROUP))
    assert len(hook.api.sent(GROUP)) == 1


@pytest.mark.asyncio
async def test_healthz_reports_the_database(hook: Hook):
    async with hook.http.get(f"http://127.0.0.1:{hook.server.port}/healthz") as resp:
        assert (resp.status, await resp.text()) == (200, "ok")

    async def down() -> bool:
        raise OSError("connection refused")

    hook.server.healthy = down
    async with hook.http.get(f"http://127.0.0.1:{hook.server.port}/healthz") as resp:
        assert (resp.status, await resp.text()) == (503, "unavailable")


@pytest.mark.asyncio
async def test_webhook_mode_needs_the_url_and_the_secret(tmp_path):
    store = await Store.open(sqlite_url(tmp_path / "x.db"))
    base = {
        "telegram_bot_token": SecretStr("1:x"),
        "telegram_api_base_url": None,
        "telegram_mode": "webhook",
        "listen_port": 0,
    }
    try:
        service = Service(store)
        no_url = SimpleNamespace(**base, telegram_webhook_url=None, telegram_webhook_secret=SecretStr(SECRET))
        with pytest.raises(TelegramStartupError, match="TELEGRAM_WEBHOOK_URL"):
            await run_telegram(no_url, service, asyncio.Event())
        no_secret = SimpleNamespace(
            **base, telegram_webhook_url="https://x.org/h", telegram_webhook_secret=None
        )
        with pytest.raises(TelegramStartupError, match="TELEGRAM_WEBHOOK_SECRET"):
            await run_telegram(no_secret, service, asyncio.Event())
    finally:
        await store.close()
