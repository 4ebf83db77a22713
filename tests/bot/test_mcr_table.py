"""國標 (Chinese Official, MCR) at a chat table (issue 16 Build 3): 開枱 A B C D 國標 / /newgame … mcr, the ledger
money, undo, 埋數, 計番 and 聽, with the payments worked by hand.

Money (issue 16, Build 1): 「on a discard, the discarder pays 8 + 番 and each other player 8; on a self-draw,
each pays 8 + 番. No dealer bonus.」  Seed 002: 「8番起和，花牌不計入起和番」.
"""

from __future__ import annotations

import pytest

from taipai.bot.service.parse import OpenTable, parse_command

from .conftest import Talk, opened_table

STRAIGHT = "一二三四五六七八九萬 一二三索 五筒 食 五筒"
"""清龍 16 + 門前清 2 + 平和 2 + 喜相逢 1 + 單釣將 1 = 22番 (pymahjonggb gives the same five fans)."""


def test_the_words_at_the_opening_pick_mcr() -> None:
    for word in ("國標", "mcr", "MCR"):
        assert parse_command(f"開枱 A B C D {word}") == OpenTable(("A", "B", "C", "D"), system="mcr")
    assert parse_command("/newgame A B C D mcr") == OpenTable(("A", "B", "C", "D"), system="mcr", slash=True)


@pytest.mark.asyncio
async def test_an_evening_of_mcr_with_the_money_by_hand(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 國標", locale="en")
    assert (await talk.state()).system == "mcr"

    # B wins 10番 on A's discard: A pays 8 + 10 = 18, C and D 8 each
    assert (await talk("B", "B 食 A 10番")).splitlines()[1:4] == [
        "A pays B HK$18",
        "C pays B HK$8",
        "D pays B HK$8",
    ]
    assert await talk.owed() == {"A": -18, "B": 34, "C": -8, "D": -8}

    # C self-draws 9番: each pays 8 + 9 = 17 (no dealer bonus: B deals now and pays the same)
    assert (await talk("C", "C 自摸 9番")).splitlines()[1:4] == [
        "A pays C HK$17",
        "B pays C HK$17",
        "D pays C HK$17",
    ]
    assert await talk.owed() == {"A": -35, "B": 17, "C": 43, "D": -25}

    # 8番起和: a 5番 win is refused and books nothing
    before = await talk.seq()
    assert await talk("D", "D 食 C 5番") == (
        "5 fan is below this table's minimum of 8 fan (起和): a win needs at least 8 fan."
    )
    assert await talk.seq() == before

    # undo takes back the self-draw
    assert (await talk("C", "撤銷")).splitlines()[0] == "C undid: C self-draws (自摸): 9 fan."
    assert await talk.owed() == {"A": -18, "B": 34, "C": -8, "D": -8}

    # a hand message at the table: 22番 on D's discard: D pays 8 + 22 = 30, A and C 8 each
    booked = (await talk("B", f"B 食 D {STRAIGHT}")).splitlines()
    assert booked[0] == "B wins on D's discard: 22 fan"
    assert booked[1:3] == ["  清龍: 16 fan", "  平和: 2 fan"]
    assert booked[6:9] == ["D pays B HK$30", "A pays B HK$8", "C pays B HK$8"]
    assert await talk.owed() == {"A": -26, "B": 80, "C": -16, "D": -38}

    settled = (await talk("A", "埋數")).splitlines()
    assert "Sum of the balances: 0 (zero-sum)" in settled
    assert settled[-3:] == ["  D pays B HK$38", "  A pays B HK$26", "  C pays B HK$16"]


@pytest.mark.asyncio
async def test_calc_and_waits_at_an_mcr_table(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 國標", locale="en")
    before = await talk.seq()
    calc = (await talk("A", f"計番 {STRAIGHT}")).splitlines()
    assert calc[0] == "計番 at Chinese Official (國標), on a discard: 22 fan"  # no 底 in 國標's count
    assert "Reading: 一二三萬 四五六萬 七八九萬 一二三索 五五筒" in calc
    assert "The winner collects HK$46 in all at this table's settings." in calc  # 30 + 8 + 8
    # self-drawn: 清龍 16 + 不求人 4 (not 門前清 and 自摸) + 平和 2 + 喜相逢 1 + 單釣將 1 = 24, 3 × (8 + 24) = 96
    assert (await talk("A", "聽 一二三四五六七八九萬 一二三索 五筒")).splitlines()[1] == (
        "五筒: on a discard 22 fan (HK$46), self-drawn 24 fan (HK$96)"
    )
    assert await talk.seq() == before


@pytest.mark.asyncio
async def test_an_mcr_table_in_cantonese_refuses_another_games_unit(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 國標")
    assert (await talk("B", "B 食 A 12台")) == "國標係計番嘅，唔收「台」：寫 12番，例如 B 食 A 12番。"
    assert (await talk("B", "B 食 A 12番")).splitlines()[1:4] == [
        "A 俾 B HK$20",
        "C 俾 B HK$8",
        "D 俾 B HK$8",
    ]


SEVEN = "二三四五六七萬 三四五筒 六七八索 二筒 食 二筒"
"""門前清 2 + 平和 2 + 斷幺 2 + 連六 1 = 7番 (二筒 or 五筒 wait: no 單釣將), under 8番起和."""


@pytest.mark.asyncio
async def test_a_hand_under_the_minimum_is_refused_in_the_games_unit(store) -> None:
    zh: Talk = await opened_table(store, "開枱 A B C D 國標")
    reply = (await zh("D", f"D 食 C {SEVEN}")).splitlines()
    assert reply[0] == "呢副牌計到 7番："
    assert sorted(reply[1:5]) == ["  平和：2番", "  斷幺：2番", "  連六：1番", "  門前清：2番"]
    assert reply[5] == "7番 唔夠呢張枱嘅起和 8番：食糊最少要 8番。"
    assert await zh("D", "D 食 C 5番") == "5番 唔夠呢張枱嘅起和 8番：食糊最少要 8番。"
    assert await zh.seq() == 1  # only the opening
    en: Talk = await opened_table(store, "開枱 A B C D 國標", locale="en")
    assert (await en("D", f"D 食 C {SEVEN}")).splitlines()[0] == "The hand comes to 7 fan:"
