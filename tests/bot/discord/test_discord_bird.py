"""/bird on Discord (issue 16): the slash command books 歡樂麻將's 鳥 right after a win and says whom it
lands on and what it doubled; at a 國標 table it is refused with the game's name, nothing booked.

By hand (seed 002, 大眾場, N = 1): B wins 10番 on C's discard with A dealing: C pays 10.  鳥 三萬 counts
一 A, 二 B, 三 C: the discarder, who pays the 10 once more."""

from __future__ import annotations

import pytest

from taipai.bot.discord.client import chat_of
from taipai.bot.service import Service
from tests.bot.discord.harness import CHANNEL_ID, DiscordHarness, Person

pytestmark = pytest.mark.asyncio

A = Person(1001, "A", admin=True)
ED = Person(1005, "Ed", locale="en-US")


async def test_slash_bird_books_the_bird_at_a_qq_table(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D", game="qq")
        await h.slash(A, "win", winner="B", discarder="C", hand="10")
        calls = await h.slash(A, "bird", tile="三萬")
        _seq, state = await service.state_of(await store.open_session(chat_of(CHANNEL_ID)))
    text = "\n".join(c.content or "" for c in calls)
    assert "鳥 三萬（3，由莊家 A 數起）中 C，佢係出銃嗰個：C 俾雙倍" in text
    assert "C 再俾 B HK$10（由 HK$10 變 HK$20）" in text
    assert state.owed() == {"A": 0, "B": 20, "C": -20, "D": 0}


async def test_slash_bird_at_a_guo_biao_table_is_refused_with_its_name(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D", game="mcr")
        await h.slash(A, "win", winner="B", discarder="C", hand="8")
        calls = await h.slash(A, "bird", tile="三萬")
        seq, _state = await service.state_of(await store.open_session(chat_of(CHANNEL_ID)))
    assert "國標 冇鳥；/help 睇呢張枱記乜嘢。" in "\n".join(c.content or "" for c in calls)
    assert seq == 2  # the table and the win only
