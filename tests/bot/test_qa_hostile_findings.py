"""Regression tests for the hostile-tester QA of issue 13: what a tired player typed that was answered
wrongly or not at all.

1. 埋數 (and 重做) after a table was cancelled (撤銷 right after 開枱) said the table had been settled;
   it was never settled, and the reply now says it was cancelled and how to bring it back.
2. A closing full stop (``B 食 A 12番。``, ``計數。``, ``流局。``) was refused or ignored while ``！``
   was accepted; it ends the message like ``！``.  A question mark still asks and books nothing.

Amounts by hand (DESIGN §6): A deals, so 「B 食 A 12番」 is 12 + 底 5 + dealer 1 = 18, a 拉一 chain.
"""

from __future__ import annotations

import pytest

from .conftest import Talk

pytestmark = pytest.mark.asyncio

CANCELLED = (
    "No table is open here: the last one (東 A, 南 B, 西 C, 北 D) was cancelled before anything was played. "
    "撤銷 brings it back; 開枱 A B C D starts a new table."
)


async def test_settle_after_a_cancelled_table_says_it_was_cancelled(talk_en: Talk):
    await talk_en("A", "開枱 A B C D")
    assert (await talk_en("A", "撤銷")).startswith("A cancelled the table")
    assert await talk_en("A", "埋數") == CANCELLED
    assert await talk_en("A", "重做") == CANCELLED
    assert (await talk_en("A", "撤銷")).startswith("A undid: cancelling the table. The table is open again")
    await talk_en("B", "B 食 A 12番")
    assert "Session over (埋數)." in await talk_en("A", "埋數")
    assert (await talk_en("A", "埋數")).startswith("This table has already been settled (埋數).")


async def test_a_closing_full_stop_ends_the_message(talk_zh: Talk):
    await talk_zh("A", "開枱 A B C D")
    reply = await talk_zh("B", "B 食 A 12番。")
    assert reply.startswith("B 食 A：12番\n  A → B：18（12番 + 底 5 + 莊 1）\n拉一：A 欠 B 18")
    assert (await talk_zh("B", "計數。")).startswith("第2鋪，東圈，B 做莊")
    assert (await talk_zh("C", "流局。")).startswith("流局：臭莊，莊家連莊。")
    seq = await talk_zh.seq()
    assert (await talk_zh("B", "B 食 A 12番？")).startswith("番數「12番」後面仲有「?」")
    assert await talk_zh.seq() == seq  # a question books nothing
