"""字牌's own words in the bot's shared lines (issue 18; ChatVocabulary.lines, taipai.core.chat.OWN_LINES).

- ``/help`` at a 字牌 table opens a table of three (and the fourth who sits out, seed 002 ⑼ 數信),
  says 荒莊 (⑴ 「如果荒庄，由莊家繼續做莊」), and 計番 counts the table's unit with a 字牌 hand;
  a mahjong table's /help is unchanged.
- 聽's lines under the threshold say 起胡 (⑶ 「胡牌」), not mahjong's 起糊, and cards, not tiles.
- 戰績's footer names every unit a hand is counted in at the registered games (番 台 翻 油 胡 排).
"""

from __future__ import annotations

import pytest

from .conftest import opened_table

NINE = "提 一一一一 三四五 三四五 肆伍陸 肆伍陸 八八捌 九玖"
"""One card short of a 9胡 hand at 硬鬍子 (提 一一一一 9胡, the rest nothing): 九 and 玖 both complete
it at 9胡, under 硬鬍子's 10胡落地 (seed 002 ⑷ 一、1)."""


@pytest.mark.asyncio
async def test_help_at_a_zipai_table_speaks_of_its_game(store) -> None:
    zh = await opened_table(store, "開枱 A B C 字牌")
    lines = (await zh("A", "/help")).splitlines()
    assert lines[2] == (
        "開枱 A B C 大字牌  /newgame A B C 大字牌：三個人開枱（A 做莊先）；開枱 A B C D 大字牌：四個人，"
        "每鋪莊家對家坐低唔打（數信）"
    )
    assert "B 自摸 10油  /selfdraw B 10：B 摸牌胡；另外兩家各自俾（規則 自摸 係 加倍 就每家俾雙倍）" in lines
    assert "荒莊  /draw：呢鋪冇人胡（荒莊；打 流局 都一樣）" in lines
    assert (
        "計番  /calc <牌>：計副牌幾多油，唔記數，例如 計番 碰 三三三 偎 伍伍伍 提 六六六六 壹貳叄 二七十 "
        "八八捌 玖玖 食 玖；聽  /waits <牌>：差一隻就胡嘅牌聽邊幾隻，每隻計幾多"
    ) in lines
    text = "\n".join(lines)
    assert "開枱 A B C D  /newgame" not in text and "流局  /draw" not in text and "幾多番" not in text

    en = await opened_table(store, "開枱 A B C 跑胡子", locale="en", prefix="en")
    lines = (await en("A", "/help")).splitlines()
    assert lines[2].startswith("開枱 A B C 長沙跑胡子  /newgame A B C 長沙跑胡子: a table of three")
    assert "荒莊  /draw: nobody won the hand (荒莊; 流局 is read the same)" in lines
    assert any(
        line.startswith("計番  /calc <hand>: count a hand's 排 without booking it, e.g. 計番 碰")
        for line in lines
    )


@pytest.mark.asyncio
async def test_help_at_a_mahjong_table_keeps_its_lines(store) -> None:
    talk = await opened_table(store, "開枱 A B C D", locale="en")
    lines = (await talk("A", "/help")).splitlines()
    assert lines[2] == "開枱 A B C D  /newgame A B C D: open a table (seats 東 南 西 北, A deals first)"
    assert "流局  /draw: exhaustive draw" in lines
    assert "B 自摸 12番  /selfdraw B 12: B wins by self-draw; each of the three pays" in lines


@pytest.mark.asyncio
async def test_waits_below_qihu_say_qihu_and_cards(store) -> None:
    en = await opened_table(store, "開枱 A B C 硬鬍子", locale="en")
    assert await en("A", f"聽 {NINE}") == (
        "Not waiting for a win at Zipai Hard Huzi (硬鬍子): every card that completes it stays below 起胡.\n"
        "九: on a discard 9胡: below 起胡, self-drawn 9胡: below 起胡\n"
        "玖: on a discard 9胡: below 起胡, self-drawn 9胡: below 起胡"
    )
    assert await en("A", "/waits") == (
        "Write the hand after 聽 without its winning card, e.g. 聽 碰 三三三 偎 伍伍伍 提 六六六六 壹貳叄 "
        "二七十 八八捌 玖玖 (/waits …)."
    )
    zh = await opened_table(store, "開枱 A B C 硬鬍子", prefix="zh")
    assert await zh("A", f"聽 {NINE}") == (
        "硬鬍子未有得胡：胡得成嘅牌都未夠起胡。\n九：食 9胡（未夠起胡）、自摸 9胡（未夠起胡）\n"
        "玖：食 9胡（未夠起胡）、自摸 9胡（未夠起胡）"
    )
    hans = await opened_table(store, "開枱 A B C 硬鬍子", locale="zh_Hans", prefix="hans")
    assert (await hans("A", f"聽 {NINE}")).splitlines()[0] == "硬鬍子还不能胡：胡得成的牌都不够起胡。"


@pytest.mark.asyncio
async def test_mahjong_waits_keep_their_words(store) -> None:
    talk = await opened_table(store, "開枱 A B C D", locale="en")
    assert (await talk("A", "/waits")).startswith("Write the 16 tiles after 聽, without the winning tile")


@pytest.mark.asyncio
async def test_stats_footer_names_every_unit(store) -> None:
    zh = await opened_table(store, "開枱 A B C 字牌")
    await zh("B", "B 食 A 15油")
    assert (await zh("A", "戰績")).splitlines()[-1] == (
        "唔同場以開枱打嘅名認人（同名就當同一個人）。錢係唔同玩法加埋計；最大嗰鋪按單位分開計"
        "（番、台、翻、油、胡、排）。仲可以打：戰績 今晚、本月、賽季、全部；排行榜。"
    )
    en = await opened_table(store, "開枱 A B C D", locale="en", prefix="en")
    await en("B", "B 食 A 8番")
    assert (await en("A", "/stats")).splitlines()[-1] == (
        "Players are matched across sessions by the names typed at 開枱. Money adds up over every game; "
        "the biggest hand is kept per unit (fan, 台, 翻, 油, 胡, 排). Also: /stats session|month|season|all "
        "(戰績 今晚, 本月, 賽季, 全部); /leaderboard (排行榜)."
    )
