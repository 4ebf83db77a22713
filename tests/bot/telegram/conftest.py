"""Fixtures: a fake Bot API server on 127.0.0.1 and the real python-telegram-bot Application on it."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest_asyncio

from taipai.bot.service import Service
from taipai.bot.store import ChatRef, Store, sqlite_url
from taipai.bot.telegram import TelegramBot

from .fakebotapi import Call, FakeBotAPI

GROUP = -100123
ADMIN_ID = 50  # a chat admin who is not at the table
ANN = FakeBotAPI.user(1, "Ann", lang="en")
BOB = FakeBotAPI.user(2, "Bob")
CAT = FakeBotAPI.user(3, "Cat")
DANIEL = FakeBotAPI.user(4, "Daniel", username="dwong")
ADMIN = FakeBotAPI.user(ADMIN_ID, "Boss")


@dataclass
class Group:
    """One group chat driven through the fake server: ``await g.say(ANN, "計數")`` returns the bot's
    reply call(s) for that message."""

    api: FakeBotAPI
    service: Service
    chat_id: int = GROUP

    @property
    def chat(self) -> ChatRef:
        return ChatRef("telegram", str(self.chat_id))

    def count(self, method: str = "sendMessage") -> int:
        return len(self.api.sent(self.chat_id, method))

    async def say(self, user: dict, text: str, replies: int = 1) -> list[Call]:
        """Post ``text`` as ``user``; wait for ``replies`` new messages from the bot and return them."""
        before = self.count()
        update = await self.api.send_text(self.chat_id, user, text)
        self.last_message_id = update["message"]["message_id"]
        await self.api.wait_for(lambda _calls: self.count() >= before + replies)
        return self.api.sent(self.chat_id)[before:]

    async def press(self, user: dict, message: Call, data: str, replies: int = 1) -> tuple[Call, list[Call]]:
        """Press the button ``data`` under the bot's ``message``; wait for the callback answer and
        ``replies`` new messages; returns (the answer call, the new messages)."""
        assert data in buttons(message), (data, buttons(message))
        before = self.count()
        n_answers = len(self.api.sent(None, "answerCallbackQuery"))
        await self.api.press(self.chat_id, user, message.result["message_id"], data)
        await self.api.wait_for(
            lambda _c: (
                len(self.api.sent(None, "answerCallbackQuery")) > n_answers
                and self.count() >= before + replies
            )
        )
        answer = self.api.sent(None, "answerCallbackQuery")[n_answers]
        return answer, self.api.sent(self.chat_id)[before:]

    async def balances(self) -> dict[str, Any]:
        session = await self.service.store.latest_session(self.chat)
        assert session is not None
        _seq, state = await self.service.state_of(session)
        return dict(state.balances)


def buttons(call: Call) -> list[str]:
    """The callback data of the inline keyboard of a sendMessage call, row by row flattened."""
    markup = call.params.get("reply_markup") or {}
    return [b["callback_data"] for row in markup.get("inline_keyboard", []) for b in row]


def labels(call: Call) -> list[list[str]]:
    """Button labels, by row."""
    markup = call.params.get("reply_markup") or {}
    return [[b["text"] for b in row] for row in markup.get("inline_keyboard", [])]


@contextlib.asynccontextmanager
async def running_bot(
    folder: Path, *, clock: Callable[[], datetime] | None = None, **service_kwargs: Any
) -> AsyncIterator[tuple[Group, TelegramBot]]:
    """The fake Bot API (:data:`GROUP`'s admins: 99 and :data:`ADMIN_ID`), a store in
    ``folder / "tg.db"`` (``clock``: the store's clock; ``None``: the real one), a
    ``Service(store, **service_kwargs)`` and the real python-telegram-bot Application polling the fake,
    started; on exit the fake releases its waiting polls, then the bot stops and the store closes.
    Yields ``(the group chat, the bot)``."""
    async with FakeBotAPI(admins={GROUP: [99, ADMIN_ID]}) as api:
        store = await Store.open(sqlite_url(folder / "tg.db"), clock=clock)
        service = Service(store, **service_kwargs)
        bot = TelegramBot(service, api.token, base_url=api.base_url, poll_timeout=5)
        await bot.start()
        try:
            yield Group(api, service), bot
        finally:
            await api.release()
            await bot.stop()
            await store.close()


@pytest_asyncio.fixture
async def group(tmp_path) -> AsyncIterator[Group]:
    async with running_bot(tmp_path) as (g, _bot):
        yield g
