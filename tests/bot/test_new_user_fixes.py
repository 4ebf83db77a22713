"""What a new user found playing 國標, 歡樂麻將, 雞平和 and 河源百搭 from the README (issues 16, 17): each
case as the tester typed it, with the reply or the money it must give."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import Talk, opened_table


@pytest.mark.asyncio
async def test_english_multi_winner_lines_read_as_the_cantonese_ones(store) -> None:
    """``B wins A 8; C wins A 8`` is ``B 食 A 8番; C 食 A 8番``: at 國標 (one winner per discard) the
    截和 refusal; at 雞平和 (一炮多響 on) both wins booked, with ``;`` or ``,`` between them."""
    mcr: Talk = await opened_table(store, "開枱 A B C D 國標", locale="en")
    before = await mcr.seq()
    assert (await mcr("A", "B wins A 8; C wins A 8")).startswith(
        "截和: only B, the first after A in turn, wins this discard; nothing was booked."
    )
    assert await mcr.seq() == before
    for line in ("B wins A 1; C wins A 2", "B wins A 1, C wins A 2"):
        table: Talk = await opened_table(store, "開枱 A B C D 雞平和", locale="en")
        reply = (await table("A", line)).splitlines()
        # 2^番 × 底 1: A pays B 2 (1番) and C 4 (2番)
        assert reply[:4] == [
            "B wins on A's discard: 1 fan",
            "C wins on A's discard: 2 fan",
            "A pays B HK$2",
            "A pays C HK$4",
        ], reply
        owed = await table.owed()
        assert (owed["A"], owed["B"], owed["C"], owed["D"]) == (-6, 2, 4, 0)


CONCEALED = "一二三萬 四五六萬 七八九筒 二三四索 五索 摸 五索"


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["雞平和", "河源百搭"])
async def test_bao_needs_one_of_seed_001s_grounds(store, game: str) -> None:
    """Seed 001 has 包 only for 十二张落地包自摸, 大四喜 / 大三元 包自摸, 杠上开花包杠 and 抢杠: a concealed
    平和 self-draw with D包 is refused (nothing booked), so is a bare count that names no ground."""
    talk: Talk = await opened_table(store, f"開枱 A B C D {game}")
    before = await talk.seq()
    reply = await talk("A", f"C 自摸 {CONCEALED} D包")
    assert reply.startswith("D 唔使包晒 C 個自摸：包 只限十二張落地（落咗四副地）、大四喜或者大三元、"), reply
    assert await talk.seq() == before
    reply = await talk("A", "B 自摸 3番 C包")
    assert reply.startswith("淨係講番數，我睇唔到點解要 C 包晒 B 個自摸。"), reply
    assert "B 自摸 3番 十二張 C包（或者 大三元、大四喜、槓上）" in reply
    assert await talk.seq() == before
    # without 包 the same hand is booked, each of the three pays 2^2 = 4
    assert "A 俾 C HK$4" in await talk("A", f"C 自摸 {CONCEALED}")


@pytest.mark.asyncio
async def test_bao_books_each_of_its_grounds(store) -> None:
    """Each ground books the 包: the payer pays the three shares (3 × 2^番 × 底 1)."""
    talk: Talk = await opened_table(store, "開枱 A B C D 雞平和")
    # 十二張落地: four pungs laid down, 碰碰和 2 + 自摸 + 圈風 + 箭刻 capped at 爆和 3: 3 × 8
    assert "D 俾 C HK$24（包自摸：D 包晒三家，每家 8）" in await talk(
        "A", "C 自摸 碰 中中中 碰 東東東 碰 二二二萬 碰 五五五筒 五索 摸 五索 D包"
    )
    # 大三元 6番 (爆和以外): 3 × 64
    assert "D 俾 C HK$192（包自摸：D 包晒三家，每家 64）" in await talk(
        "A", "C 自摸 碰 中中中 碰 發發發 白白 一二三萬 四四萬 摸 白 D包"
    )
    # 槓上開花 on an exposed kong: floored at 3番, 3 × 8
    assert "D 俾 C HK$24（包自摸：D 包晒三家，每家 8）" in await talk(
        "A", "C 自摸 槓 中中中中 一二三萬 四五六萬 七八九筒 五索 摸 五索 槓上開花 D包"
    )
    before = await talk.seq()
    # a 暗槓 was made from nobody's discard: no 杠上开花包杠
    assert (
        await talk("A", "C 自摸 暗槓 中中中中 一二三萬 四五六萬 七八九筒 五索 摸 五索 槓上開花 D包")
    ).startswith("D 唔使包晒 C 個自摸")
    assert await talk.seq() == before
    # a bare count that says its ground
    for ground in ("十二張", "大三元", "大四喜"):
        assert "C 俾 B HK$24（包自摸：C 包晒三家，每家 8）" in await talk("A", f"B 自摸 3番 {ground} C包")
    assert "C 俾 B HK$24" in await talk("A", "B 自摸 1番 槓上 C包")


@pytest.mark.asyncio
async def test_bao_refusal_in_english(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 雞平和", locale="en")
    assert (await talk("A", f"C 自摸 {CONCEALED} D包")) == (
        "D does not pay all of C's self-draw: 包 is only for 十二張落地 (four melds laid down), 大四喜 or "
        "大三元, 槓上開花 on a kong from D's discard (槓 or 明槓 in the hand), and 搶槓 (C 搶槓 D …), and this "
        "hand is none of them. Book the self-draw without 包: each of the three pays."
    )


@pytest.mark.asyncio
async def test_a_bao_ground_word_is_no_kong_at_hk_taiwan(store) -> None:
    """港式台牌's only 包 is 槓上自摸 on an exposed kong: 十二張 said with a count is no kong word there."""
    talk: Talk = await opened_table(store, "開枱 A B C D")
    before = await talk.seq()
    assert (await talk("A", "B 自摸 12番 十二張 C包")).startswith(
        "淨係講番數我睇唔到隻槓，而 包 只限明槓嘅槓上自摸"
    )
    assert await talk.seq() == before


