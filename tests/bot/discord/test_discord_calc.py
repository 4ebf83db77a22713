"""計番 and 聽 on Discord (issue 15 item 4, through Discord): /calc scores and explains a hand and books
nothing, with the hand's picture on request; /waits lists the winning tiles; both at a 台灣牌 table
too, in its unit (台).

At 港式台牌 the same hand self-drawn is 清龍 20 + 喜相逢×2 10 + 平糊 5 + 老少順 5 + 門清自摸 5 + 獨獨 2 +
無花 1 = 48番, shown with its 底 5: 53.

By hand at 台灣牌 (preset 底 100, 台額 50, 作莊 1台; seed 003 「打100/50 … 作莊 1台」): the hand
一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 中中 self-drawn is 不求.自摸 2 + 門清 1 + 獨聽 1 = 4台; each of
the three pays 100 + 4 × 50 = 300, the dealer 50 more for 作莊: 950.  On a discard 中 is 門清 1 + 獨聽 1
= 2台: 100 + 2 × 50 = 200.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from taipai.bot.discord.client import chat_of
from taipai.bot.service import Service
from tests.bot.discord.harness import CHANNEL_ID, DiscordHarness, Person

pytestmark = pytest.mark.asyncio

A = Person(1001, "A", admin=True)
ED = Person(1005, "Ed", locale="en-US")
HAND = "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 中 摸 中"
WAITING = "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 中"


async def test_calc_with_image_at_hk_taiwan(store, monkeypatch):
    service = Service(store)
    async with DiscordHarness(service, monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        calls = await h.slash(ED, "calc", hand=HAND, image=True)
        seq, _state = await service.state_of(await store.open_session(chat_of(CHANNEL_ID)))
    assert [c.kind for c in calls] == ["defer", "followup"]
    text = calls[1].content or ""
    assert text.startswith("計番（港式台牌，自摸）：48番 + 1 × 底 5 = 53\n  清龍：20番\n")
    assert text.endswith("淨係計番，冇記數。")
    ((name, png),) = calls[1].files
    assert name.endswith(".png")
    Image.open(io.BytesIO(png)).verify()  # a PNG that decodes
    assert seq == 1  # 開枱 only: nothing booked


async def test_calc_and_waits_at_a_taiwan_table(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D", game="taiwan")
        calc = await h.slash(ED, "calc", hand=HAND)
        waits = await h.slash(ED, "waits", tiles=WAITING)
    assert [c.kind for c in calc] == ["defer", "followup"]
    assert calc[1].files == []  # no picture unless asked
    assert (calc[1].content or "").startswith(
        "計番（台灣牌，自摸）：4台\n  不求.自摸：2台\n  門清：1台\n  獨聽：1台\n"
    )
    assert "糊家一共收 HK$950。" in (calc[1].content or "")
    assert [c.kind for c in waits] == ["defer", "followup"]
    assert waits[1].content == "台灣牌聽 中，大嘅排先：\n中：食 2台（HK$200）、自摸 4台（HK$950）"
