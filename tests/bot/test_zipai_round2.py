"""字牌, a second new-user round (issue 18): what a player typed that got silence or a reply that did not
help, each case as it was found.

- A hand message without 自摸 or a discarder (``B 摸 壹貳叄 … 摸 九``, ``B 壹貳叄 … 摸 九``) was silent at
  a 字牌 table while the same line with mahjong tiles gets the hint: the attempt rule read tiles with the
  mahjong notation only.  Its groups (一二三) are not the 現金獎 of that name either.
- ``12胡息`` at 硬鬍子 (whose 胡 is the sum of the groups' 胡息, seed 002 ⑷ 一、1) was 「後面仲有「息」，我睇唔
  明」; it books 12胡 there, and at the other variants it is refused in the table's unit.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from .conftest import Talk, opened_table

HAND = "壹貳叄 貳柒拾 一二三 二七十 伍伍伍 陸陸陸 九九 摸 九"
"""33油 drawn (壹貳叄 6, 貳柒拾 6, 坎 伍伍伍 6, 坎 陸陸陸 6, 一二三 3, 二七十 3, 坎 九九九 3: seed 002 ⑶)."""


@pytest.mark.asyncio
async def test_a_hand_without_its_verb_gets_the_hint(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C 字牌")
    opened = await talk.seq()
    hint = "收到：B、手牌。仲差邊個食邊個，定係自摸，例如：B 食 A 10油 或者 B 自摸 10油。"
    assert await talk("A", f"B 摸 {HAND}") == hint
    assert await talk("A", f"B {HAND}") == hint
    assert await talk("A", "B 十二點三十五分走，七八個人") == ""  # talk with numerals stays silent
    assert await talk("A", "B 今晚食咗一二三四五六七碗飯 食 飯") == ""  # 飯 is no card
    assert await talk.seq() == opened  # nothing booked
    assert (await talk("B", f"B 自摸 {HAND}")).splitlines()[0] == "B 自摸：33油"


@pytest.mark.asyncio
async def test_the_hint_in_english_and_simplified(store) -> None:
    talk = await opened_table(store, "開枱 A B C 跑胡子", locale="en")
    assert await talk("A", f"B 摸 {HAND}") == (
        "Got: B, a hand. Missing who won on whose discard, or 自摸; e.g. B 食 A 10排 or B 自摸 10排."
    )
    assert await talk("A", f"B wins {TAKEN}") == "B 食: on whose discard? e.g. B 食 C 10排."
    assert (
        await talk("A", f"B 食 {TAKEN}") == "B 食: on whose discard? e.g. B 食 C 10排."
    )  # not 「碰 is not at this table」
    await talk("A", "/lang 简体")
    assert (await talk("A", f"B 摸 {HAND}")).startswith("收到：B、手牌。")


@pytest.mark.asyncio
async def test_hu_xi_is_hard_huzis_own_unit(store) -> None:
    hard = await opened_table(store, "開枱 A B C 硬鬍子", prefix="hard")
    assert (await hard("C", "C 自摸 12胡息")).splitlines()[:3] == [
        "C 自摸：12胡",
        "A 俾 C HK$12",
        "B 俾 C HK$12",
    ]
    assert (await hard.state()).balances == {"A": -12, "B": -12, "C": 24}
    pao = await opened_table(store, "開枱 A B C 跑胡子", prefix="pao")
    soft = await opened_table(store, "開枱 A B C 軟鬍子", prefix="soft")
    opened = (await pao.seq(), await soft.seq())
    assert await pao("C", "C 自摸 12胡息") == "長沙跑胡子係計排嘅，唔收「胡息」：寫 12排，例如 B 食 A 12排。"
    assert await soft("C", "C 自摸 12胡息") == "軟鬍子係計胡嘅，唔收「胡息」：寫 12胡，例如 B 食 A 12胡。"
    assert (await pao.seq(), await soft.seq()) == opened  # nothing booked


TAKEN = "碰 三三三 偎 伍伍伍 提 六六六六 壹貳叄 二七十 八八捌 玖玖 食 玖"
"""28胡息 taken (提 9, 偎 6, 壹貳叄 6, 二七十 3, 碰 玖玖玖 3, 碰 三三三 1); red cards 貳 二 七 十: 4."""


@pytest.mark.asyncio
async def test_a_turned_win_with_a_hand_shows_its_count(store) -> None:
    """A hand on a turned card showed its headline only, where 食 and 自摸 show how the hand counts."""
    talk = await opened_table(store, "開枱 A B C 跑胡子")
    # seed 002 ⑷ 二、1: 28胡息 ÷ 3 = 9排, 「1、4、7個紅加一排」 +1 = 10排; one share from each loser
    assert (await talk("B", f"B 食 翻 {TAKEN}")).splitlines() == [
        "B 食 翻：10排",
        "  28胡息 ÷ 3：9排",
        "  4個紅：1排",
        "A 俾 B HK$10",
        "C 俾 B HK$10",
        "下一鋪：B 做莊；第2鋪。",
    ]
    assert (await talk("B", "B 食 翻 12排")).splitlines()[:2] == ["B 食 翻：12排", "A 俾 B HK$12"]
    assert (await talk.state()).balances == {"A": -22, "B": 44, "C": -22}


@pytest.mark.asyncio
async def test_shuxin_said_in_english_without_its_slash(store) -> None:
    """``shuxin 2份`` was silent in English while ``/shuxin 2份`` booked: it reads as its slash form, as
    ``calc`` and ``waits`` do; ``shuxin was fun`` stays talk."""
    talk = await opened_table(store, "開枱 A B C D 字牌", locale="en")
    assert (await talk("A", "B 食 A 12油")).splitlines()[1] == "A pays B HK$24"  # 點炮: both shares
    assert await talk("A", "shuxin was fun") == ""
    # seed 002 ⑼ 「就2份」: C (opposite the dealer A) sat out; 2 × 10% of B's 24 = 4.80
    assert (await talk("A", "shuxin 2份")).splitlines()[:2] == [
        "數信: 2 share(s) for C, who sat out, of B's win of 24, 10% a share; B pays C",
        "B pays C HK$4.80",
    ]
    assert (await talk.state()).balances == {"A": -24, "B": Fraction(96, 5), "C": Fraction(24, 5), "D": 0}
