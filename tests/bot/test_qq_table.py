"""QQ 歡樂麻將 at a chat table (issue 16 Build 3 for ``qq``): 開枱 A B C D 歡樂, a count, a hand with a 財神
booked by its tiles, 鳥 after a win, undo, 計番 and 聽, 規則 財神, 埋數, with the payments worked by hand
from seed 002 「計分規則」: 大眾場 X = 番 × 中鳥系數 × 莊家系數 with N = 1; 莊家系數 2 on the dealer's legs
(「無論輸贏莊家的結果將以兩倍計算」); a win on a discard is paid by the discarder alone (「點炮人出雙倍分數」
names him only); 鳥 counts from the dealer (「一表示莊家，二表示下家，三為對家」) and doubles the discarder's
leg when it lands on the winner or the discarder."""

from __future__ import annotations

import pytest

from taipai.bot.service.parse import OpenTable, RecordBird, parse_command

from .conftest import Talk, opened_table

CAISHEN_HAND = "一二三四五六七八九萬 東東東 六筒 食 九筒 財神 六筒"
"""財神 六筒 stands for 九筒: 清龍 16 門前清 2 圈風刻 2 缺一門 1 單釣將 1 = 22番 (+ 門風刻 2 for the 東 seat)."""


def test_the_words_pick_qq_and_read_a_bird() -> None:
    for word in ("歡樂", "歡樂麻將", "qq", "QQ"):
        assert parse_command(f"開枱 A B C D {word}") == OpenTable(("A", "B", "C", "D"), system="qq")
    assert parse_command("鳥 三萬") == RecordBird("三萬")
    assert parse_command("/bird 3m") == RecordBird("3m", slash=True)
    assert parse_command("鳥 你") is None  # talk, not a tile: no reply


@pytest.mark.asyncio
async def test_an_evening_of_qq_with_the_money_by_hand(store) -> None:
    talk: Talk = await opened_table(store, "開枱 A B C D 歡樂", locale="en")
    assert (await talk.state()).system == "qq"
    no_win = "There is no win just before to count a 鳥 for: a 鳥 follows the win it doubles (B 食 A …, then 鳥 三萬)."
    assert await talk("B", "鳥 三萬") == no_win  # no win yet: nothing booked
    assert await talk.seq() == 1

    # B wins 10番 on the dealer A's discard: A alone pays 10 × 莊家 2 = 20; the deal passes to B
    assert (await talk("B", "B 食 A 10番")).splitlines() == [
        "B wins on A's discard: 10 fan",
        "A pays B HK$20",
        "Next: B deals; 東 round, hand 2.",
    ]
    # 鳥 一萬 lands on the dealer of that hand, A, the discarder: A pays the doubled leg once more
    assert (await talk("B", "鳥 一萬")).splitlines()[:2] == [
        "鳥 一萬 (1, counted from the dealer A) lands on A, who dealt in: A pays double",
        "A pays B HK$20 more (HK$20 → HK$40)",
    ]
    assert await talk.owed() == {"A": -40, "B": 40, "C": 0, "D": 0}
    assert (await talk("A", "撤銷")).splitlines()[0] == (
        "A undid: 鳥 一萬 (1, counted from the dealer A) lands on A, who dealt in: A pays double."
    )
    # 鳥 三萬 lands on C (一 A, 二 B, 三 C), in neither leg: nothing more is paid
    assert (await talk("B", "/bird 三萬")).splitlines() == [
        "鳥 三萬 (3, counted from the dealer A) lands on C, who neither won nor dealt in: nothing doubles",
        "Next: B deals; 東 round, hand 2.",
    ]
    assert await talk("B", "鳥 四萬") == (  # one 鳥 a win
        "A 鳥 is already recorded for this win; a win has one 鳥. If it was the wrong tile, 撤銷 it first."
    )
    assert await talk.owed() == {"A": -20, "B": 20, "C": 0, "D": 0}

    # C self-draws 9番 with B dealing: A 9, B 9 × 2 = 18, D 9; then undone
    assert (await talk("C", "C 自摸 9番")).splitlines()[1:4] == [
        "A pays C HK$9",
        "B pays C HK$18",
        "D pays C HK$9",
    ]
    assert (await talk("C", "撤銷")).splitlines()[0] == "C undid: C self-draws (自摸): 9 fan."
    assert await talk.owed() == {"A": -20, "B": 20, "C": 0, "D": 0}

    # the dealer B (東 seat) wins on D's discard with one 財神: 22 + 門風刻 2 = 24番; D pays 24 × 2 = 48
    booked = (await talk("B", f"B 食 D {CAISHEN_HAND}")).splitlines()
    assert booked[0] == "B wins on D's discard: 24 fan"
    assert booked[1:7] == [
        "  清龍: 16 fan", "  門前清: 2 fan", "  圈風刻: 2 fan", "  門風刻: 2 fan", "  缺一門: 1 fan",
        "  單釣將: 1 fan",
    ]
    assert booked[7:] == ["D pays B HK$48", "Next: B deals, 連莊 1; 東 round, hand 3."]
    assert await talk.owed() == {"A": -20, "B": 68, "C": 0, "D": -48}

    # refused, nothing booked: no 財神 said (and none set), a 財神 in a 碰
    seq = await talk.seq()
    assert await talk("B", "B 食 D 一二三四五六七八九萬 東東東 九筒 食 九筒") == (
        "Which tile is 財神 this hand? Say it in the hand, e.g. 財神 六萬, or set it for the table with "
        "規則 財神 六萬."
    )
    assert await talk("B", "B 食 D 一二三四五六七八九萬 碰六六六筒 東 食 東 財神 六筒") == (
        "財神 cannot be used in a 吃, 碰 or 槓 (「不可吃碰杠」): keep the 財神 in the hand, written as the "
        "tile itself."
    )
    assert await talk.seq() == seq

    # 計番 and 聽 read the 財神 the same way and book nothing
    calc = (await talk("A", f"計番 {CAISHEN_HAND}")).splitlines()
    assert "Reading: 一二三萬 四五六萬 七八九萬 東東東 九九筒" in calc and "Wildcard 財神 六筒 as 九筒" in calc
    assert calc[-1] == "Only scored: nothing was booked."
    waits = (await talk("A", "聽 一二三四五六七八九萬 東東東 九筒 財神 六筒")).splitlines()
    # on 九筒 no 財神 is held: 24 + 無財神 2 = 26; on 六筒 (the 財神 itself, standing for 九筒) 24
    assert [w.split(" (")[0] for w in waits[1:3]] == ["九筒: on a discard 26 fan", "六筒: on a discard 24 fan"]
    assert await talk.seq() == seq

    # 規則 財神 六筒: the table's 財神 from now on, so the same tiles book without the word
    assert await talk("A", "規則 財神 六筒") == "Rule changed: 財神 = 六筒 for every hand (the turned tile 五筒)."
    assert (await talk("B", "B 食 D 一二三四五六七八九萬 東東東 六筒 食 九筒")).splitlines()[-2] == (
        "D pays B HK$48"
    )
    assert await talk.owed() == {"A": -20, "B": 116, "C": 0, "D": -96}

    settled = (await talk("A", "埋數")).splitlines()
    assert settled[-2:] == ["  D pays B HK$96", "  A pays B HK$20"]


