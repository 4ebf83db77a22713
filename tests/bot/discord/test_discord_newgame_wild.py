"""/newgame's ``wild`` and ``treasure`` options on Discord (issue 17 item 3): seed 001's wildcard scheme and
寶牌 booked in the one 開枱 event, as ``開枱 A B C D 百搭 窗 四萬 寶牌 四萬`` does; refused with the game's
name at a game without wildcards, nothing opened."""

from __future__ import annotations

import pytest

from taipai.bot.discord.client import chat_of
from taipai.bot.service import Service
from tests.bot.discord.harness import CHANNEL_ID, DiscordHarness, Person

pytestmark = pytest.mark.asyncio

A = Person(1001, "A", admin=True)


async def test_newgame_with_a_scheme_and_a_treasure(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as h:
        calls = await h.slash(
            A, "newgame", east="A", south="B", west="C", north="D", wild="窗 四萬", treasure="四萬"
        )
        session = await store.open_session(chat_of(CHANNEL_ID))
        assert session is not None
        seq, state = await service.state_of(session)
    text = "\n".join(c.content or "" for c in calls)
    assert "百搭 = 窗百搭 四萬：呢啲係百搭，每隻當得任何牌：三萬 四萬 五萬 四筒 四索" in text
    assert "寶牌 = 五萬（翻出嘅牌係 四萬）：食糊嗰家每有一隻 五萬 加1番" in text
    assert seq == 1
    assert (state.options.wild_scheme, state.options.treasure) == ("window 4m", "4m")


async def test_newgame_with_a_scheme_at_a_game_without_wildcards_is_refused(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as h:
        calls = await h.slash(
            A, "newgame", east="A", south="B", west="C", north="D", game="hk-old", wild="窗 四萬"
        )
        assert await store.open_session(chat_of(CHANNEL_ID)) is None
    text = "\n".join(c.content or "" for c in calls)
    assert text.startswith("廣東牌 冇百搭，所以冇得定百搭（有百搭嘅玩法：")
