"""A 字牌 win on a card turned from the pile, at the chat table (taipai.systems.zipai.turned): ``B 食 翻
<hand or count>`` (翻牌, 翻出; English ``B wins on turned …``, ``/win B 翻 12``) books 字牌's own
TurnedWin: each loser pays one share (seed 002 ⑶'s general rule), undo and history show it, 戰績 counts it.

Money by hand (底 1, 大字牌): 15油 → A and C pay 15 each; the 28油 hand of seed 002 ⑶'s groups
(tests/systems/zipai/test_zipai_rows.py) → 28 each, where a 點炮 takes 56 from the discarder and a
self-draw 2 × 31 from each."""

from __future__ import annotations

import pytest

from .conftest import opened_table

HAND = "碰 三三三 偎 伍伍伍 提 六六六六 壹貳叄 二七十 八八捌 玖玖 食 玖"
"""28油 taken (食 玖: 碰 玖玖玖)."""


@pytest.mark.asyncio
async def test_a_turned_card_win_books_one_share_from_each_loser(store) -> None:
    zh = await opened_table(store, "開枱 A B C 字牌")
    assert (
        await zh("B", "B 食 翻 15油") == "B 食 翻：15油\nA 俾 B HK$15\nC 俾 B HK$15\n下一鋪：B 做莊；第2鋪。"
    )
    assert (await zh("A", "歷史")).splitlines()[1:4] == [
        "#2 第1鋪：B 食 翻：15油",
        "    A 俾 B HK$15",
        "    C 俾 B HK$15",
    ]
    assert (await zh("A", "撤銷")).splitlines()[0] == "A 撤銷咗：B 食 翻：15油。"
    assert (await zh.state()).balances == {"A": 0, "B": 0, "C": 0}
    reply = await zh("C", f"C 食 翻牌 {HAND}")
    assert reply.splitlines()[:9] == [
        "C 食 翻：28油",
        "  提 六六六六：9油",
        "  偎 伍伍伍：6油",
        "  壹貳叄：6油",
        "  二七十：3油",
        "  碰 玖玖玖：3油",
        "  碰 三三三：1油",
        "A 俾 C HK$28",
        "B 俾 C HK$28",
    ]  # the hand's rows as a 食 shows them (seed 002 ⑶)
    assert (await zh.state()).balances == {"A": -28, "B": -28, "C": 56}
    stats = (await zh("A", "戰績")).splitlines()
    assert "  C：食1/1鋪（自摸0）、出銃0、最大28油（第1鋪）、+HK$56" in stats


@pytest.mark.asyncio
async def test_english_and_slash_forms(store) -> None:
    en = await opened_table(store, "開枱 A B C 硬鬍子", locale="en")
    assert (await en("B", "B wins on turned 12胡")).splitlines()[:3] == [
        "B wins on a turned card (食 翻): 12胡",
        "A pays B HK$12",
        "C pays B HK$12",
    ]
    assert (await en("C", "/win C 翻 11")).splitlines()[0] == "C wins on a turned card (食 翻): 11胡"
    zipai = await opened_table(store, "開枱 A B C 字牌", locale="en", prefix="zipai")
    margin = [x for x in (await zipai("B", f"B wins turned {HAND}")).splitlines() if not x.startswith(" ")]
    assert margin[:3] == [
        "B wins on a turned card (食 翻): 28油",
        "A pays B HK$28",
        "C pays B HK$28",
    ]
    assert await en("A", "A 食 翻出 9胡") == "9胡 is below this table's 起胡 of 10胡."
    assert (await en.state()).balances == {"A": -23, "B": 13, "C": 10}  # 12 from A and C; 11 from A and B


@pytest.mark.asyncio
async def test_one_winner_and_seats(store) -> None:
    zh = await opened_table(store, "開枱 A B C D 字牌")  # A deals: C sits out (數信)
    assert await zh("B", "B 食 翻 12油; D 食 翻 12油") == (
        "翻出嚟嗰隻牌得一家胡：淨係寫一家，B 食 翻 跟住寫副牌或者數目。"
    )
    assert (await zh("C", "C 食 翻 12油")).startswith("C 呢鋪坐低唔打")
    assert await zh.seq() == 1
    assert (await zh("D", "D 食 翻 12油")).splitlines()[1:3] == ["A 俾 D HK$12", "B 俾 D HK$12"]


@pytest.mark.asyncio
async def test_a_mahjong_table_has_no_turned_win(store) -> None:
    talk = await opened_table(store, "開枱 A B C D", locale="en")
    assert (await talk("B", "B 食 翻 12番")).startswith("翻 is not at this table")
    hand = "一二三萬 四五六萬 七八九萬 一二三筒 四五六筒 東東 摸 東"
    assert (await talk("B", f"B wins on turned {hand}")).startswith("turned is not at this table")
    assert await talk.seq() == 1
