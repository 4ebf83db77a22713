"""Seat winds move with the deal, and the wind a player sees is the wind that names them and scores them.

Hong Kong mahjong: the dealer sits 東, the next player counter-clockwise 南, then 西, 北 (DESIGN §6:
the deal passes counter-clockwise).  After A (東 at 開枱) loses the deal to B, B is 東, C 南, D 西 and
A 北: 計數, the other replies that list seats and ``ledger --json`` show that, ``東 自摸`` books B and a
南南南 is 正位 for C, not for B.
"""

from __future__ import annotations

import pytest

from taipai.core.table import state_to_dict

HAND_SOUTH = "一二三萬 四五六萬 七八九筒 二三四索 南南南 中 摸 中"
"""五門齊 10, 門清自摸 5, 獨獨 2, 無花 1, 風牌 1, plus 正位 1 for whoever sits 南 now."""


async def _b_deals(talk) -> None:
    await talk("A", "開枱 A B C D")
    # B wins 12 on C's discard; neither deals: 12 + 底 5 = 17, 拉一 C→B.  The deal passes to B.
    await talk("B", "B 食 C 12番")


@pytest.mark.asyncio
async def test_the_scoreboard_shows_the_seat_winds_of_now(talk_zh):
    talk = talk_zh
    await _b_deals(talk)
    assert await talk("A", "計數") == (
        "第2鋪，東圈，B 做莊\n"
        "  北 A: 0\n"
        "  東 B: 0 （連拉計：+17）\n"
        "  南 C: 0 （連拉計：-17）\n"
        "  西 D: 0\n"
        "拉緊：\n"
        "  拉一：C 欠 B 17"
    )
    # the winds shown are the ones a command uses: 東 is B, 北 is A
    assert (await talk("A", "東 自摸 5番")).startswith("B 自摸：5番\n")
    assert await talk("A", "撤銷") == (
        "A 撤銷咗：B 自摸：5番。\n拉二 → 拉一：C 欠 B 17\n拉一取消：A 唔使再欠 B 11\n"
        "拉一取消：D 唔使再欠 B 11\n下一鋪：B 做莊；東圈，第2鋪。"
    )
    assert (await talk("A", "北 食 東 1番")).startswith("A 食 B：1番\n")


@pytest.mark.asyncio
async def test_replies_that_list_the_seats_show_the_winds_of_now(talk_zh):
    talk = talk_zh
    await _b_deals(talk)
    assert await talk("A", "開枱 A B C D") == "呢度已經開咗枱（北 A、東 B、南 C、西 D）。要開新枱，先「埋數」。"
    assert await talk("A", "B 食 Z 1番") == "Z 唔喺呢張枱。枱上有：北 A、東 B、南 C、西 D。"
    settled = (await talk("A", "埋數")).splitlines()
    assert settled[2:6] == ["  北 A: 0番 = HK$0", "  東 B: +17番 = +HK$17", "  南 C: -17番 = -HK$17", "  西 D: 0番 = HK$0"]


@pytest.mark.asyncio
async def test_a_hand_is_scored_with_the_wind_shown(talk_zh):
    talk = talk_zh
    await _b_deals(talk)
    # C sits 南 now: 南南南 is C's 正位 (20 fan); said as 南, the wind picks C.
    reply = await talk("C", f"南 自摸 {HAND_SOUTH}")
    assert reply.splitlines()[0] == "C 自摸：20番"
    assert "  正位：1番" in reply
    await talk("A", "撤銷")
    # B deals, so B is 東: the same 南南南 is no 正位 for B (19 fan).
    reply = await talk("B", f"東 自摸 {HAND_SOUTH}")
    assert reply.splitlines()[0] == "B 自摸：19番"
    assert "正位" not in reply


@pytest.mark.asyncio
async def test_the_ledger_json_keeps_the_fixed_seat_and_adds_the_wind_of_now(talk_zh):
    talk = talk_zh
    await _b_deals(talk)
    assert state_to_dict(await talk.state())["players"] == [
        {"name": "A", "seat": "東", "balance": 0, "wind": "北"},
        {"name": "B", "seat": "南", "balance": 0, "wind": "東"},
        {"name": "C", "seat": "西", "balance": 0, "wind": "南"},
        {"name": "D", "seat": "北", "balance": 0, "wind": "西"},
    ]


HAND_WEST = "一二三萬 四五六萬 七八九筒 二三四索 西西西 中 摸 中"
"""五門齊 10, 門清自摸 5, 獨獨 2, 無花 1, 風牌 1 (19 fan); 西西西 is 正位 only for whoever sits 西."""


@pytest.mark.asyncio
async def test_a_seat_or_round_wind_said_in_the_hand_gives_way_to_the_table(talk_zh):
    """As 莊 / 連n (the table's dealer and 連莊 count, with a notice), so 門風 (``西位``) and 圈風
    (``南圈``): B deals, so B sits 東 in the 東 round; the hand is scored so, without 正位 or 圈風."""
    talk = talk_zh
    await _b_deals(talk)
    reply = await talk("B", f"B 自摸 {HAND_WEST} 西位 南圈")
    assert reply.splitlines()[:10] == [
        "B 自摸：19番",
        "  五門齊：10番",
        "  門清自摸：5番",
        "  獨獨：2番",
        "  無花：1番",
        "  風牌：1番",
        "  圈風以枱為準：東圈",
        "  門風以枱為準：B 坐東",
        # 19 + 底 5 + dealer 1 (B deals, 連莊 0) from each of the three
        "  A → B：25（19番 + 底 5 + 莊 1）",
        "  C → B：25（19番 + 底 5 + 莊 1）",
    ]
    await talk("A", "撤銷")
    # the winds the table gives are no news: no notice; D sits 西 now, so 西西西 is D's 正位 (20 fan)
    reply = await talk("D", f"D 自摸 {HAND_WEST} 西位 東圈")
    assert reply.splitlines()[0] == "D 自摸：20番" and "  正位：1番" in reply and "以枱為準" not in reply


@pytest.mark.asyncio
async def test_the_wind_notices_in_english_on_a_discard_win(talk_en):
    talk = talk_en
    await _b_deals(talk)
    reply = await talk("C", f"C 食 A {HAND_WEST.replace('摸 中', '食 中')} 北位")
    assert "  The seat wind is the table's: C sits 南" in reply.splitlines()


@pytest.mark.asyncio
async def test_sit_names_the_seat_winds_of_now(talk_zh):
    """``坐 東`` on a platform takes the seat of whoever sits 東 now; a wrong seat lists the winds."""
    from taipai.bot.service.identity import Member

    talk = talk_zh
    await _b_deals(talk)
    zed = Member(user_id="99", display="Zed")

    async def say(text: str) -> str:
        return "\n".join(r.text for r in await talk.service.handle(talk.chat, "Zed", text, member=zed))

    assert await say("坐 X") == "X 唔喺呢張枱。枱上有：北 A、東 B、南 C、西 D。"
    assert await say("坐 東") == "Zed 坐 B（東位）。"