@pytest.mark.asyncio
async def test_qq_replies_in_cantonese(store) -> None:
    zh: Talk = await opened_table(store, "開枱 A B C D 歡樂")
    # B (南位, not dealing) wins on the dealer A's discard: 22番, A pays 22 × 2 = 44
    assert (await zh("B", f"B 食 A {CAISHEN_HAND}")).splitlines()[0] == "B 食 A：22番"
    # 鳥 二萬 lands on B (一 A, 二 B), the winner: A pays the 44 once more
    assert (await zh("B", "鳥 二萬")).splitlines()[:2] == [
        "鳥 二萬（2，由莊家 A 數起）中 B，佢係食糊嗰個：出銃嘅 A 俾 B 雙倍",
        "A 再俾 B HK$44（由 HK$44 變 HK$88）",
    ]
    assert await zh.owed() == {"A": -88, "B": 88, "C": 0, "D": 0}
    assert await zh("B", "鳥 三萬") == "呢鋪糊已經記咗隻鳥，一鋪得一隻鳥。如果記錯咗隻牌，先 撤銷 佢。"
    assert await zh("B", "B 食 A 一二三四五六七八九萬 東東東 九筒 食 九筒") == (
        "呢鋪邊隻係財神？喺手牌度講，例如 財神 六萬，或者用 規則 財神 六萬 成枱定咗佢。"
    )
    assert await zh("B", "B 食 A 一二三四五六七八九萬 碰六六六筒 東 食 東 財神 六筒") == (
        "財神唔可以用嚟上、碰或者槓（「不可吃碰杠」）：財神要留喺手，照牌面寫。"
    )
    rules = (await zh("A", "規則")).splitlines()
    assert rules[1:4] == [
        "  場 = 大眾場（X = 番 × 中鳥 × 莊家）",
        "  系數 = 1（N：遊戲基數 X 每點幾多錢）",
        "  財神 = 每鋪自己講（財神 六萬）",
    ]


@pytest.mark.asyncio
async def test_a_bird_at_another_game_is_refused_with_its_name(store) -> None:
    tw: Talk = await opened_table(store, "開枱 A B C D 台灣牌", locale="en")
    assert await tw("B", "鳥 三萬") == "Taiwan 16-tile (台灣牌) has no 鳥; /help lists what this table books."
    assert await tw.seq() == 1