@pytest.mark.asyncio
async def test_a_second_bird_and_a_bird_after_a_draw_say_why(store) -> None:
    """歡樂麻將's 鳥 (seed 002 鳥牌) follows one win: a second one, or one after a 流局, is refused with its
    reason, not the usage line."""
    talk: Talk = await opened_table(store, "開枱 A B C D 歡樂")
    await talk("A", "C 食 D 一二三萬 四五六萬 七八九萬 二三四索 中 食 中 財神 六萬")
    assert "D" in (await talk("A", "/bird 三萬"))
    booked = await talk.seq()
    assert await talk("A", "/bird 三萬") == "呢鋪糊已經記咗隻鳥，一鋪得一隻鳥。如果記錯咗隻牌，先 撤銷 佢。"
    await talk("A", "流局")
    assert await talk.seq() == booked + 1
    assert await talk("A", "/bird 一萬") == (
        "之前冇人糊，冇得計鳥：鳥要跟住佢加倍嗰鋪糊嚟寫（B 食 A …，跟住 鳥 三萬）。"
    )
    assert await talk.seq() == booked + 1
    en: Talk = await opened_table(store, "開枱 A B C D 歡樂", locale="en")
    assert await en("A", "鳥 一萬") == (
        "There is no win just before to count a 鳥 for: a 鳥 follows the win it doubles (B 食 A …, then 鳥 三萬)."
    )


KONG_DRAW_NO_KONG = "計番 一二三萬 四五六萬 七八九筒 二三四索 五索 摸 五索 槓上開花"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("game", "word"), [("雞平和", "槓上"), ("河源百搭", "槓上"), ("國標", "槓上開花"), ("廣東牌", "槓上開花")]
)
async def test_kong_draw_without_a_kong_says_the_hand_needs_one(store, game: str, word: str) -> None:
    talk: Talk = await opened_table(store, f"開枱 A B C D {game}")
    assert await talk("A", KONG_DRAW_NO_KONG) == (
        f"「{word}」：槓上開花係開槓之後摸嗰隻牌食糊，所以副牌要有隻槓：寫埋佢（槓 東東東東、明槓 東、暗槓 東 …），"
        "食糊寫 摸 X。"
    )


@pytest.mark.asyncio
async def test_flowers_at_a_table_or_game_without_them_say_so(store) -> None:
    mcr: Talk = await opened_table(store, "開枱 A B C D 國標", locale="en")
    await mcr("A", "規則 花 關")
    assert await mcr("A", "計番 一二三萬 四五六萬 七八九萬 一二三索 五筒 春 食 五筒") == (
        "This table plays without flowers (花 = 關), but the hand lists 「春」: leave the flowers out, or turn "
        "flowers on with 規則 花 開."
    )
    chicken: Talk = await opened_table(store, "開枱 A B C D 雞平和")
    assert await chicken("A", "計番 一二三萬 四五六萬 七八九萬 一二三索 五筒 春 食 五筒") == (
        "呢隻玩法唔打花（136 隻牌），但係副牌寫咗「春」：拎走佢哋。"
    )
    old: Talk = await opened_table(store, "開枱 A B C D 廣東牌")
    assert await old("A", "計番 一二三萬 四五六萬 七八九萬 一二三索 五筒 天胡 食 五筒") == (
        "「天胡」（天胡）係莊家起手就糊：淨係莊家，自摸（摸）。"
    )


@pytest.mark.asyncio
async def test_a_draw_that_passes_the_deal_says_only_guo_zhuang(store) -> None:
    """臭莊 means the dealer stays: at 國標 the deal passes on a 流局, so the line says 過莊 only."""
    talk: Talk = await opened_table(store, "開枱 A B C D 國標")
    assert (await talk("A", "流局")).splitlines()[0] == "流局：過莊，B 做莊。"
    chicken: Talk = await opened_table(store, "開枱 A B C D 雞平和")
    assert (await chicken("A", "流局")).splitlines()[0] == "流局：臭莊，莊家連莊。"


