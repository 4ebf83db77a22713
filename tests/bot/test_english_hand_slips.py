"""A hand typed with a slip in an English record (brief Q4 round 2): ``B wins A <hand>`` whose hand
has a word the notation cannot read gets the reply the Cantonese ``B 食 A <hand>`` gets (the word and
its place), not 「Not sure what to book」; a Latin word is named whole (「zimo」, not 「z」); an English
winning-tile word inside a hand (``… 中 zimo 中``) says the winning tile goes after 摸 or 食.  Nothing is
booked by any of these lines."""

from __future__ import annotations

import pytest

from .conftest import opened_table

HAND = "123m 456m 789m 234s 中"
"""Thirteen tiles waiting on 中 (清龍 16 + 門前清 2 + 缺一門 1 + 單釣將 1 = 20番 on a discard at 國標)."""

GAMES = ["國標", "歡樂", "雞平和", "河源", "港式台牌", "廣東牌", "台灣牌"]
"""Every game whose hands are written in the mahjong notation (字牌 has its own cards)."""

WINNING_TILE_EN = (
    "「{word}」: in a hand the winning tile comes after 摸 (self-drawn) or 食 (on a discard), e.g. 摸 東. "
    "(「{word}」 is at character {at} of the message.)"
)


@pytest.mark.asyncio
@pytest.mark.parametrize("game", GAMES)
async def test_an_english_win_with_a_slip_in_its_hand_says_where(store, game: str) -> None:
    talk = await opened_table(store, f"開枱 A B C D {game} English")
    if game == "歡樂":  # else its first question is which tile is 財神
        await talk("A", "規則 財神 六萬")
    before = await talk.seq()
    # "B wins A " is 9 characters, the hand and its space 22 more: 「foo」 starts at character 32
    assert await talk("B", f"B wins A {HAND} foo 中") == (
        "I can't read 「foo」. Write tiles like 一二三萬, 123筒, 東 南 中 發 白. "
        "(「foo」 is at character 32 of the message.)"
    )
    assert await talk("B", f"B wins A {HAND} wins 中") == WINNING_TILE_EN.format(word="wins", at=32)
    assert await talk("B", f"B wins on A {HAND} zimo 中") == WINNING_TILE_EN.format(word="zimo", at=35)
    assert await talk.seq() == before


@pytest.mark.asyncio
async def test_the_cantonese_chat_says_the_same_in_cantonese(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 國標")
    assert await talk("B", f"B wins A {HAND} wins 中") == (
        "「wins」：寫副牌嘅時候，食糊嗰隻牌要寫喺 摸（自摸）或者 食（食人哋打出嚟嘅）後面，例如 摸 東。"
        "（「wins」喺訊息第 32 個字。）"
    )
    assert await talk("B", f"B 食 A {HAND} foo 中") == (
        "睇唔明「foo」。牌要咁寫：一二三萬、123筒、東 南 中 發 白。（「foo」喺訊息第 29 個字。）"
    )


@pytest.mark.asyncio
async def test_calc_names_the_whole_latin_word(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 國標 English")
    assert await talk("C", f"/calc {HAND} zimo 中") == WINNING_TILE_EN.format(word="zimo", at=29)
    assert await talk("C", f"/calc {HAND} ZiMo中") == WINNING_TILE_EN.format(word="ZiMo", at=29)
    assert await talk("C", f"/calc {HAND} xyz 中") == (
        "I can't read 「xyz」. Write tiles like 一二三萬, 123筒, 東 南 中 發 白. (「xyz」 is at character 29 of the message.)"
    )


@pytest.mark.asyncio
async def test_english_talk_after_two_names_stays_talk(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 國標 English")
    before = await talk.seq()
    assert await talk("B", "B wins A over there") == ""
    assert await talk("B", "B wins A 中 for sure") == ""
    assert await talk.seq() == before


@pytest.mark.asyncio
async def test_the_hand_once_mended_books_its_count(store) -> None:
    talk = await opened_table(store, "開枱 A B C D 國標 English")
    reply = await talk("B", f"B wins A {HAND} 食 中")
    assert reply.startswith("B wins on A's discard: 20 fan")
    assert "A pays B HK$28" in reply and "C pays B HK$8" in reply and "D pays B HK$8" in reply
