"""廣東 雞平和 (guangdong) at a chat table (issue 17 Build 1): 開枱 A B C D 雞平和 / 廣東麻將 / guangdong, an
evening with the money worked by hand from seed 001, 包 and 搶槓, 一炮三響, undo, 規則, 計番, 聽 and 埋數, in
English and in Cantonese.

Money: 「番是2倍的意思」: a win is worth 2^番 × 底; the discarder pays it, on a self-draw each of the three
(issue 17 「On a discard the discarder pays; on a self-draw each pays」).
"""

from __future__ import annotations

import pytest

from taipai.bot.service.parse import OpenTable, parse_command

from .conftest import Talk, opened_table

ALL_CHOWS = "一二三萬 四五六萬 七八九筒 二三四索 五索 食 五索"
"""平和 1番: four chows, 五索 eyes."""
CAPPED = "一一一萬 九九九筒 中中中 二二二索 五索 摸 五索"
"""碰碰和 2 + 自摸 1 + 箭刻 1 = 4, capped at 爆和 3."""
KONG_DRAW = "槓 二二二二索 一二三萬 四五六萬 七八九筒 五索 摸 五索 槓上"
"""雞和 0 + 自摸 1, lifted to 3 by 槓上開花 (the floor row shows + 2)."""


def test_the_words_at_the_opening_pick_guangdong_and_not_hk_old() -> None:
    for word in ("雞平和", "鸡平和", "廣東麻將", "guangdong"):
        assert parse_command(f"開枱 A B C D {word}") == OpenTable(("A", "B", "C", "D"), system="guangdong")
    assert parse_command("開枱 A B C D 廣東牌") == OpenTable(("A", "B", "C", "D"), system="hk-old")
    assert parse_command("/newgame A B C D guangdong") == OpenTable(
        ("A", "B", "C", "D"), system="guangdong", slash=True
    )