def test_simplified_catalogue_keeps_tong_where_it_means_same() -> None:
    """The 简体 catalogue was converted from the Cantonese one, where 同 also means "and" (→ 和): 同上
    (as above) and 同名 (the same name) stay 同."""
    from babel.messages.pofile import read_po

    with (Path(__file__).parents[2] / "locales/zh_Hans/LC_MESSAGES/taipai.po").open("rb") as f:
        strings = [m.string for m in read_po(f) if m.id and isinstance(m.string, str)]
    assert [s for s in strings if "和上" in s or "和名" in s or "当和一" in s] == []
    assert any("A 出铳 B" in s and "：同上，由出铳那家说" in s for s in strings)


@pytest.mark.asyncio
async def test_calc_shows_the_cap_line_a_booking_shows(store) -> None:
    """河源 /calc of a 保釣保 碰碰和: rows 2 + 1 + 1 + 1 + 1 + 2 = 8 over the table's 5番 (爆和 3 + 保釣保 2),
    said under the rows as a booked hand says it; 雞平和's plain 爆和 the same."""
    heyuan: Talk = await opened_table(store, "開枱 A B C D 河源")
    lines = (await heyuan("A", "/calc 碰 中中中 碰 東東東 二二二萬 五五五筒 春 摸 夏")).splitlines()
    assert lines[0] == "計番（河源百搭，自摸）：5番"
    assert lines[7] == "  8番 超過呢張枱嘅爆和：當 5番 計。"
    chicken: Talk = await opened_table(store, "開枱 A B C D 雞平和", locale="en")
    lines = (await chicken("A", "/calc 碰 中中中 碰 東東東 二二二萬 五五五筒 九索 摸 九索")).splitlines()
    assert lines[6] == "  6 fan is above this table's 爆和: paid as 3 fan."


@pytest.mark.asyncio
async def test_proper_wildcards_refuse_a_pinghu_and_a_count_below_its_least_hand(store) -> None:
    """正百搭 (seed 001 「杂色(混一色)、碰碰胡、清一色、大哥(清一色碰碰胡)、幺九、十三幺」): a 平和 is four sets
    and a pair but none of them; a bare 1番 is below its least hand (混一色 or 碰碰和, 2番); 2番 books."""
    talk: Talk = await opened_table(store, "開枱 A B C D 河源")
    await talk("A", "規則 玩法 正百搭")
    before = await talk.seq()
    assert await talk("A", f"B 自摸 {CONCEALED}") == (
        "正百搭淨係混一色、碰碰和、清一色、大哥（清碰）、幺九同十三幺先食得糊：呢副牌湊得成四組加一對眼，"
        "但係一樣都唔係（規則 玩法 雞胡百搭 就乜牌都食得）。"
    )
    assert await talk("A", "B zimo 1") == (
        "1番 唔夠正百搭最細嘅牌（2番：混一色或者碰碰和）：淨係混一色、碰碰和、清一色、大哥（清碰）、幺九同"
        "十三幺先食得糊；冇記低。"
    )
    assert await talk.seq() == before
    assert "A 俾 B HK$4" in await talk("A", "B 自摸 2番")
    en: Talk = await opened_table(store, "開枱 A B C D 河源", locale="en")
    await en("A", "規則 玩法 正百搭")
    assert await en("A", "B 食 A 一二三萬 四五六萬 七八九筒 三四索 春 五索 食 五索") == (
        "At 正百搭 a hand wins only with 混一色, 碰碰和, 清一色, 大哥 (清碰), 幺九 or 十三幺, and these tiles "
        "with their 保 make none of them."
    )


def test_the_least_proper_hand_is_the_least_of_its_rows() -> None:
    from taipai.systems.guangdong import SYSTEM as GUANGDONG
    from taipai.systems.heyuan.scoring import PROPER_LEAST, PROPER_ROWS

    rows = GUANGDONG.load_rules(None).rows
    assert min(r.fan for r in rows.values() if r.id in PROPER_ROWS) == PROPER_LEAST


@pytest.mark.asyncio
async def test_an_english_win_with_a_hand_naming_its_caishen_books(store) -> None:
    """``C wins D <hand> 財神 六萬`` is ``C 食 D <hand> 財神 六萬``: the same 22番 (清龍 16, 門前清 2, 缺一門 1,
    單釣將 1, 無財神 2), 22 × 底 1 from D."""
    talk: Talk = await opened_table(store, "開枱 A B C D 歡樂", locale="en")
    lines = (await talk("A", "C wins D 一二三萬 四五六萬 七八九萬 二三四索 中 食 中 財神 六萬")).splitlines()
    assert lines[0] == "C wins on D's discard: 22 fan"
    assert "D pays C HK$22" in lines
