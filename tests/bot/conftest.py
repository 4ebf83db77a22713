"""Shared helpers for the bot tests: a fresh store per test and a chat to talk in."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from taipai.bot.service import Service
from taipai.bot.store import ChatRef, Store, sqlite_url
from taipai.core.table import TableState

CHAT = ChatRef("test", "group-1")


class Talk:
    """A chat in a test: ``await talk("B", "B 食 A 12番")`` returns the joined reply text."""

    def __init__(self, service: Service, chat: ChatRef = CHAT) -> None:
        self.service = service
        self.chat = chat

    async def __call__(self, speaker: str, text: str, message_id: str | None = None) -> str:
        replies = await self.service.handle(self.chat, speaker, text, message_id)
        return "\n".join(r.text for r in replies)

    async def state(self) -> TableState:
        session = await self.service.store.open_session(self.chat)
        assert session is not None
        return (await self.service.state_of(session))[1]

    async def seq(self) -> int:
        session = await self.service.store.latest_session(self.chat)
        return 0 if session is None else await self.service.store.last_seq(session.id)


@pytest_asyncio.fixture
async def store(tmp_path) -> AsyncIterator[Store]:
    s = await Store.open(sqlite_url(tmp_path / "bot.db"))
    try:
        yield s
    finally:
        await s.close()


@pytest_asyncio.fixture
async def talk_en(store) -> Talk:
    return Talk(Service(store, locale="en"))


@pytest_asyncio.fixture
async def talk_zh(store) -> Talk:
    return Talk(Service(store, locale="zh_Hant_HK"))