@pytest.mark.asyncio
async def test_an_evening_of_guangdong_with_the_money_by_hand(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 雞平和", locale="en")
    assert (await talk.state()).system == "guangdong"

    # 平和 1番 on A's discard: A alone pays 2^1 = 2
    assert (await talk("B", f"B 食 A {ALL_CHOWS}")).splitlines()[:3] == [
        "B wins on A's discard: 1 fan",
        "  平和: 1 fan",
        "A pays B HK$2",
    ]
    # 碰碰和 2 + 自摸 1 + 箭刻 1 = 4, 爆和 3: 8 from each
    capped = (await talk("C", f"C 自摸 {CAPPED}")).splitlines()
    assert capped[0] == "C self-draws (自摸): 3 fan"
    assert capped[5:8] == ["A pays C HK$8", "B pays C HK$8", "D pays C HK$8"]
    assert await talk.owed() == {"A": -10, "B": -6, "C": 24, "D": -8}

    # 包自摸 (十二張落地 on A's discard): A pays the three shares, 3 × 8
    assert (await talk("D", "D 自摸 3番 十二張 A包")).splitlines()[1] == (
        "A pays D HK$24 (包自摸: A pays all three shares, 8 each)"
    )
    # 搶槓: B robs C's kong with a 1番 hand, floored at 3番: C pays 3 × 8
    assert (await talk("B", "B 搶槓 C 1番")).splitlines()[1] == (
        "C pays B HK$24 (搶槓: a hand under 3番 is paid as 3番 + "
        "搶槓: C pays all three shares, 8 each (搶槓和等同槓開))"
    )
    assert await talk.owed() == {"A": -34, "B": 18, "C": 0, "D": 16}

    # undo the 搶槓
    assert (await talk("A", "撤銷")).splitlines()[0] == "A undid: B robs C's kong (搶槓): 1 fan."
    assert await talk.owed() == {"A": -34, "B": -6, "C": 24, "D": 16}

    # 一炮三響 on A's discard, bare counts 0, 1 and 4: the floor makes the first two 3番: 8 + 8 + 16
    triple = (await talk("B", "B 食 A 0番; C 食 A 1番; D 食 A 4番")).splitlines()
    assert [x for x in triple if x.startswith("A pays")] == [
        "A pays B HK$8 (一炮三響: a hand under 3番 is paid as 3番)",
        "A pays C HK$8 (一炮三響: a hand under 3番 is paid as 3番)",
        "A pays D HK$16",
    ]
    assert await talk.owed() == {"A": -66, "B": 2, "C": 32, "D": 32}

    # 槓上開花: 雞和 0 + 自摸 1, lifted to 3: 8 from each
    kong = (await talk("D", f"D 自摸 {KONG_DRAW}")).splitlines()
    assert kong[:4] == ["D self-draws (自摸): 3 fan", "  雞和: 0 fan", "  自摸: 1 fan", "  槓上開花: 2 fan"]
    assert await talk.owed() == {"A": -74, "B": -6, "C": 24, "D": 56}

    settled = (await talk("A", "埋數")).splitlines()
    assert "Sum of the balances: 0 (zero-sum)" in settled


@pytest.mark.asyncio
async def test_the_dealer_stays_on_a_dealer_win_and_among_several_winners(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D guangdong", locale="en")
    await talk("A", "A 自摸 1番")
    assert ((await talk.state()).dealer, (await talk.state()).streak) == ("A", 1)
    await talk("A", "A 食 B 1番; C 食 B 1番")  # 一炮雙響 with the dealer among the winners
    assert (await talk.state()).dealer == "A"
    await talk("A", "流局")
    assert (await talk.state()).dealer == "A"
    await talk("C", "C 食 A 1番")
    assert (await talk.state()).dealer == "B"


@pytest.mark.asyncio
async def test_rules_calc_and_waits_at_a_guangdong_table_in_cantonese(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 廣東麻將")
    rules = (await talk("A", "規則")).splitlines()
    assert rules[2:5] == [
        "  爆和 = 3番（雞和、平和、碰碰和、混一色連自摸、門風、圈風、箭刻，最多計到咁多）",
        "  保底 = 3番（一炮三響、槓上開花、海底撈月同搶槓，唔夠都當咁多計）",
        "  銃 = 出銃者俾（出銃嗰個自己一家俾 2^番 × 底）",
    ]
    before = await talk.seq()
    calc = (await talk("B", f"計番 {ALL_CHOWS}")).splitlines()
    assert calc[:2] == ["計番（雞平和，食）：1番", "  平和：1番"]
    assert "照呢張枱嘅設定，糊家一共收 HK$2。" in calc
    assert (await talk("B", "聽 一二三萬 四五六萬 七八九筒 二三四索 五索")).splitlines() == [
        "雞平和聽 二索 五索，大嘅排先：",
        "二索：食 1番（HK$2）、自摸 2番（HK$12）",
        "五索：食 1番（HK$2）、自摸 2番（HK$12）",
    ]
    assert await talk.seq() == before  # 計番 and 聽 book nothing
    assert await talk("A", "規則 銃 半銃") == "改咗規則：銃 = 半銃（出銃嗰個出一份，另外兩家每家出半份）。"
    assert (await talk("B", "B 食 A 3番")).splitlines()[1:4] == [
        "A 俾 B HK$8（半銃：出銃嗰個出一份）",
        "C 俾 B HK$4（半銃：冇出銃都要出半份，一份係 8）",
        "D 俾 B HK$4（半銃：冇出銃都要出半份，一份係 8）",
    ]
    # another game's word and a bad setting are refused in Cantonese, nothing booked
    before = await talk.seq()
    assert (await talk("B", f"B 食 A {ALL_CHOWS} 叮")).startswith("雞平和 冇「叮」呢樣，唔好寫佢。")
    assert (await talk("A", "規則 爆和 多")).startswith("「多」")
    assert await talk.seq() == before
