"""字牌 at the chat table (issue 18, second pass): every line a 字牌 player types books or gets a reply in
字牌's words, and plain talk stays silent.

- A plain ``B 食 A <hand>`` is read through the game's own hand test (ChatVocabulary.hand_like), not
  silently taken for ordinary words because the mahjong notation cannot read 三三三.
- A count may carry the table's unit (``15油``, ``12胡``, ``5排``); another game's unit is refused in the
  table's.
- 聽 lists the cards (一 … 拾) that complete a hand (ChatVocabulary.find_waits), counts in the unit.
- Hand errors speak of cards and groups (ChatVocabulary.hand_error), 長沙跑胡子's 起胡 in 胡息.

Money by hand from seed 002 ⑶ (底 1): a 點炮 pays both losers' shares, a 大字牌 self-draw doubles.
"""

from __future__ import annotations

import pytest

from .conftest import Talk, opened_table

HAND = "碰 三三三 偎 伍伍伍 提 六六六六 壹貳叄 二七十 八八捌 玖玖 食 玖"
"""28油 (tests/systems/zipai/test_zipai_rows.py, test_worked_zipai): 提 9, 偎 6, 壹貳叄 6, 二七十 3,
碰 玖玖玖 3, 碰 三三三 1."""
SHORT = HAND.removesuffix(" 食 玖")
"""HAND one 玖 short: 玖 makes 碰 玖玖玖 (28油) taken, 坎 玖玖玖 (31油: 6 for the hidden three) drawn; 九
makes the 絞 九玖玖 beside 八八捌 (25油 either way)."""
UNDER = "提 一一一一 三四五 三四五 肆伍陸 肆伍陸 八八捌 九玖 摸 玖"
"""9胡息: the 提 一一一一 alone counts (9), everything else nothing: under a 10 起胡."""


