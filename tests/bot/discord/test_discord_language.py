"""One language per group on Discord (issue 15 item 1, through Discord): in a guild channel every
reply is in the chat's language, whatever a member's client language; /lang sets it for everyone.

By hand: B 食 A 12番 while A deals: A pays B 12 + 底 5 + 莊 1 = 18."""

from __future__ import annotations

import pytest

from taipai.bot.service import Service
from tests.bot.discord.harness import DiscordHarness, Person

pytestmark = [pytest.mark.asyncio, pytest.mark.both_databases]

A = Person(1001, "A", admin=True)  # a zh-TW client
ED = Person(1005, "Ed", locale="en-US")  # a client set to English
OPENED_ZH = "開枱：東 A、南 B、西 C、北 D。A 做莊。"


async def test_a_cantonese_channel_answers_an_english_client_in_cantonese(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        opened = await h.slash(ED, "newgame", east="A", south="B", west="C", north="D")
        assert opened[0].content is not None and opened[0].content.startswith(OPENED_ZH)
        (score,) = await h.slash(ED, "score")
        assert score.content is not None and score.content.startswith("第1鋪，東圈，A 做莊")
        (hand,) = await h.say(ED, "B 食 A 12番")  # a free-text hand, answered in Cantonese too
        assert (
            hand.content
            == "B 食 A：12番\n  A → B：18（12番 + 底 5 + 莊 1）\n拉一：A 欠 B 18\n下一鋪：B 做莊；東圈，第2鋪。"
        )


async def test_lang_en_switches_the_channel_for_everyone(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        (lang,) = await h.slash(A, "lang", language="en")
        assert lang.content == "Language set: English."
        (score,) = await h.slash(A, "score")  # the zh-TW client now reads English
        assert score.content is not None and score.content.startswith("Hand 1, 東 round; A deals")
