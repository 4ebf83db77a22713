"""雞平和 / 河源百搭: 杠上开花包杠 with a hand of 3番 or more (brief Q4 round 2).  Seed 001 「杠上开花包杠：
开暗刻明杠补牌后和牌，计自摸点杠者包三家牌」: a self-draw on the replacement tile of an exposed kong
made from the payer's discard makes the payer pay all three shares.  The hand's 槓上開花 row shows only
when 保底 lifts the hand (「不满3番牌型，按照3番满计算」); a hand already at 3番 or more says 槓上開花 all
the same, and its 包 stands (it was refused)."""

from __future__ import annotations

import pytest

from taipai.systems.guangdong.bao import says_kong_draw

from .conftest import opened_table

EAST_KONG = "槓 東東東東 一二三萬 四五六萬 七八九萬 中 摸 中"
"""A (東 seat, 東 round, the dealer): 混一色 2 + 自摸 1 + 門風 1 + 圈風 1 = 5番, capped at 爆和 3番."""


@pytest.mark.asyncio
async def test_a_kong_draw_bao_above_the_floor_stands(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 雞平和")
    reply = await talk("A", f"A 自摸 {EAST_KONG} 槓上開花 B包")
    # 2^3 × 底 1 = 8 a share, B pays the three shares
    assert "5番 超過呢張枱嘅爆和：當 3番 計。" in reply
    assert "B 俾 A HK$24（包自摸：B 包晒三家，每家 8）" in reply
    assert "C 俾" not in reply and "D 俾" not in reply
    assert (await talk.owed()) == {"A": 24, "B": -24, "C": 0, "D": 0}


@pytest.mark.asyncio
async def test_the_short_word_and_the_english_chat_book_it_too(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 雞平和 English")
    reply = await talk("A", f"A 自摸 {EAST_KONG} 槓上 B包")
    assert "B pays A HK$24" in reply
    assert (await talk.owed()) == {"A": 24, "B": -24, "C": 0, "D": 0}


@pytest.mark.asyncio
async def test_heyuan_books_it_with_its_bao_counted_after_the_cap(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 河源")
    reply = await talk("A", "A 自摸 槓 東東東東 一二三萬 四五六萬 七八九萬 春 摸 中 槓上開花 B包")
    # 爆和 3番, then 飛牌 (a lone 保 as the eyes) doubles: 4番, 2^4 = 16 a share
    assert "B 俾 A HK$48（包自摸：B 包晒三家，每家 16）" in reply
    assert (await talk.owed()) == {"A": 48, "B": -48, "C": 0, "D": 0}


@pytest.mark.asyncio
async def test_without_an_exposed_kong_or_the_word_it_is_still_refused(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 雞平和")
    refusal = (
        "B 唔使包晒 A 個自摸：包 只限十二張落地（落咗四副地）、大四喜或者大三元、喺 B 打出嗰隻牌開槓之後"
        "槓上開花（副牌要有 槓 或者 明槓），同埋搶槓（A 搶槓 B …），呢副牌一樣都唔係。記個自摸唔好寫 包：三家各自俾。"
    )
    assert await talk("A", "A 自摸 暗槓 東東東東 一二三萬 四五六萬 七八九萬 中 摸 中 槓上開花 B包") == refusal
    assert await talk("A", f"A 自摸 {EAST_KONG} B包") == refusal
    assert (await talk.owed()) == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_says_kong_draw_reads_the_hand_words() -> None:
    assert says_kong_draw(f"{EAST_KONG} 槓上開花")
    assert says_kong_draw(f"槓上 {EAST_KONG}")
    assert not says_kong_draw(EAST_KONG)
    assert not says_kong_draw("槓上開花 xyz")