@pytest.mark.asyncio
async def test_a_plain_hand_message_books_at_zipai(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C 字牌")
    reply = await talk("B", f"B 食 A {HAND}")
    assert reply.splitlines()[0] == "B 食 A：28油"
    assert "A 俾 B HK$56" in reply  # 28 × 2 shares, A alone
    reply = await talk("C", f"C 自摸 {HAND.replace('食 玖', '摸 玖')}")
    assert reply.splitlines()[0] == "C 自摸：31油"  # 摸 玖: 坎 玖玖玖 6 in place of 碰 3
    assert reply.splitlines()[-3:-1] == ["A 俾 C HK$62", "B 俾 C HK$62"]  # 31 doubled from each
    assert (await talk.state()).balances == {"A": -118, "B": -6, "C": 124}


@pytest.mark.asyncio
async def test_counts_carry_the_tables_unit(store) -> None:
    talk = await opened_table(store, "開枱 A B C 字牌", locale="en")
    assert (await talk("B", "B 食 C 15油")).splitlines()[:2] == [
        "B wins on C's discard: 15油",
        "C pays B HK$30",
    ]
    assert (await talk("C", "C 自摸 12油")).splitlines()[1:3] == ["A pays C HK$24", "B pays C HK$24"]
    assert await talk("A", "B 食 A 12番") == (
        "Hunan Zipai (大字牌) counts in 油, not 「番」: write 12油, e.g. B 食 A 12油."
    )
    assert await talk("A", "A 自摸 9油") == "9油 is below this table's 起胡 of 10油."
    assert (await talk.state()).balances == {"A": -24, "B": 6, "C": 18}


@pytest.mark.asyncio
async def test_hu_and_pai_counts(store) -> None:
    hard = await opened_table(store, "開枱 A B C 硬鬍子", prefix="hard")
    assert (await hard("B", "B 食 A 12胡")).splitlines()[:2] == ["B 食 A：12胡", "A 俾 B HK$24"]
    assert await hard("B", "B 自摸 5排") == "硬鬍子係計胡嘅，唔收「排」：寫 5胡，例如 B 食 A 5胡。"
    pao = await opened_table(store, "開枱 A B C 跑胡子", prefix="pao")
    assert (await pao("B", "B 食 C 5排")).splitlines()[:2] == ["B 食 C：5排", "C 俾 B HK$10"]
    assert (await pao.state()).balances == {"A": 0, "B": 10, "C": -10}


@pytest.mark.asyncio
async def test_talk_with_numbers_stays_silent(store) -> None:
    talk = await opened_table(store, "開枱 A B C 字牌")
    for line in ("B 食 A 三次", "B 自摸咗三次啦", "B 食 A 一百二十三蚊", "今晚食咗好多糊", "聽 你講"):
        assert await talk("A", line) == "", line
    assert await talk.seq() == 1  # only the 開枱


@pytest.mark.asyncio
async def test_hand_errors_speak_of_cards_and_groups(store) -> None:
    talk = await opened_table(store, "開枱 A B C 字牌", locale="en")
    no_ti = HAND.replace("提 六六六六 ", "")
    assert await talk("B", f"B 食 A {no_ti}") == (
        "A winning hand makes 7 groups, the 對 counting as one; this one makes 6."
    )
    assert await talk("B", f"B 食 A {HAND.replace('偎', 'x')}") == (
        "I can't read 「x」. Write 字牌 cards 一 … 十 and 壹 … 拾, and the words 吃 碰 偎 臭偎 提 跑 坎 對. "
        "(「x」 is at character 13 of the message.)"
    )
    assert await talk("B", f"B 食 A {SHORT}") == (
        "Which card did you win on? Add 摸 X for your own draw or 食 X for another's card."
    )
    assert await talk("B", "B 食 A 吃 一二四 三四五 食 玖") == (
        "「吃 一二四」 is not a group 吃 takes. (「吃 一二四」 is at character 7 of the message.)"
    )
    assert await talk.seq() == 1


@pytest.mark.asyncio
async def test_a_hand_under_qihu_lists_its_groups(store) -> None:
    talk = await opened_table(store, "開枱 A B C 硬鬍子", locale="en")
    assert await talk("B", f"B 自摸 {UNDER}") == (
        "The hand comes to 9胡:\n  提 一一一一: 9胡\n9胡 is below this table's 起胡 of 10胡."
    )
    zh = await opened_table(store, "開枱 A B C 硬鬍子", prefix="zh")
    assert (
        await zh("B", f"B 自摸 {UNDER}")
        == "呢副牌計到 9胡：\n  提 一一一一：9胡\n9胡 唔夠呢張枱嘅起胡 10胡。"
    )


@pytest.mark.asyncio
async def test_paohuzi_qihu_is_said_in_huxi(store) -> None:
    zh = await opened_table(store, "開枱 A B C 跑胡子")
    assert await zh("A", f"A 自摸 {UNDER}") == "9胡息 唔夠呢張枱嘅起胡 10胡息。"
    en = await opened_table(store, "開枱 A B C 跑胡子", locale="en", prefix="en")
    assert await en("A", f"/selfdraw A {UNDER}") == "9胡息 is below this table's 起胡 of 10胡息."
    assert await en("A", f"聽 {UNDER.removesuffix(' 摸 玖')}") == (
        "Not waiting for a win at Changsha Paohuzi (長沙跑胡子): every card that completes it stays "
        "below 起胡."
    )


@pytest.mark.asyncio
async def test_waits_list_the_cards(store) -> None:
    zh = await opened_table(store, "開枱 A B C 字牌")
    assert await zh("A", f"聽 {SHORT}") == (
        "大字牌聽 玖 九，大嘅排先：\n"
        "玖：食 28油（HK$56）、自摸 31油（HK$124）\n"
        "九：食 25油（HK$50）、自摸 25油（HK$100）"
    )
    en = await opened_table(store, "開枱 A B C 跑胡子", locale="en", prefix="en")
    # 長沙跑胡子: 玖 taken 28胡息 → 9排 + 4 red cards 1排 = 10排; drawn 31胡息 → 10排 + 1 + 自摸 2 = 13排
    assert (await en("A", f"聽 {SHORT}")).splitlines()[:2] == [
        "Waiting on 玖 九 at Changsha Paohuzi (長沙跑胡子), the best first:",
        "玖: on a discard 10排 (HK$20), self-drawn 13排 (HK$26)",
    ]
    assert await en("A", f"聽 {HAND}") == (
        "聽 takes the hand before its winning tile: leave out 「食 …」 (at character 37)."
    )
    assert await zh.seq() == 1 and await en.seq() == 1


@pytest.mark.asyncio
async def test_calc_usage_shows_a_zipai_hand(store) -> None:
    talk = await opened_table(store, "開枱 A B C 字牌", locale="en")
    assert await talk("A", "計番") == (
        f"Write the hand after 計番, e.g. 計番 {HAND} (/calc …; 計番 台灣牌 … for another game; "
        "圖 at the end for a picture)."
    )
    reply = await talk("A", f"計番 {HAND}")
    assert reply.splitlines()[0] == "計番 at Hunan Zipai (大字牌), on a discard: 28油"


@pytest.mark.asyncio
async def test_calc_with_a_picture_word_scores_and_says_no_picture(store) -> None:
    # 字牌's cards are not mahjong tiles: the picture is not drawn (it raised an internal error before)
    talk = await opened_table(store, "開枱 A B C 字牌", locale="en")
    reply = await talk("A", f"計番 {HAND} 圖")
    assert reply.splitlines()[0] == "計番 at Hunan Zipai (大字牌), on a discard: 28油"
    assert reply.splitlines()[-1] == "The picture could not be drawn here."


@pytest.mark.asyncio
async def test_huangzhuang_in_zipai_words_simplified_spellings_too(store) -> None:
    talk = await opened_table(store, "開枱 A B C 字牌")
    # seed 002 ⑴ 「如果荒庄，由莊家繼續做莊，連續3次荒庄，則由莊家的下家做莊」
    assert await talk("A", "荒庄") == "荒莊：冇人食糊，莊家連莊。\n下一鋪：A 做莊，連1；第2鋪。"
    assert await talk("A", "黄庄") == "荒莊：冇人食糊，莊家連莊。\n下一鋪：A 做莊，連2；第3鋪。"
    assert await talk("A", "荒莊") == "荒莊：冇人食糊，過莊，B 做莊。\n下一鋪：B 做莊；第4鋪。"
    assert (await talk("A", "B 詐胡")).splitlines()[0] == "B 詐胡。"


@pytest.mark.asyncio
async def test_an_english_win_with_a_hand(store) -> None:
    talk = await opened_table(store, "開枱 A B C 軟鬍子", locale="en")
    # 28胡, 一塊扁 (二七十) ×2, 4 red cards ×2: 112胡, both shares from A (點炮 全包)
    reply = await talk("B", f"B wins A {HAND}")
    assert reply.splitlines()[0] == "B wins on A's discard: 112胡"
    assert "A pays B HK$224" in reply
    assert await talk("B", "B won on A 三次") == ""


@pytest.mark.asyncio
async def test_three_hands_at_the_table(store) -> None:
    talk = await opened_table(store, "開枱 A B C 硬鬍子", locale="en")
    assert await talk("A", "規則 3把50胡 開") == (
        "Rule changed: 3把50胡 = 開 (the first win of each player's three counts 15胡 or more)."
    )
    assert await talk("B", "B 食 A 12胡") == (
        "B's 12胡 would open a 3把50胡 match, whose first win needs 15胡; nothing was booked."
    )
    assert (await talk("B", "B 食 A 15胡")).splitlines()[1] == "A pays B HK$30"
    assert (await talk("B", "B 自摸 12胡")).splitlines()[1:3] == ["A pays B HK$12", "C pays B HK$12"]
