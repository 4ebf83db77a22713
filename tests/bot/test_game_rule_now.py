"""``規則 NAME`` without a value at a table of a game other than 港式台牌 (brief Q4 round 2): the
setting now, as the 規則 reply shows it, and how to change it (as ``規則 cut`` says at 港式台牌); it
was only the general 「改設定用 /rules 名 值」.  Nothing is booked; a word that is no setting of the game
keeps the general reply."""

from __future__ import annotations

import pytest

from .conftest import opened_table

HOW = "。要改就打「規則 {name} 新嘅值」（只限開枱嗰位或者群組管理員）。"

CASES = [
    ("雞平和", "爆和", "爆和 = 3番（雞和、平和、碰碰和、混一色連自摸、門風、圈風、箭刻，最多計到咁多）"),
    ("雞平和", "保底", "保底 = 3番（一炮三響、槓上開花、海底撈月同搶槓，唔夠都當咁多計）"),
    ("雞平和", "銃", "銃 = 出銃者俾（出銃嗰個自己一家俾 2^番 × 底）"),
    ("河源", "玩法", "玩法 = 雞胡百搭（成張雞平和嘅表；八隻花係保）"),
    ("國標", "起和", "起和 = 8番（最少要咁多番先食得，花唔計）"),
    ("歡樂", "場", "場 = 大眾場（X = 番 × 中鳥 × 莊家）"),
    ("歡樂", "財神", "財神 = 每鋪自己講（財神 六萬）"),
    ("廣東牌", "銃", "銃 = 全銃（出銃嗰個包晒：自己一份，加另外兩家各半份，即係兩份）"),
    ("台灣牌", "底", "底 = 100"),
]
"""Each game's defaults (seed 001 爆和 3番 and 保底 3番, seed 002 8番起和 and 大眾場, seed 003 底 100)."""


@pytest.mark.asyncio
@pytest.mark.parametrize(("game", "name", "row"), CASES)
async def test_a_setting_named_alone_says_what_it_is(store, game: str, name: str, row: str) -> None:
    talk = await opened_table(store, f"開枱 A B C D {game}")
    before = await talk.seq()
    assert await talk("A", f"規則 {name}") == "而家：" + row + HOW.format(name=name)
    assert await talk.seq() == before


@pytest.mark.asyncio
async def test_the_value_shown_is_the_one_set(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 雞平和 English")
    await talk("A", "/rules 爆和 5")
    assert await talk("A", "/rules 爆和") == (
        "Now: 爆和 = 5番 (雞和, 平和, 碰碰和, 混一色 with 自摸, 門風, 圈風, 箭刻 reach at most this). "
        "Change it with 規則 爆和 and its new value (the table's creator or a chat admin)."
    )


@pytest.mark.asyncio
async def test_a_word_that_is_no_setting_keeps_the_general_reply(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 雞平和")
    assert await talk("A", "規則 xyz") == (
        "改設定用 /rules 名 值，一句可以改幾樣，例如 /rules 底 1 爆和 3（只限開枱嗰位或者群組管理員）。"
    )
