"""戰績, 排行榜 and 新賽季 on Discord (issue 15 item 6, through Discord), deferred and answered in the
channel's language.

By hand: B 食 A 12番 while A deals: A pays B 12 + 底 5 + 莊 1 = 18 (at HK$1 a fan: HK$18).
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from taipai.bot.service import Service
from tests.bot.discord.harness import DiscordHarness, Person

pytestmark = [pytest.mark.asyncio, pytest.mark.both_databases]

A = Person(1001, "A", admin=True)
B = Person(1002, "B")


async def test_stats_leaderboard_and_a_new_season(store, monkeypatch):
    async with DiscordHarness(Service(store), monkeypatch) as h:
        await h.slash(A, "newgame", east="A", south="B", west="C", north="D")
        await h.slash(B, "sit", seat="B")
        await h.slash(B, "win", winner="B", discarder="A", hand="12")
        stats = await h.slash(B, "stats", period="session")
        board = await h.slash(B, "leaderboard", period="all")
        refused = await h.slash(B, "season")
        season = await h.slash(A, "season")
    assert [c.kind for c in stats] == ["defer", "followup"]
    lines = (stats[1].content or "").splitlines()
    assert "  B：食1/1鋪（自摸0）、出銃0、最大12番（第1鋪）、+HK$18" in lines
    assert "  A：食0/1鋪（自摸0）、出銃1、最大未有、-HK$18" in lines
    assert [c.kind for c in board] == ["defer", "followup"]
    assert (board[1].content or "").splitlines()[1:3] == [
        "  1. B +HK$18：食1/1鋪（100%）",
        "  2. C HK$0：食0/1鋪（0%）",
    ]
    assert [c.kind for c in refused] == ["response"]  # /season is quick: one plain answer
    today = datetime.now(ZoneInfo("Asia/Hong_Kong"))  # the season began with the table, today
    assert refused[0].content == (
        f"B：只有群組管理員或者開上一張枱嘅人先可以開新賽季。而家係第1季，{today.month}月{today.day}日開始。"
    )
    assert (season[0].content or "").startswith("第2季由而家")
