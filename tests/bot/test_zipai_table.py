"""A 字牌 table of three through the chat service (issue 18 item 4): 開枱 A B C 字牌, a hand message
counted and paid, bare counts in the table's unit, 計番, three 荒莊 passing the deal, 規則, 埋數; in
Cantonese and English.  Money by hand from seed 002 ⑶ (底 1: a 點炮 pays both shares, a self-draw
doubles)."""

from __future__ import annotations

import pytest

from .conftest import Talk, opened_table

HAND = "碰 三三三 偎 伍伍伍 提 六六六六 壹貳叄 二七十 八八捌 玖玖 食 玖"
"""28油 (tests/systems/zipai/test_zipai_rows.py, test_worked_zipai)."""


@pytest.mark.asyncio
async def test_an_evening_of_zipai_in_cantonese(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C 字牌")
    state = await talk.state()
    assert (state.system, state.names, state.dealer) == ("zipai", ("A", "B", "C"), "A")
    reply = await talk("B", f"/win B A {HAND}")
    # 28油, B wins on A's card: A alone pays both shares, 2 × 28 = 56
    assert reply.splitlines()[0] == "B 食 A：28油"
    assert "A 俾 B HK$56" in reply
    assert "下一鋪：B 做莊；" in reply  # the winner deals next
    reply = await talk("C", "C 自摸 12")
    # each loser pays twice 12: 24 each
    assert reply.splitlines()[1:3] == ["A 俾 C HK$24", "B 俾 C HK$24"]
    assert (await talk.state()).dealer == "C"
    # 9油 under the table's 10油: refused in 字牌's words (起胡, the unit 油)
    assert await talk("A", "A 自摸 9") == "9油 唔夠呢張枱嘅起胡 10油。"
    assert (await talk.state()).balances == {"A": -80, "B": 32, "C": 48}
    for _ in range(2):
        assert "莊家連莊" in await talk("A", "流局")
    reply = await talk("A", "流局")
    assert "過莊，A 做莊" in reply  # the third 荒莊 in a row under C: the next player, A, deals
    calc = await talk("A", f"計番 {HAND}")
    assert calc.splitlines()[0] == "計番（大字牌，食）：28油"
    assert "淨係計番，冇記數。" in calc
    rules = await talk("A", "規則")
    assert "  起胡 = 10（食糊啲牌最少要計夠幾多：油或者胡息）" in rules.splitlines()
    await talk("A", "規則 起胡 15")
    assert await talk("B", "B 自摸 12") == "12油 唔夠呢張枱嘅起胡 15油。"
    settle = await talk("A", "埋數")
    assert "A 俾 C HK$48" in settle or "A 俾 B HK$32" in settle


@pytest.mark.asyncio
async def test_paohuzi_in_english_counts_pai(store) -> None:
    talk = await opened_table(store, "開枱 A B C 跑胡子", locale="en")
    assert (await talk.state()).system == "paohuzi"
    reply = await talk("B", f"/win B A {HAND}")
    # 28胡息 → 9排, 4 red cards +1排: 10排; the discarder pays both shares: 20
    assert reply.splitlines()[:3] == ["B wins on A's discard: 10排", "  28胡息 ÷ 3: 9排", "  4個紅: 1排"]
    assert "A pays B HK$20" in reply
    reply = await talk("A", "/selfdraw A 提 一一一一 三四五 三四五 肆伍陸 肆伍陸 八八捌 九玖 摸 玖")
    assert "9胡息 is below this table's 起胡 of 10胡息" in reply
    assert (await talk.state()).balances == {"A": -20, "B": 20, "C": 0}


@pytest.mark.asyncio
async def test_a_five_name_open_is_refused_at_zipai(store) -> None:
    # three play; a fourth may sit out (數信, tests/bot/test_shuxin_table.py); five is no 字牌 table
    talk = await opened_table(store, "開枱 A B C D E 字牌", locale="en")
    assert await talk.seq() == 0
