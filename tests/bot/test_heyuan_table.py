"""河源百搭 (heyuan) at a chat table (issue 17 Build 2): 開枱 A B C D 河源, flowers typed as 保, 飛牌 ×2 and
保釣保 ×4 in the money, 正百搭 as 規則 玩法, 計番 and 聽 with a 保, in Cantonese and English.

Money as 雞平和: 2^番 × 底 (「番是2倍的意思」); 飛牌 adds 1番 (×2: 「"飞牌"成胡后筹码得分翻一番」), 保釣保 2番
(×4: 「按"飞牌"的筹码再翻一番」).
"""

from __future__ import annotations

import pytest

from taipai.bot.service.parse import OpenTable, parse_command

from .conftest import Talk, opened_table

FLYING = "一二三萬 四五六萬 七八九筒 二三四索 春 食 南"
"""平和 1 + 飛牌 1 = 2番: the lone 春 waits as the eyes (any tile completes them)."""
BAO_ON_BAO = "一二三萬 四五六萬 七八九筒 二三四索 春 摸 夏"
"""平和 1 + 自摸 1 + 保釣保 2 = 4番."""
NEEDED = "一二三萬 四五六萬 七八九筒 三索 五索 春 南 食 南"
"""The 保 is the 四索 of 三四五索: 平和 1, no 飛牌."""


def test_the_words_at_the_opening_pick_heyuan() -> None:
    for word in ("河源", "河源百搭", "heyuan"):
        assert parse_command(f"開枱 A B C D {word}") == OpenTable(("A", "B", "C", "D"), system="heyuan")


@pytest.mark.asyncio
async def test_an_evening_of_heyuan_with_the_money_by_hand(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 河源", locale="en")
    assert (await talk.state()).system == "heyuan"
    # 飛牌: 2番, A pays 2^2 = 4
    assert (await talk("B", f"B 食 A {FLYING}")).splitlines()[:4] == [
        "B wins on A's discard: 2 fan",
        "  平和: 1 fan",
        "  飛牌: 1 fan",
        "A pays B HK$4",
    ]
    # 保釣保: 4番, 16 from each
    reply = (await talk("C", f"C 自摸 {BAO_ON_BAO}")).splitlines()
    assert reply[:4] == ["C self-draws (自摸): 4 fan", "  平和: 1 fan", "  自摸: 1 fan", "  保釣保: 2 fan"]
    assert [x for x in reply if " pays C " in x] == ["A pays C HK$16", "B pays C HK$16", "D pays C HK$16"]
    assert await talk.owed() == {"A": -20, "B": -12, "C": 48, "D": -16}
    # the 保 is needed in a set: 平和 1, 2 from the discarder
    assert (await talk("D", f"D 食 A {NEEDED}")).splitlines()[:3] == [
        "D wins on A's discard: 1 fan",
        "  平和: 1 fan",
        "A pays D HK$2",
    ]
    assert (await talk("A", "撤銷")).splitlines()[0].startswith("A undid: D wins on A's discard")
    settled = (await talk("A", "埋數")).splitlines()
    assert "Sum of the balances: 0 (zero-sum)" in settled


@pytest.mark.asyncio
async def test_calc_waits_and_proper_wildcards_in_cantonese(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 河源百搭")
    before = await talk.seq()
    calc = (await talk("D", f"計番 {NEEDED}")).splitlines()
    assert calc[:2] == ["計番（河源百搭，食）：1番", "  平和：1番"]
    assert "搭 保 當 四索" in calc
    assert (await talk("D", "聽 一二三萬 四五六萬 七八九筒 三索 五索 春 南")).splitlines() == [
        "河源百搭聽 四索 南，大嘅排先：",
        "四索：食 1番（HK$2）、自摸 2番（HK$12）",
        "南：食 1番（HK$2）、自摸 2番（HK$12）",
        "保：食 1番（HK$2）、自摸 2番（HK$12）",  # a 保 drawn is the 四索 or the 南
    ]
    assert await talk.seq() == before
    assert await talk("A", "規則 玩法 正百搭") == (
        "改咗規則：玩法 = 正百搭（淨係混一色、碰碰和、清一色、大哥、幺九同十三幺先食得糊）。"
    )
    before = await talk.seq()
    assert (await talk("B", f"B 食 A {NEEDED}")).startswith("正百搭淨係混一色")  # a 平和 is no 正百搭 hand
    assert await talk.seq() == before
    # B sits 南: 混一色 2 + 門風 1 = 3 (爆和), + 飛牌 1 = 4番: 16 from A
    assert (await talk("B", "B 食 A 一二三萬 四五六萬 七八九萬 南南南 春 食 西")).splitlines()[:5] == [
        "B 食 A：4番",
        "  混一色：2番",
        "  門風：1番",
        "  飛牌：1番",
        "A 俾 B HK$16",
    ]


@pytest.mark.asyncio
async def test_a_hand_that_is_no_win_at_a_13_tile_game_says_four_melds(store) -> None:
    en: Talk = await opened_table(store, "開枱 A B C D 雞平和", locale="en")
    assert await en("B", "B 食 A 一一二二三三萬 四四五五筒 六六索 七索 食 七索") == (
        "That is not a winning hand: the tiles do not make 4 melds and a pair, nor a special hand."
    )
    zh: Talk = await opened_table(store, "開枱 A B C D 河源")
    assert await zh("B", "B 食 A 一一二二三三萬 四四五五筒 六六索 七索 食 七索") == (
        "呢副唔係糊牌：湊唔到四組加一對眼，亦唔係特殊牌型。"
    )


@pytest.mark.asyncio
async def test_a_hand_with_bao_is_drawn_with_its_flowers_in_the_hand(store) -> None:
    """計番 … 圖 at 河源百搭: the 保 are drawn as the flowers they are, in the concealed part (the 春 of
    飛牌) or as the winning tile (保釣保's 夏), as other hands' flowers are drawn."""
    from taipai.bot.pictures.hand import Tile, layout
    from taipai.systems.heyuan.picture import picture_spec

    talk: Talk = await opened_table(store, "開枱 A B C D 河源", locale="en")
    replies = await talk.service.handle(talk.chat, "B", f"計番 {FLYING} 圖", None)
    text = "\n".join(r.text for r in replies).splitlines()
    assert text[0] == "計番 at Heyuan Wildcards (河源百搭), on a discard: 2 fan"
    assert "The picture could not be drawn here." not in text
    assert [r.picture is not None for r in replies] == [True]
    lay = layout(picture_spec(BAO_ON_BAO))
    assert len(lay.concealed) == 13 and lay.concealed[-1] == Tile(flower=1)  # 春
    assert lay.winning == Tile(flower=2) and lay.flowers == ()  # 夏, none set aside
    lay = layout(picture_spec("一二三萬 四五六萬 七八九筒 花:春梅 三四索 摸 保"))
    assert lay.concealed[-2:] == (Tile(flower=1), Tile(flower=5)) and lay.winning == Tile(wild="保")
