"""A 字牌 table of three on Discord (issue 18 item 4): /newgame without ``north``, three seat buttons, the
record flow's winner select among three, /lang 简体中文.

By hand (字牌, 底 1, 點炮 全包): B wins 10 on C's discard: C pays for both losers, 2 × 10 = 20."""

from __future__ import annotations

import pytest

from taipai.bot.discord.client import chat_of
from taipai.bot.service import Service
from tests.bot.discord.harness import CHANNEL_ID, DiscordHarness, Person

pytestmark = pytest.mark.asyncio

A = Person(1001, "A", admin=True)


async def test_newgame_of_three_and_a_win(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as h:
        (opened,) = await h.slash(A, "newgame", east="A", south="B", west="C", game="zipai")
        assert opened.shown[1].startswith("開枱：東 A、南 B、西 C。A 做莊。")
        assert opened.shown[2] == ["坐東", "坐南", "坐西", "📝 記牌"]
        calls = await h.slash(A, "win", winner="B", discarder="C", hand="10")
        assert calls[0].shown[1].splitlines()[:2] == ["B 食 C：10油", "C 俾 B HK$20"]
        (lang,) = await h.slash(A, "lang", language="zh_Hans")
        assert lang.shown[1] == "语言已切换为简体中文。"
        _seq, state = await service.state_of(await store.open_session(chat_of(CHANNEL_ID)))
    assert state.names == ("A", "B", "C") and state.owed() == {"A": 0, "B": 20, "C": -20}
