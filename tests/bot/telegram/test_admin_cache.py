"""The chat-administrator cache of the Telegram adapter (issue 13 item 5: admins come from the
platform, cached briefly).  A failed ``getChatAdministrators`` (a 429, a network blip) must not make
nobody an admin for the whole :data:`ADMIN_TTL`: the list known before is kept, and the look-up is
tried again after :data:`ADMIN_RETRY` seconds."""

from __future__ import annotations

import types

import pytest
from telegram.error import NetworkError

from taipai.bot.service import Service
from taipai.bot.store import Store, sqlite_url
from taipai.bot.telegram import adapter
from taipai.bot.telegram.adapter import ADMIN_RETRY, ADMIN_TTL, TelegramBot

pytestmark = pytest.mark.asyncio
GROUP = -100777


class Admins:
    """A stand-in for ``Bot.get_chat_administrators``: answers ``ids`` or raises when ``failing``."""

    def __init__(self) -> None:
        self.ids = [11, 12]
        self.failing = False
        self.calls = 0

    async def get_chat_administrators(self, chat_id: int) -> list[types.SimpleNamespace]:
        self.calls += 1
        if self.failing:
            raise NetworkError("connection reset")
        return [types.SimpleNamespace(user=types.SimpleNamespace(id=i)) for i in self.ids]


async def test_a_failed_lookup_keeps_the_known_admins_and_is_retried_soon(tmp_path, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(adapter.time, "monotonic", lambda: now[0])
    async with await Store.open(sqlite_url(tmp_path / "t.db")) as store:
        bot = TelegramBot(Service(store), "1:x")
        fake = Admins()
        bot.app = types.SimpleNamespace(bot=fake)  # only the look-up is exercised
        assert await bot._admin_ids(GROUP) == frozenset({11, 12})
        now[0] += ADMIN_TTL + 1  # the list is stale: asked again, and the look-up fails
        fake.failing = True
        assert await bot._admin_ids(GROUP) == frozenset({11, 12})
        assert fake.calls == 2
        now[0] += ADMIN_RETRY - 1  # within ADMIN_RETRY: not asked again
        assert await bot._admin_ids(GROUP) == frozenset({11, 12})
        assert fake.calls == 2
        fake.failing, fake.ids = False, [13]
        now[0] += 2  # past ADMIN_RETRY (far below ADMIN_TTL): asked again, the new list holds
        assert await bot._admin_ids(GROUP) == frozenset({13})
        assert fake.calls == 3


async def test_a_first_lookup_that_fails_makes_nobody_an_admin_until_it_is_retried(tmp_path, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(adapter.time, "monotonic", lambda: now[0])
    async with await Store.open(sqlite_url(tmp_path / "t.db")) as store:
        bot = TelegramBot(Service(store), "1:x")
        fake = Admins()
        fake.failing = True
        bot.app = types.SimpleNamespace(bot=fake)
        assert await bot._admin_ids(GROUP) == frozenset()
        fake.failing = False
        now[0] += ADMIN_RETRY + 1
        assert await bot._admin_ids(GROUP) == frozenset({11, 12})
